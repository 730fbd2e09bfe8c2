// Step 0 of a call, done once when a tool or form is set up (see "How a call
// flows" in docs/contributing.md): the settings every call of it runs with. The one
// place the call options' precedence is decided. No Vue import.
import type { BudgetMode, WebMCPConfig, WebMCPConfirm, WebMCPConfirmationRequest, WebMCPConfirmOptions } from '../types'

/** The call options a tool and a `useWebMCPTools` group may set over the app's. */
export interface CallOptions {
  validateArgs?: boolean
  timeoutMs?: number
  confirm?: boolean | WebMCPConfirm | WebMCPConfirmOptions<any>
}

/**
 * What every call of one tool (or form) runs with, resolved once at setup:
 * the app's config with the budget mode, argument validation and time limit
 * that apply to this tool.
 */
export interface ToolCallSettings extends WebMCPConfig {
  budgets: BudgetMode
  validateArgs: boolean
  /** As set; the call path ignores a mistaken value (with a development warning) and clamps a huge one. */
  timeoutMs?: number
  /** Reports a mistake or a result over budget; `warnOnce` unless set (tests set it). */
  warn?: (message: string) => void
  /** The tool's own `confirm` and its group's, as set: the call path decides from them (call/confirm.ts). */
  confirms?: [tool: CallOptions['confirm'], group: CallOptions['confirm']]
  /** Development builds: the observer learns that a call waits for the person. */
  onConfirmationRequest?: (request: WebMCPConfirmationRequest) => void
}

/**
 * The settings of a tool: the tool's own options, then its group's
 * (`useWebMCPTools` shared options), then the app's (`WEBMCP_CONFIG`), then
 * the defaults. Budgets, limits and the hooks are the app's alone.
 */
export function resolveCallSettings(config: WebMCPConfig, group: CallOptions = {}, tool: CallOptions = {}): ToolCallSettings {
  return {
    ...config,
    budgets: config.budgets ?? (__DEV__ ? 'warn' : false),
    validateArgs: tool.validateArgs ?? group.validateArgs ?? config.validateArgs ?? true,
    timeoutMs: tool.timeoutMs ?? group.timeoutMs ?? config.timeoutMs,
    confirms: [tool.confirm, group.confirm],
  }
}

/** Whether `ms` is a usable `confirm.timeoutMs`: a positive, finite number of milliseconds. */
function isConfirmTimeout(ms: unknown): boolean {
  return typeof ms === 'number' && ms > 0 && ms < Infinity
}

/**
 * A definition mistake in the tool's confirmation settings, or null: the
 * `confirm.timeoutMs` a request of the tool waits by (the nearest set: the
 * tool's, its group's, or the app's `confirmTimeoutMs`) that is not a
 * positive, finite number would let a request wait forever where the author
 * meant it to end. A group's never applies to a tool whose own `confirm` is
 * `true` or a callback (call/confirmPolicy.ts). Development builds: the tool
 * does not register, and its `error` says why. Production builds skip this
 * check; the confirmation step fails each call of such a tool that would ask,
 * without asking (call/confirm.ts).
 */
export function confirmSettingsError(name: string, settings: ToolCallSettings): TypeError | null {
  const [own, group] = settings.confirms ?? []
  const groupApplies = own === undefined || typeof own === 'object'
  const candidates: [string, unknown][] = [
    ['confirm.timeoutMs', (own as WebMCPConfirmOptions | undefined)?.timeoutMs],
    ['the group\'s confirm.timeoutMs', groupApplies ? (group as WebMCPConfirmOptions | undefined)?.timeoutMs : undefined],
    ['the app\'s confirmTimeoutMs', settings.confirmTimeoutMs],
  ]
  const [what, ms] = candidates.find(([, ms]) => ms !== undefined) ?? []
  if (ms !== undefined && !isConfirmTimeout(ms))
    return new TypeError(`Tool "${name}": ${what} must be a positive, finite number of milliseconds; got ${typeof ms === 'string' ? JSON.stringify(ms) : String(ms)}. Not registered.`)
  return null
}
