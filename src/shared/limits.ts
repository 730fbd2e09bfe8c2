// Chrome's character budgets as numbers. No Vue import.
import type { WebMCPBudgetLimits } from '../types'
import { warnOnce } from './warn'

export const DEFAULT_BUDGETS: Readonly<WebMCPBudgetLimits> = Object.freeze({
  name: 30,
  parameterName: 30,
  description: 500,
  parameterDescription: 150,
  result: 1500,
})

/**
 * How long a request for the person's approval waits when no `timeoutMs` is
 * set (the tool's, its group's or `WEBMCP_CONFIG.confirm.timeoutMs`): a
 * minute, then it is declined and the call does not run. An agent's client
 * may have given up long before, without cancelling; a late approval would
 * run a call whose result nobody reads.
 */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 60_000

/**
 * The result budget: the app's `limits.result`, else Chrome's. A limit that is
 * not a finite number of characters (NaN, negative, Infinity, a string) would
 * let everything through or empty every answer: Chrome's budget instead, and a
 * warning in development. `budgets: false` is how to turn budgets off.
 */
export function resultLimitSetting(limit: unknown, warn: (message: string) => void = warnOnce): number {
  if (Number.isFinite(limit) && (limit as number) >= 0)
    return Math.floor(limit as number)
  if (limit !== undefined && __DEV__)
    warn(`limits.result must be a finite number of characters, 0 or more; got ${String(limit)}. Chrome's budget of ${DEFAULT_BUDGETS.result} applies (budgets: false turns budgets off).`)
  return DEFAULT_BUDGETS.result
}
