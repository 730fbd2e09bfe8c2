// The one path every tool call takes: hooks, argument validation, timeout,
// execute, formatOutput, normalization, result budget, error taxonomy.
// No Vue import: composables hand it plain settings and functions.
import type { WebMCPToolResponse } from '../types'
import { budgetResult, ResultTooLargeError } from './budgets'
import { isDev } from './env'
import { isErrorLike, toErrorResponse, toToolResponse } from './normalize'
import { formatProblems, validateArgs } from './validate'

/**
 * Stable codes for why a call failed, found in `result._meta['vue-webmcp/code']`
 * and in `onToolResult` events.
 */
export type WebMCPErrorCode =
  /** The arguments do not match the schema, or the tool threw a `ToolInputError`. Fix the call. */
  | 'INVALID_ARGS'
  /** The tool ran longer than its `timeoutMs`. Retry later or ask for less. */
  | 'TIMEOUT'
  /** The caller cancelled, or the component that owns the tool went away. */
  | 'ABORTED'
  /** The result was over the budget and could not be cut safely. Ask for less. */
  | 'OUTPUT_TOO_LARGE'
  /** `execute` threw or returned an error. */
  | 'TOOL_ERROR'
  /** vue-webmcp itself failed. A bug: please report it. */
  | 'INTERNAL'

/** Where a failure's code sits in the result: `_meta`, which MCP reserves for metadata. */
export const ERROR_CODE_KEY = 'vue-webmcp/code'

/**
 * Throw from `execute` to report a bad argument the schema cannot express
 * ("that date is in the past"). The agent gets an `INVALID_ARGS` result with
 * this message, kept apart from real failures.
 */
export class ToolInputError extends Error {
  override name = 'ToolInputError'
}

/** Maps a failure to its code. */
export function classifyError(error: unknown): WebMCPErrorCode {
  if (error instanceof ToolInputError || (isErrorLike(error) && error.name === 'ToolInputError'))
    return 'INVALID_ARGS'
  if (error instanceof ResultTooLargeError)
    return 'OUTPUT_TOO_LARGE'
  if (isErrorLike(error) && error.name === 'TimeoutError')
    return 'TIMEOUT'
  if (isErrorLike(error) && error.name === 'AbortError')
    return 'ABORTED'
  return 'TOOL_ERROR'
}

/** An `isError` result carrying its code. */
export function errorResult(error: unknown, code: WebMCPErrorCode = classifyError(error)): WebMCPToolResponse {
  const response = toErrorResponse(error)
  response._meta = { [ERROR_CODE_KEY]: code }
  return response
}

export interface ToolCallEvent {
  name: string
  args?: unknown
}

export interface ToolResultEvent {
  name: string
  ok: boolean
  ms: number
  response: WebMCPToolResponse
  /** Why the call failed, when it did. */
  code?: WebMCPErrorCode
  error?: unknown
  args?: unknown
}

export type BudgetMode = 'warn' | 'error' | false

/** Everything `invokeTool` needs, resolved by the composable when the tool is set up. */
export interface ToolCallSettings {
  budgets: BudgetMode
  resultLimit: number
  includeArgs: boolean
  validate: boolean
  timeoutMs?: number
  onToolCall?: (event: ToolCallEvent) => void
  onToolResult?: (event: ToolResultEvent) => void
  /** Reports a result over budget in `'warn'` mode. */
  warn?: (message: string) => void
}

export interface ToolCall<Args, Result> {
  name: string
  settings: ToolCallSettings
  inputSchema?: unknown
  execute: (args: Args, signal: AbortSignal) => Result | Promise<Result>
  formatOutput?: (result: Result, args: Args) => unknown
  onError?: (error: unknown) => void
  /** Aborting any of these cancels the call: the caller's signal, the owning scope's. */
  signals: readonly (AbortSignal | undefined)[]
}

export interface ToolCallOutcome {
  response: WebMCPToolResponse
  ok: boolean
  code?: WebMCPErrorCode
  error?: unknown
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now())

function safely(hook: (() => void) | undefined, what: string): void {
  try {
    hook?.()
  }
  catch (error) {
    // A hook is observability; it must never break the call it observes.
    if (isDev)
      console.error(`[vue-webmcp] ${what} threw; the tool call went on.`, error)
  }
}

/** Runs one tool call to a valid MCP result. Never rejects. */
export async function invokeTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  const { name, settings } = call
  const started = now()
  const withArgs = settings.includeArgs ? { args } : {}
  safely(settings.onToolCall && (() => settings.onToolCall!({ name, ...withArgs })), 'onToolCall')

  let outcome: ToolCallOutcome
  try {
    outcome = await run(call, args)
  }
  catch (error) {
    outcome = { response: errorResult(error, 'INTERNAL'), ok: false, code: 'INTERNAL', error }
  }
  const { response, ok, code, error } = outcome
  safely(settings.onToolResult && (() => settings.onToolResult!({
    name,
    ok,
    ms: now() - started,
    response,
    ...(code ? { code } : {}),
    ...(error !== undefined ? { error } : {}),
    ...withArgs,
  })), 'onToolResult')
  return outcome
}

async function run<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  const { settings } = call
  if (settings.validate && call.inputSchema) {
    const problems = validateArgs(args, call.inputSchema)
    if (problems.length) {
      const error = new ToolInputError(`Invalid arguments for tool "${call.name}":\n${formatProblems(problems)}`)
      return { response: errorResult(error, 'INVALID_ARGS'), ok: false, code: 'INVALID_ARGS', error }
    }
  }

  const controller = new AbortController()
  const cleanups: (() => void)[] = []
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  aborted.catch(() => {})
  for (const signal of call.signals) {
    if (!signal)
      continue
    if (signal.aborted) {
      controller.abort(signal.reason)
      break
    }
    const forward = () => controller.abort(signal.reason)
    signal.addEventListener('abort', forward, { once: true })
    cleanups.push(() => signal.removeEventListener('abort', forward))
  }
  if (settings.timeoutMs !== undefined && settings.timeoutMs > 0 && Number.isFinite(settings.timeoutMs)) {
    const ms = settings.timeoutMs
    const timer = setTimeout(() => controller.abort(
      new DOMException(`Tool "${call.name}" timed out after ${ms} ms.`, 'TimeoutError'),
    ), ms)
    cleanups.push(() => clearTimeout(timer))
  }

  try {
    if (controller.signal.aborted)
      throw controller.signal.reason
    const result = await Promise.race([
      Promise.resolve().then(() => call.execute(args, controller.signal)),
      aborted,
    ])
    const shaped = call.formatOutput ? call.formatOutput(result, args) : result
    // A returned Error is a failure like a thrown one.
    if (isErrorLike(shaped))
      throw shaped
    const normalized = toToolResponse(shaped)
    if (normalized.isError === true)
      return { response: normalized, ok: false, code: 'TOOL_ERROR' }
    return budget(call, shaped, normalized)
  }
  catch (error) {
    const code = classifyError(error)
    if (code === 'TOOL_ERROR' || code === 'INVALID_ARGS')
      safely(call.onError && (() => call.onError!(error)), 'onError')
    return { response: errorResult(error, code), ok: false, code, error }
  }
  finally {
    for (const cleanup of cleanups)
      cleanup()
  }
}

function budget<Args, Result>(call: ToolCall<Args, Result>, value: unknown, response: WebMCPToolResponse): ToolCallOutcome {
  const { settings } = call
  if (settings.budgets === false)
    return { response, ok: true }
  const budgeted = budgetResult(value, response, settings.resultLimit)
  if (settings.budgets === 'warn') {
    if (budgeted.size > settings.resultLimit)
      settings.warn?.(`Tool "${call.name}": the result is ${budgeted.size} characters, over Chrome's budget of ${settings.resultLimit}. Return less, or set budgets: 'error' to cut or refuse it.`)
    return { response, ok: true }
  }
  if (budgeted.error) {
    const refused = budgeted.response
    refused._meta = { [ERROR_CODE_KEY]: 'OUTPUT_TOO_LARGE' }
    return { response: refused, ok: false, code: 'OUTPUT_TOO_LARGE', error: budgeted.error }
  }
  return { response: budgeted.response, ok: true }
}
