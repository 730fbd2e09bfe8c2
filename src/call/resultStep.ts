// Step 4 of a call (see "How a call flows" in docs/contributing.md): what a
// tool returned, made the result the agent receives. Two parts load only for
// pages that need them (call/parts.ts): the result budget of `'error'` mode
// (call/budgets.ts, before the tool runs) and the marking of values the tool
// returned `untrusted()` (results/untrusted.ts, once the page has marked one,
// or ahead of it for a tool hinted `untrustedContentHint`). No Vue import.
import type { BudgetedResponse } from '../results/resultBudgets'
import type { FoundUntrusted } from '../results/untrusted'
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPErrorCode, WebMCPToolResponse } from '../types'
import { errorResult, resultSize, shapeResult } from '../results'
import { anyMarked } from '../results/anyMarked'
import { resultLimitSetting } from '../shared/limits'
import { warnOnce } from '../shared/warn'
import { loadFailure, raceSignal } from './loading'
import { budgetPart, markingPart } from './parts'

/**
 * `'error'` mode: the result budget (call/budgets.ts), loaded before the tool
 * runs, so a result is never lost to a load that fails after it ran.
 */
export async function loadResultBudget(name: string, limit: number | undefined, bound: { readonly signal: AbortSignal }): Promise<void> {
  if (limit === undefined || budgetPart.value)
    return
  await raceSignal(budgetPart.load(), bound)
    .catch(loadFailure(`Tool "${name}" did not run: the code that holds its result to the budget could not be loaded`))
}

/**
 * The values the tool marked `untrusted()` in its result, or undefined. The
 * code that finds and marks them (results/untrusted.ts) loads once the page
 * has marked a value: a page that never does never loads it.
 */
export async function findMarked(name: string, output: unknown, bound: { readonly signal: AbortSignal }): Promise<FoundUntrusted | undefined> {
  if (!anyMarked())
    return undefined
  const marking = markingPart.value ?? await raceSignal(markingPart.load(), bound)
    .catch(loadFailure(`Tool "${name}" ran, but the code that marks its result could not be loaded`, true))
  return marking.findUntrusted(output)
}

/** The result as the tool meant it, each marked value as given: what an `outputSchema` checks. */
export function asGiven(marked: FoundUntrusted): unknown {
  return markingPart.value!.unmarked(marked)
}

/**
 * The result the agent receives (results/): normalized, and with a `limit`
 * (`'error'` mode) held to it by the budget loaded before the tool ran. A result
 * with marked values is marked first, fitted to the budget inside its
 * delimiters, then only measured, never cut further, so no cut can leave a
 * delimiter open or drop the note. `structured`: the tool has an `outputSchema`.
 */
export function shapeOutput(output: unknown, marked: FoundUntrusted | undefined, shape: { limit?: number, structured: boolean }): BudgetedResponse {
  const { limit, structured } = shape
  const value = marked ? markingPart.value!.markUntrusted(marked, { limit, structured }) : output
  const measuredOnly = structured || marked !== undefined
  return limit === undefined ? { response: shapeResult(value, measuredOnly) } : budgetPart.value!.shapeWithinBudget(value, limit, measuredOnly)
}

/** What a call ends with: the agent's result, and for the hooks and forms whether and why it failed. */
export interface ToolCallOutcome {
  response: WebMCPToolResponse
  ok: boolean
  code?: WebMCPErrorCode
  error?: unknown
}

function resultLimitOf(settings: ToolCallSettings): number {
  return resultLimitSetting(settings.limits?.result, settings.warn)
}

/** The budget every result and failure is held to, in `'error'` mode only. */
export function limitOf(settings: ToolCallSettings): number | undefined {
  return settings.budgets === 'error' ? resultLimitOf(settings) : undefined
}

/**
 * A failed call: the agent's `isError` result with its code, within budget in
 * `'error'` mode. `told`: what the agent is told, when not `error` itself (a
 * schema's problems without the values that failed).
 */
export function failed(settings: ToolCallSettings, error: unknown, code: WebMCPErrorCode, told: unknown = error): ToolCallOutcome {
  return { response: errorResult(told, code, limitOf(settings)), ok: false, code, error }
}

/** `'warn'` mode: one warning when what the agent receives is over budget, success or failure alike. */
export function warnOverBudget(name: string, settings: ToolCallSettings, response: WebMCPToolResponse): void {
  const size = resultSize(response)
  const limit = resultLimitOf(settings)
  if (size > limit)
    (settings.warn ?? warnOnce)(`Tool "${name}": the result is ${size} characters, over Chrome's budget of ${limit}. Return less, or set budgets: 'error' to cut or refuse it.`)
}

/** The outcome of a shaped result: refused over budget, the tool's own `isError` result, or a success. */
export function outcomeOf({ response, error }: BudgetedResponse): ToolCallOutcome {
  if (error)
    return { response, ok: false, code: 'OUTPUT_TOO_LARGE', error }
  return response.isError ? { response, ok: false, code: 'TOOL_ERROR' } : { response, ok: true }
}
