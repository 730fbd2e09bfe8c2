// Step 3 of a call (see "How a call flows" in docs/contributing.md):
// the one path every tool call takes. Hooks, argument validation, the
// person's decision, timeout, execute, formatOutput, the output check, then
// the result (step 4, results/index.ts), and the error taxonomy.
// No Vue import: composables hand it a settings object resolved at setup
// (shared/callSettings.ts) and plain functions. Loaded on a page's first tool
// call (registration/loadCallTool.ts), so pages whose tools are never called do
// not ship it at start-up.
import type { BudgetedResponse } from '../results'
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPCallOrigin, WebMCPConfirmationOutcome, WebMCPErrorCode, WebMCPToolAnnotations, WebMCPToolResponse } from '../types'
import { errorResult, resultSize, shapeResult } from '../results'
import { isToolResponse } from '../results/isToolResponse'
import { isErrorLike } from '../shared/errorLike'
import { ResultTooLargeError, ToolInputError, ToolOutputError } from '../shared/errors'
import { resultLimitSetting } from '../shared/limits'
import { warnOnce } from '../shared/warn'
import { check, formatProblems } from './validation'

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

  const trail: CallTrail = {}
  let outcome: ToolCallOutcome
  try {
    outcome = await runCall(call, args, trail)
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

/** Awaits a value that may be a promise, racing the call's signal: a cancel or timeout answers at once. */
async function raceSignal<T>(value: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (typeof (value as { then?: unknown } | null)?.then !== 'function')
    return value
  return Promise.race([value, new Promise<never>((_, reject) => {
    if (signal.aborted)
      reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })])
}

/** The steps of a call: the arguments checked, the person asked (for a tool that asks), then the tool run. */
async function runCall<Args, Result>(call: ToolCall<Args, Result>, args: Args, trail: CallTrail): Promise<ToolCallOutcome> {
  const { settings } = call
  if (settings.validateArgs && call.inputSchema) {
    // The validator loads with the first call of a tool that has a schema; a
    // Standard Schema's output (transforms, defaults) is what `execute` gets.
    const checked = await check(call.inputSchema, args)
    if (checked.problems)
      return failed(settings, new ToolInputError(`Invalid arguments for tool "${call.name}":\n${formatProblems(checked.problems)}`), 'INVALID_ARGS')
    args = checked.value as Args
  }
  // Before the time limit starts: `timeoutMs` bounds the tool's work, not the person.
  if (asksConfirmation(call)) {
    const refused = await askThePerson(call, args, trail)
    if (refused)
      return refused
  }
  return runTool(call, args)
}

/** The person's decision (call/confirm.ts, loaded then): the outcome of a call that does not run, else undefined. */
async function askThePerson<Args, Result>(call: ToolCall<Args, Result>, args: Args, trail: CallTrail): Promise<ToolCallOutcome | undefined> {
  const { confirmCall } = confirmer ?? (confirmer = await import('./confirm'))
  const confirmation = await confirmCall(call, args)
  trail.confirmation = confirmation?.outcome
  return confirmation?.error ? failed(call.settings, confirmation.error, confirmation.code!) : undefined
}

/**
 * The signal `execute` gets: aborted by any of the call's signals or by the
 * timeout. `release` removes the listeners and the timer once the call ends.
 */
function callSignal(call: ToolCall<unknown, unknown>): { signal: AbortSignal, release: () => void } {
  const controller = new AbortController()
  const listening = new AbortController()
  for (const source of call.signals) {
    if (source?.aborted) {
      controller.abort(source.reason)
      break
    }
    source?.addEventListener('abort', () => controller.abort(source.reason), { once: true, signal: listening.signal })
  }
  const ms = timeoutSetting(call.settings.timeoutMs, call.settings.warn)
  const timer = ms && setTimeout(() => controller.abort(
    new DOMException(`Tool "${call.name}" timed out after ${ms} ms.`, 'TimeoutError'),
  ), ms)
  return {
    signal: controller.signal,
    release: () => {
      listening.abort()
      clearTimeout(timer)
    },
  }
}

/** `execute`, `formatOutput` and the output check, within the call's signal; then the result. */
async function runTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  const { signal, release } = callSignal(call as ToolCall<unknown, unknown>)
  try {
    if (signal.aborted)
      throw signal.reason
    // A pending result races the signal: a cancel or timeout answers the
    // caller at once, whether or not `execute` honours its signal.
    const result = await raceSignal(call.execute(args, signal), signal)
    // An async formatOutput is awaited like execute.
    const output = call.formatOutput ? await raceSignal(call.formatOutput(result, args) as unknown, signal) : result
    // A returned Error is a failure like a thrown one.
    if (isErrorLike(output))
      throw output
    const hasOutputSchema = call.outputSchema !== undefined
    if (hasOutputSchema)
      await checkOutput(call, output)
    return outcomeOf(shapeResult(output, { limit: limitOf(call.settings), structured: hasOutputSchema }))
  }
  catch (error) {
    const code = classifyError(error)
    if (code === 'TOOL_ERROR' || code === 'INVALID_ARGS' || code === 'INVALID_OUTPUT')
      safely(call, 'onError', () => error)
    return failed(call.settings, error, code)
  }
  finally {
    release()
  }
}

/**
 * Checks a result against the tool's `outputSchema`: a returned MCP result by
 * its `structuredContent`; one marked `isError` is the tool's own failure and
 * goes as it is. A mismatch throws a `ToolOutputError` naming the first
 * problems, never the data: the page broke its own promise, and the agent
 * must not reason over a result the schema does not describe.
 */
async function checkOutput<Args, Result>(call: ToolCall<Args, Result>, value: unknown): Promise<void> {
  const response = isToolResponse(value) ? value : undefined
  if (response?.isError === true)
    return
  const checked = await check(call.outputSchema, response ? response.structuredContent : value)
  if (checked.problems) {
    const error = new ToolOutputError(`Tool "${call.name}" returned a result that does not match its output schema:\n${formatProblems(checked.problems.slice(0, 5), '(result)')}`)
    if (__DEV__)
      (call.settings.warn ?? warnOnce)(`${error.message}\nThe agent got an INVALID_OUTPUT error instead of the result.`)
    throw error
  }
}

/** The outcome of a shaped result: refused over budget, the tool's own `isError` result, or a success. */
function outcomeOf({ response, error }: BudgetedResponse): ToolCallOutcome {
  if (error)
    return { response, ok: false, code: 'OUTPUT_TOO_LARGE', error }
  return response.isError ? { response, ok: false, code: 'TOOL_ERROR' } : { response, ok: true }
}
