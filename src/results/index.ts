// Results: what a tool returns, made the valid MCP result the agent receives.
// The call path's door to what every call needs: normalization once
// (normalize.ts), the `isError` result a failure answers with and the measure
// of a result (errorResult.ts). Two parts load only when a call needs them:
// the budget in `'error'` mode (resultBudgets.ts, through call/budgets.ts:
// an early look at the size, normalization, the budget on the normalized,
// plain data) and the marking of values a tool returned `untrusted()`
// (untrusted.ts). No Vue import.
import type { WebMCPToolResponse } from '../types'
import { toToolResponse, withStructuredContent } from './normalize'

export { errorResult, resultSize } from './errorResult'
export { errorMessage, toErrorResponse, toToolResponse } from './normalize'

/**
 * Turns what a tool returned into the result the agent receives, budgets off
 * or `'warn'`. `structured`: a tool with an `outputSchema`, its result
 * checked: an object is sent as `structuredContent` with its JSON as text.
 * Never throws.
 */
export function shapeResult(value: unknown, structured: boolean): WebMCPToolResponse {
  return toToolResponse(structured ? withStructuredContent(value) : value)
}
