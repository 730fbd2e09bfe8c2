import type { ToolCallSettings } from '../shared/callSettings'
// Step 3 of a call (see "How a call flows" in docs/contributing.md):
// the one path every tool call takes. Hooks, argument validation, timeout,
// execute, formatOutput, then normalization and the result budget (step 4,
// results/resultBudgets.ts and results/normalize.ts), and the error taxonomy.
// No Vue import: composables hand it a settings object resolved at setup
// (shared/callSettings.ts) and plain functions. Loaded on a page's first tool
// call (registration/loadCallTool.ts), so pages whose tools are never called do
// not ship it at start-up.
import type { WebMCPCallOrigin, WebMCPConfirmationOutcome, WebMCPErrorCode, WebMCPToolAnnotations, WebMCPToolResponse } from '../types'
import { isToolResponse } from '../results/isToolResponse'
import { toToolResponse } from '../results/normalize'
import { budgetResult, errorResult, resultSize } from '../results/resultBudgets'
import { isObject, safeStringify } from '../results/serialize'
import { isErrorLike } from '../shared/errorLike'
import { ResultTooLargeError, ToolInputError, ToolOutputError } from '../shared/errors'
import { resultLimitSetting } from '../shared/limits'
import { warnOnce } from '../shared/warn'
import { check, formatProblems, unusableSchema } from './validation'

/** The code of an Error-like failure by its name: a subclass is caught by `instanceof` first. */
const CODES = new Map<unknown, WebMCPErrorCode>([
  ['ToolInputError', 'INVALID_ARGS'],
  ['ResultTooLargeError', 'OUTPUT_TOO_LARGE'],
  ['TimeoutError', 'TIMEOUT'],
  ['AbortError', 'ABORTED'],
])

/** Maps a failure to its code. Never throws: whatever a tool threw is its own failure. */
export function classifyError(error: unknown): WebMCPErrorCode {
  try {
    // Subclasses keep their parent's code whatever their own name.
    return error instanceof ToolInputError
      ? 'INVALID_ARGS'
      : error instanceof ResultTooLargeError
        ? 'OUTPUT_TOO_LARGE'
        : error instanceof ToolOutputError
          ? 'INVALID_OUTPUT'
          : (isErrorLike(error) && CODES.get(error.name)) || 'TOOL_ERROR'
  }
  catch {
    return 'TOOL_ERROR' // a revoked Proxy, a throwing `name` getter
  }
}

/** One call of one tool: what it runs and the settings its tool was set up with. */
export interface ToolCall<Args, Result> {
  name: string
  settings: ToolCallSettings
  /** A JSON Schema, or a Standard Schema whose output `execute` receives. */
  inputSchema?: unknown
  /** What a confirmation shows the person (call/confirm.ts); `consequentialHint` asks by default. */
  title?: string
  description?: string
  annotations?: WebMCPToolAnnotations
  /** A JSON Schema or a Standard Schema a successful result must match; it is then sent as `structuredContent`. */
  outputSchema?: unknown
  execute: (args: Args, signal: AbortSignal) => Result | Promise<Result>
  formatOutput?: (result: Result, args: Args) => unknown
  onError?: (error: unknown) => void
  /** Aborting any of these cancels the call: the caller's signal, the owning scope's. */
  signals: readonly (AbortSignal | undefined)[]
  /** Who started it; a tool's call when absent. */
  origin?: WebMCPCallOrigin
}

/** What a call ends with: the agent's result, and for the hooks and forms whether and why it failed. */
export interface ToolCallOutcome {
  response: WebMCPToolResponse
  ok: boolean
  code?: WebMCPErrorCode
  error?: unknown
}

/** What a call noted on its way for `onToolResult`: the person's decision, when it asked. */
interface CallTrail {
  confirmation?: WebMCPConfirmationOutcome
}

/**
 * Runs the hook `owner[what]`, when set, with what `arg` builds; a throw, or a
 * promise it returns that rejects, is logged in development and goes no further.
 */
function safely<K extends string>(owner: { [k in K]?: (arg: never) => unknown }, what: K, arg: () => unknown): void {
  // A hook is observability; it must never break the call it observes.
  const report = (error: unknown): void => {
    if (__DEV__)
      console.error(`[vue-webmcp] ${what} threw; the tool call went on.`, error)
  }
  try {
    const returned = owner[what]?.(arg() as never) as { then?: unknown } | undefined
    if (typeof returned?.then === 'function')
      (returned as PromiseLike<unknown>).then(undefined, report)
  }
  catch (error) {
    report(error)
  }
}

/** The longest delay a browser timer holds (2^31-1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1

/**
 * `timeoutMs` as the call path uses it. Unset, `0` or `Infinity`: no time limit.
 * Above `MAX_TIMEOUT_MS`: clamped to it. Negative, `NaN` or not a number: a
 * mistake, reported in development; the call runs without a time limit.
 */
export function timeoutSetting(ms: unknown, warn: (message: string) => void = warnOnce): number | undefined {
  if (typeof ms === 'number' && ms > 0)
    return ms < Infinity ? Math.min(ms, MAX_TIMEOUT_MS) : undefined
  if (__DEV__ && ms !== undefined && ms !== 0)
    warn(`timeoutMs must be a positive number of milliseconds (0 or Infinity for none); got ${String(ms)}. The tool runs without a time limit.`)
}

/**
 * Whether a call waits for the person: the tool's own `confirm`, else its
 * group's (`false` never, `true` or a function always), else when annotated
 * `consequentialHint: true` (call/confirm.ts then checks the page can ask).
 */
function asksConfirmation(call: Pick<ToolCall<unknown, unknown>, 'settings' | 'annotations'>): boolean {
  const [own, group] = call.settings.confirms ?? []
  const choice = own ?? group
  return choice === undefined ? call.annotations?.consequentialHint === true : choice !== false
}

/** Runs one tool call to a valid MCP result. Never rejects. */
export async function callTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  const { name, settings } = call
  // Every browser and Node from 16 (the package needs 20.19) has `performance`.
  const started = performance.now()
  const withArgs = settings.includeArgs === true ? { args } : {}
  const origin = call.origin ?? { source: 'tool', caller: 'agent' }
  safely(settings, 'onToolCall', () => ({ name, ...origin, ...withArgs }))

  let outcome: ToolCallOutcome
  const trail: CallTrail = {}
  try {
    outcome = await run(call, args, trail)
  }
  catch (error) {
    outcome = failed(settings, error, 'INTERNAL')
  }
  const { response, ok, code, error } = outcome
  if (settings.budgets === 'warn')
    warnOverBudget(name, settings, response)
  safely(settings, 'onToolResult', () => ({
    name,
    ...origin,
    ok,
    ms: performance.now() - started,
    // A copy: what the hook does with it cannot change what the agent receives.
    response: JSON.parse(JSON.stringify(response)) as WebMCPToolResponse,
    ...(code ? { code } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(trail.confirmation ? { confirmation: trail.confirmation } : {}),
    ...withArgs,
  }))
  return outcome
}

let confirmer: typeof import('./confirm') | undefined

function resultLimitOf(settings: ToolCallSettings): number {
  return resultLimitSetting(settings.limits?.result, settings.warn)
}

/** The budget every result and failure is held to, in `'error'` mode only. */
function limitOf(settings: ToolCallSettings): number | undefined {
  return settings.budgets === 'error' ? resultLimitOf(settings) : undefined
}

/** A failed call: the agent's `isError` result with its code, within budget in `'error'` mode. */
function failed(settings: ToolCallSettings, error: unknown, code: WebMCPErrorCode): ToolCallOutcome {
  return { response: errorResult(error, code, limitOf(settings)), ok: false, code, error }
}

/** `'warn'` mode: one warning when what the agent receives is over budget, success or failure alike. */
function warnOverBudget(name: string, settings: ToolCallSettings, response: WebMCPToolResponse): void {
  const size = resultSize(response)
  const limit = resultLimitOf(settings)
  if (size > limit)
    (settings.warn ?? warnOnce)(`Tool "${name}": the result is ${size} characters, over Chrome's budget of ${limit}. Return less, or set budgets: 'error' to cut or refuse it.`)
}

/** Awaits a promise-like value, racing the call's signal: a cancel or timeout answers at once. */
async function settle<T>(value: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (typeof (value as { then?: unknown } | null)?.then !== 'function')
    return value
  return Promise.race([value, new Promise<never>((_, reject) => {
    if (signal.aborted)
      reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })])
}

async function run<Args, Result>(call: ToolCall<Args, Result>, args: Args, trail: CallTrail): Promise<ToolCallOutcome> {
  const { settings } = call
  // A schema the validator cannot enforce refuses the call before anything runs.
  const unusable = (settings.validateArgs ? await unusableSchema(call.name, 'input', call.inputSchema) : null)
    ?? await unusableSchema(call.name, 'output', call.outputSchema)
  if (unusable)
    return failed(settings, unusable, 'INTERNAL')
  if (settings.validateArgs && call.inputSchema) {
    // The validator loads with the first call of a tool that has a schema; a
    // Standard Schema's output (transforms, defaults) is what `execute` gets.
    const checked = await check(call.inputSchema, args)
    if (checked.problems) {
      return failed(settings, new ToolInputError(`Invalid arguments for tool "${call.name}":\n${formatProblems(checked.problems)}`), 'INVALID_ARGS')
    }
    args = checked.value as Args
  }

  // The person's decision, for a tool that asks (call/confirm.ts, loaded then).
  // Before the time limit starts: `timeoutMs` bounds the tool's work, not the person.
  if (asksConfirmation(call)) {
    const { confirmCall } = confirmer ?? (confirmer = await import('./confirm'))
    const confirmation = await confirmCall(call, args)
    trail.confirmation = confirmation?.outcome
    if (confirmation?.error)
      return failed(settings, confirmation.error, confirmation.code!)
  }

  const controller = new AbortController()
  const { signal } = controller
  // Aborted when the call ends: removes the listeners below.
  const done = new AbortController()
  for (const source of call.signals) {
    if (source?.aborted) {
      controller.abort(source.reason)
      break
    }
    source?.addEventListener('abort', () => controller.abort(source.reason), { once: true, signal: done.signal })
  }
  const ms = timeoutSetting(settings.timeoutMs, settings.warn)
  const timer = ms && setTimeout(() => controller.abort(
    new DOMException(`Tool "${call.name}" timed out after ${ms} ms.`, 'TimeoutError'),
  ), ms)

  try {
    if (signal.aborted)
      throw signal.reason
    // A pending result races the signal: a cancel or timeout answers the
    // caller at once, whether or not `execute` honours its signal.
    const result = await settle(call.execute(args, signal), signal)
    // An async formatOutput is awaited like execute.
    const shaped = call.formatOutput ? await settle(call.formatOutput(result, args) as unknown, signal) : result
    // A returned Error is a failure like a thrown one.
    if (isErrorLike(shaped))
      throw shaped
    const whole = call.outputSchema !== undefined
    return budget(call, whole ? await structured(call, shaped) : shaped, whole)
  }
  catch (error) {
    const code = classifyError(error)
    if (code === 'TOOL_ERROR' || code === 'INVALID_ARGS' || code === 'INVALID_OUTPUT')
      safely(call, 'onError', () => error)
    return failed(settings, error, code)
  }
  finally {
    done.abort()
    clearTimeout(timer)
  }
}

/**
 * A result checked against the tool's `outputSchema` and sent as MCP sends a
 * result with one: the object as `structuredContent`, its JSON as the text
 * block for clients that read only text. A returned MCP result is checked by
 * its `structuredContent`; one marked `isError` is the tool's own failure and
 * goes as it is. A mismatch throws a `ToolOutputError` naming the first
 * problems, never the data: the page broke its own promise, and the agent
 * must not reason over a result the schema does not describe.
 */
async function structured<Args, Result>(call: ToolCall<Args, Result>, value: unknown): Promise<unknown> {
  const response = isToolResponse(value) ? value : undefined
  if (response?.isError === true)
    return value
  const data = response ? response.structuredContent : value
  const checked = await check(call.outputSchema, data)
  if (checked.problems) {
    const error = new ToolOutputError(`Tool "${call.name}" returned a result that does not match its output schema:\n${formatProblems(checked.problems.slice(0, 5), '(result)')}`)
    if (__DEV__)
      (call.settings.warn ?? warnOnce)(`${error.message}\nThe agent got an INVALID_OUTPUT error instead of the result.`)
    throw error
  }
  if (response || !isObject(data) || Array.isArray(data))
    return value
  return { content: [{ type: 'text', text: safeStringify(data) ?? '' }], structuredContent: data }
}

/**
 * Normalizes a result and, in `'error'` mode, keeps it within budget. A
 * returned `isError` result is the tool's own failure. `whole`: a tool with an
 * `outputSchema`, whose result is refused over the budget rather than
 * shortened, since a shortened field could break the schema the agent was promised.
 */
function budget<Args, Result>(call: ToolCall<Args, Result>, value: unknown, whole: boolean): ToolCallOutcome {
  const limit = limitOf(call.settings)
  const { response, error } = limit === undefined ? { response: toToolResponse(value) } : budgetResult(value, limit, whole)
  if (error)
    return { response, ok: false, code: 'OUTPUT_TOO_LARGE', error }
  return response.isError ? { response, ok: false, code: 'TOOL_ERROR' } : { response, ok: true }
}
