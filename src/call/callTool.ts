import type { ApprovalOwner } from '../confirmations/rememberedApprovals'
// Step 3 of a call (see "How a call flows" in docs/contributing.md):
// the one path every tool call takes. Hooks, argument validation, the
// person's decision, timeout, execute, formatOutput, the output check, then
// the result (step 4, call/resultStep.ts), and the error taxonomy.
// No Vue import: composables hand it the settings read as the call arrived
// (shared/callSettings.ts) and plain functions. Loaded on a page's first tool
// call (registration/loadCallTool.ts), so pages whose tools are never called do
// not ship it at start-up.
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPCallOrigin, WebMCPConfirmationOutcome, WebMCPErrorCode, WebMCPToolAnnotations, WebMCPToolResponse } from '../types'
import type { ToolCallOutcome } from './resultStep'
import { anyMarked } from '../results/anyMarked'
import { isToolResponse } from '../results/isToolResponse'
import { formatProblems } from '../schemas/problems'
import { isErrorLike } from '../shared/errorLike'
import { CodeLoadError, ResultTooLargeError, ToolInputError, ToolOutputError } from '../shared/errors'
import { hint } from '../shared/hints'
import { warnOnce } from '../shared/warn'
import { asksThePerson, whenAsks } from './confirmPolicy'
import { copyArguments, freezeArguments } from './frozenArguments'
import { CallLimits, loadFailure, within } from './loading'
import { confirmationPart } from './parts'
import { asGiven, failed, findMarked, limitOf, loadResultBudget, outcomeOf, shapeOutput, warnOverBudget } from './resultStep'
import { check, unusableSchema } from './validation'

export type { ToolCallOutcome }

/** The code of an Error-like failure by its name: a subclass is caught by `instanceof` first. */
const CODES = new Map<unknown, WebMCPErrorCode>([
  ['ToolInputError', 'INVALID_ARGS'],
  ['ResultTooLargeError', 'OUTPUT_TOO_LARGE'],
  ['TimeoutError', 'TIMEOUT'],
  ['AbortError', 'ABORTED'],
  // The person said no (useWebMCPFormModel's cancel()), as the confirmation step answers.
  ['DeclinedError', 'DECLINED'],
])

/** Maps a failure to its code. Never throws: whatever a tool threw is its own failure. */
export function classifyError(error: unknown): WebMCPErrorCode {
  try {
    // Subclasses keep their parent's code whatever their own name.
    return error instanceof CodeLoadError
      ? 'INTERNAL'
      : error instanceof ToolInputError
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

/** One call of one tool: what it runs and the settings it runs with, read as it arrived. */
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
  /** `options.signal` aborts when the call is cancelled or times out. */
  execute: (args: Args, options: { readonly signal: AbortSignal }) => Result | Promise<Result>
  formatOutput?: (result: Result, args: Args) => unknown
  onError?: (error: unknown) => void
  /** Aborting any of these cancels the call: the caller's signal, the owning scope's. */
  signals: readonly (AbortSignal | undefined)[]
  /** Who started it; a tool's call when absent. */
  origin?: WebMCPCallOrigin
  /** The registration it came through: a remembered approval belongs to it (confirmations/rememberedApprovals.ts). */
  owner?: ApprovalOwner
  /** What an option's ref or getter threw as the call read it, wrapped (a throw may be `undefined`): the call does not run (`unreadableOptions`). */
  unreadable?: [unknown]
}

/** What a call noted on its way for `onToolResult`: the person's decision, when it asked. */
interface CallTrail {
  confirmation?: WebMCPConfirmationOutcome
}

/**
 * Runs one of the page's hooks (`what` names it in the log): a throw, or a
 * promise it returns that rejects, is logged in development and goes no
 * further. A hook is observability; it must never break the call it observes.
 */
export function runHook(what: string, hook: () => unknown): void {
  const report = (error: unknown): void => {
    if (__DEV__)
      console.error(`[vue-webmcp] ${what} threw; the tool call went on.`, error)
  }
  try {
    const returned = hook() as { then?: unknown } | undefined
    if (typeof returned?.then === 'function')
      (returned as PromiseLike<unknown>).then(undefined, report)
  }
  catch (error) {
    report(error)
  }
}

/** Runs one tool call to a valid MCP result. Never rejects. */
export async function runToolCall<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  if (call.unreadable)
    call.settings = plainSettings(call.settings)
  // The app's hooks, read once: a call with neither (the usual case) times nothing and builds no record.
  const { name, settings, settings: { onToolCall, onToolResult } } = call
  // The call's own copy, taken before anything awaits, so what is checked is what `execute` gets; or why it is refused.
  const copied = copyArguments(args, name)
  const origin = call.origin ?? { source: 'tool', caller: 'agent' } as const
  const withArgs = settings.includeArgs === true ? { args } : {}
  const started = onToolResult ? performance.now() : 0
  if (onToolCall)
    runHook('onToolCall', () => onToolCall({ name, ...origin, ...withArgs }))

  const trail: CallTrail = {}
  let outcome: ToolCallOutcome
  try {
    outcome = call.unreadable
      ? unreadableOptions(call as ToolCall<unknown, unknown>)
      : copied.refused ? failed(settings, copied.refused, 'INVALID_ARGS') : await runCall(call, copied.args as Args, trail)
  }
  catch (error) {
    outcome = failed(settings, error, 'INTERNAL')
  }
  const { response, ok, code, error } = outcome
  if (settings.budgets === 'warn')
    warnOverBudget(name, settings, response)
  if (onToolResult) {
    runHook('onToolResult', () => onToolResult({
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
  }
  return outcome
}

/**
 * A call whose options could not be read (a `validateArgs`, `timeoutMs`,
 * `confirm`, schema or annotations ref or getter threw): the page's mistake,
 * not the agent's, so `TOOL_ERROR` with `onError`, and nothing runs.
 */
function unreadableOptions(call: ToolCall<unknown, unknown>): ToolCallOutcome {
  const error = new Error(`Tool "${call.name}" did not run: reading its options threw (${errorText(call.unreadable![0])}). The page must fix the tool; calling it again will not help until then.`, { cause: call.unreadable![0] })
  runHook('onError', () => call.onError?.(error))
  return failed(call.settings, error, 'TOOL_ERROR')
}

/**
 * The settings of a call whose options could not be read: the app's config as
 * the page gave it, whose getters may throw too, read once as a plain copy, or
 * none (the defaults) if reading it throws.
 */
function plainSettings(settings: ToolCallSettings): ToolCallSettings {
  try {
    return { ...settings }
  }
  catch {
    return {} as ToolCallSettings
  }
}

function errorText(failure: unknown): string {
  try {
    return String((failure as Error | null)?.message ?? failure).slice(0, 500)
  }
  catch {
    return 'unknown error'
  }
}

/**
 * Runs a step that may load a part (a check, the confirmation step) `within`
 * the call's limits. It does not start once the call is cancelled, and if it
 * throws after a cancel, the cancel is the answer, as for a step that waited.
 * A part that cannot be loaded is told as `what` (`loadFailure`).
 */
function loaded<T>(step: () => T | Promise<T>, limits: CallLimits, what: string, ran?: boolean): T | Promise<T> {
  limits.check()
  let value: T | Promise<T>
  try {
    value = step()
  }
  catch (error) {
    limits.check()
    throw error
  }
  const bounded = within(value, limits)
  return bounded instanceof Promise ? bounded.catch(loadFailure(what, ran)) : bounded
}

/**
 * The steps of a call, each bounded by the call's limits: the arguments
 * checked (`args`: the call's own copy), the person asked (for a call that
 * asks), `execute`, `formatOutput`, the output check, then the result.
 */
async function runCall<Args, Result>(call: ToolCall<Args, Result>, args: Args, trail: CallTrail): Promise<ToolCallOutcome> {
  const limits = new CallLimits(call as ToolCall<unknown, unknown>)
  try {
    limits.check()
    const limit = limitOf(call.settings)
    // Each step that has nothing to do neither waits nor makes the call's signal.
    if (limit !== undefined)
      await loadResultBudget(call.name, limit, limits.options)
    const unusable = (call.settings.validateArgs && call.inputSchema !== undefined) || call.outputSchema !== undefined
      ? await refuseUnusableSchema(call, limits)
      : undefined
    if (unusable)
      return unusable
    const checked = call.settings.validateArgs && call.inputSchema ? await checkArguments(call, args, limits) : { args }
    if (checked.refused)
      return checked.refused
    if (!asksThePerson(call))
      return await runTool(call, checked.args, limits)
    // A tool that asks runs with one frozen copy of the checked arguments, the
    // one `when` sees and the person is shown. `when` is read here: a call it
    // lets through never waits for the confirmation step (call/confirm.ts),
    // which loads only for a call that asks, after the check, so wrong
    // arguments are told as such whatever that load does.
    const frozen = freezeArguments(checked.args)
    if (whenAsks(call, frozen.run)) {
      const refused = await askThePerson(call, frozen.shown, trail, limits)
      if (refused)
        return refused
    }
    return await runTool(call, frozen.run as Args, limits)
  }
  catch (error) {
    const code = classifyError(error)
    if (code === 'TOOL_ERROR' || code === 'INVALID_ARGS' || code === 'INVALID_OUTPUT')
      runHook('onError', () => call.onError?.(error))
    return failed(call.settings, error, code)
  }
  finally {
    limits.release()
  }
}

/**
 * A JSON Schema the validator cannot enforce (production builds check it on
 * the first call, development builds at setup) refuses the call before
 * anything runs: `INTERNAL`, naming the problem, since the page must fix it.
 */
async function refuseUnusableSchema<Args, Result>(call: ToolCall<Args, Result>, limits: CallLimits): Promise<ToolCallOutcome | undefined> {
  const what = `Tool "${call.name}" did not run: the code that checks its schema could not be loaded`
  const unusable = (call.settings.validateArgs ? await loaded(() => unusableSchema(call.name, 'input', call.inputSchema), limits, what) : null)
    ?? await loaded(() => unusableSchema(call.name, 'output', call.outputSchema), limits, what)
  return unusable ? failed(call.settings, unusable, 'INTERNAL') : undefined
}

/**
 * The arguments `execute` gets: a Standard Schema's output (transforms,
 * defaults), or them as they are; or, when they fail the schema, the
 * `INVALID_ARGS` outcome (no `onError`: the agent's mistake, explained to it).
 * A refinement that throws fails the call like `execute` throwing: `TOOL_ERROR`
 * with `onError`, or `INVALID_ARGS` for a `ToolInputError`.
 */
type CheckedArguments<Args> = { args: Args, refused?: undefined } | { refused: ToolCallOutcome }

async function checkArguments<Args, Result>(call: ToolCall<Args, Result>, args: Args, limits: CallLimits): Promise<CheckedArguments<Args>> {
  if (!call.settings.validateArgs || !call.inputSchema)
    return { args }
  const checked = await loaded(() => check(call.inputSchema, args), limits, `Tool "${call.name}" did not run: the code that checks its arguments could not be loaded`)
  if (!checked.problems)
    return { args: checked.value as Args }
  const heading = `Invalid arguments for tool "${call.name}":\n`
  const error = new ToolInputError(heading + formatProblems(checked.problems))
  return { refused: failed(call.settings, error, 'INVALID_ARGS', new ToolInputError(heading + formatProblems(checked.told))) }
}

/** The confirmation step (call/confirm.ts), loaded for a tool that asks, kept once loaded. */
async function loadConfirmation(name: string, limits: CallLimits): Promise<typeof import('./confirm')> {
  return confirmationPart.value ?? await loaded(confirmationPart.load, limits, `Tool "${name}" did not run: the code that asks the person could not be loaded`)
}

/**
 * The person's decision, for a call that asks: the outcome of a call that does
 * not run, else undefined. Loads the confirmation step (call/confirm.ts),
 * which skips a tool they approved for the page. The wait is bounded by the
 * call's signals, which withdraw the request; the timer pauses meanwhile.
 */
async function askThePerson<Args, Result>(
  call: ToolCall<Args, Result>,
  shown: unknown,
  trail: CallTrail,
  limits: CallLimits,
): Promise<ToolCallOutcome | undefined> {
  const confirmation = await loadConfirmation(call.name, limits)
  const { rule, step } = confirmation.confirmStep(call)!
  if (step === 'remembered') {
    trail.confirmation = { decision: 'approved', ms: 0, remembered: true }
    return undefined
  }
  limits.pauseTimer()
  const decided = await confirmation.confirmCall(call, shown, rule)
  limits.resumeTimer()
  trail.confirmation = decided?.outcome
  return decided?.error ? failed(call.settings, decided.error, decided.code!) : undefined
}

/** `execute`, `formatOutput` and the output check, each within the call's limits; then the result. */
async function runTool<Args, Result>(call: ToolCall<Args, Result>, args: Args, limits: CallLimits): Promise<ToolCallOutcome> {
  // A pending result races the signal: a cancel or timeout answers the
  // caller at once, whether or not `execute` honours its signal.
  limits.check()
  const result = await within(call.execute(args, limits.options), limits)
  // An async formatOutput is awaited like execute.
  const output = call.formatOutput ? await within(call.formatOutput(result, args) as unknown, limits) : result
  // A returned Error is a failure like a thrown one.
  if (isErrorLike(output))
    throw output
  const hasOutputSchema = call.outputSchema !== undefined
  const marked = anyMarked() ? await findMarked(call.name, output, limits.options) : undefined
  if (marked)
    warnUnhinted(call)
  // The schema checks marked values as given.
  const mismatch = hasOutputSchema ? await checkOutput(call, marked ? asGiven(marked) : output, limits) : undefined
  return mismatch ?? outcomeOf(shapeOutput(output, marked, { limit: limitOf(call.settings), structured: hasOutputSchema }))
}

/** Development builds: a tool that returns third-party content should say so when it registers. */
function warnUnhinted<Args, Result>(call: ToolCall<Args, Result>): void {
  if (__DEV__ && !hint(call.annotations, 'untrustedContentHint') && call.origin?.source !== 'form')
    (call.settings.warn ?? warnOnce)(`Tool "${call.name}" returned untrusted() content but is not registered with annotations: { untrustedContentHint: true }. Set it, so agents know before they call it.`)
}

/**
 * Checks a result against the tool's `outputSchema`: a returned MCP result by
 * its `structuredContent`; one marked `isError` is the tool's own failure and
 * goes as it is. A mismatch is the `INVALID_OUTPUT` outcome, with a
 * `ToolOutputError` for `onError`: the page broke its own promise, and the
 * agent must not reason over a result the schema does not describe. The agent
 * reads the first problems, never the data (`onError` gets the schema
 * library's own messages).
 */
async function checkOutput<Args, Result>(call: ToolCall<Args, Result>, value: unknown, limits: CallLimits): Promise<ToolCallOutcome | undefined> {
  const response = isToolResponse(value) ? value : undefined
  if (response?.isError === true)
    return undefined
  const data = response ? response.structuredContent : value
  const checked = await loaded(() => check(call.outputSchema, data, true), limits, `Tool "${call.name}" ran, but the code that checks its result could not be loaded`, true)
  if (!checked.problems)
    return undefined
  const heading = `Tool "${call.name}" returned a result that does not match its output schema:\n`
  const error = new ToolOutputError(heading + formatProblems(checked.problems.slice(0, 5), '(result)'))
  if (__DEV__)
    (call.settings.warn ?? warnOnce)(`${error.message}\nThe agent got an INVALID_OUTPUT error instead of the result.`)
  runHook('onError', () => call.onError?.(error))
  return failed(call.settings, error, 'INVALID_OUTPUT', new ToolOutputError(heading + formatProblems(checked.told.slice(0, 5), '(result)')))
}
