// Chrome's character budgets as numbers. No Vue import.
import { warnOnce } from './warn'

/** Chrome's guidance ("WebMCP tool security", "Set character budgets"). */
export interface WebMCPBudgetLimits {
  /** Tool name. Default 30. */
  name: number
  /** Each parameter (property) name anywhere in the input schema. Default 30. */
  parameterName: number
  /** Tool description. Default 500. */
  description: number
  /** Each parameter description anywhere in the input schema. Default 150. */
  parameterDescription: number
  /** Tool result, as serialized for the agent. Default 1,500. */
  result: number
}

export const DEFAULT_BUDGETS: Readonly<WebMCPBudgetLimits> = Object.freeze({
  name: 30,
  parameterName: 30,
  description: 500,
  parameterDescription: 150,
  result: 1500,
})

/**
 * The result budget: the app's `limits.result`, else Chrome's. A limit that is
 * not a finite number of characters (NaN, negative, Infinity, a string) would
 * let everything through or empty every answer: Chrome's budget instead, and a
 * warning in development. `budgets: false` is how to turn budgets off.
 */
export function resultLimitSetting(limit: unknown, warn: (message: string) => void = warnOnce): number {
  if (Number.isFinite(limit) && (limit as number) >= 0)
    return Math.floor(limit as number)
  if (limit !== undefined && process.env.NODE_ENV !== 'production')
    warn(`limits.result must be a finite number of characters, 0 or more; got ${String(limit)}. Chrome's budget of ${DEFAULT_BUDGETS.result} applies (budgets: false turns budgets off).`)
  return DEFAULT_BUDGETS.result
}
