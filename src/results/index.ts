// Results: what a tool returns, made the valid MCP result the agent receives.
// The one door the call path uses. A result flows one way: an early look at
// its size (screen.ts: refuses, or copies only the start of, what is far over
// the budget), normalization once (normalize.ts), then the budget on the
// normalized, plain data (resultBudgets.ts). A result holding values marked
// `untrusted()` is marked first, within the budget (untrusted.ts). No Vue import.
import type { WebMCPToolResponse } from '../types'
import type { BudgetedResponse } from './resultBudgets'
import type { FoundUntrusted } from './untrusted'
import { toToolResponse, withStructuredContent } from './normalize'
import { budgetResponse, refuseResult } from './resultBudgets'
import { screenResult } from './screen'
import { markUntrusted } from './untrusted'

export { errorMessage, toErrorResponse, toToolResponse } from './normalize'
export { errorResult, resultSize } from './resultBudgets'
export type { BudgetedResponse } from './resultBudgets'
export { findUntrusted, unmarked } from './untrusted'
export type { FoundUntrusted } from './untrusted'

export interface ShapeOptions {
  /** The result budget in characters (budgets `'error'`); none: normalized only. */
  limit?: number
  /**
   * A tool with an `outputSchema`, its result checked: an object is sent as
   * `structuredContent` with its JSON as text, and nothing is cut, only
   * measured, since a shortened field could break the schema the agent was promised.
   */
  structured?: boolean
}

/**
 * Turns what a tool returned into the result the agent receives: normalized,
 * and with a `limit` held to it (cut, shortened or refused with a
 * `ResultTooLargeError`). Never throws.
 */
export function shapeResult(value: unknown, { limit, structured = false }: ShapeOptions = {}): BudgetedResponse {
  const normalize = (raw: unknown): WebMCPToolResponse => toToolResponse(structured ? withStructuredContent(raw) : raw)
  if (limit === undefined)
    return { response: normalize(value) }
  const screened = screenResult(value, limit, structured)
  if ('refusedSize' in screened)
    return refuseResult(screened.refusedSize, limit)
  return budgetResponse(normalize(screened.value), limit, screened, structured)
}

/**
 * A result holding values marked `untrusted()` (found by `findUntrusted`):
 * marked for the agent and, with a `limit`, fitted to it by shortening the
 * marked strings inside their delimiters (untrusted.ts); then only measured,
 * never cut further, so no cut can leave a delimiter open or drop the note.
 */
export function shapeMarked(found: FoundUntrusted, { limit, structured = false }: ShapeOptions = {}): BudgetedResponse {
  return shapeResult(markUntrusted(found, { limit, structured }), { limit, structured: true })
}
