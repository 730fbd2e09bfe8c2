// The app's configuration (`WEBMCP_CONFIG`) and Chrome's budgets.
import type { WebMCPConfirmOptions, WebMCPToolCallEvent, WebMCPToolResultEvent } from './calls'

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

/** What happens to a definition or result over Chrome's character budgets (see `WebMCPConfig.budgets`). */
export type WebMCPBudgetMode = 'warn' | 'error' | false

/**
 * App-level settings for every tool and form below the provider, read once
 * when each is set up. `app.provide(WEBMCP_CONFIG, ...)` reaches everything,
 * Pinia stores and `app.runWithContext` included; `provideWebMCPConfig()`
 * reaches one component's subtree.
 */
export interface WebMCPConfig {
  /**
   * What happens when a name, description, parameter or result is over
   * Chrome's character budgets. `'warn'` logs one warning per field (the
   * default in development). `'error'` throws at setup for an over-budget
   * definition in development and test builds (sets `error` in production),
   * keeps a later over-budget change unregistered with `error` set, cuts an
   * over-budget text result and refuses an over-budget structured one with an
   * `isError` result. `false` skips the checks (the default in production).
   */
  budgets?: WebMCPBudgetMode
  /** Override Chrome's numbers. */
  limits?: Partial<WebMCPBudgetLimits>
  /** Check arguments against `inputSchema` before `execute`. Default `true`. */
  validateArgs?: boolean
  /**
   * Default time limit for a call, in milliseconds, for every tool that sets
   * no `timeoutMs` of its own or its group's, and every `useWebMCPForm`
   * submission that sets none. How the limit counts (the person's decision
   * does not) and which values it takes: {@link UseWebMCPToolOptions.timeoutMs}.
   * Unset: no limit.
   */
  timeoutMs?: number
  /** Include the call arguments in hook payloads. Off by default: arguments often carry personal data. */
  includeArgs?: boolean
  /**
   * How the page asks the person before a call runs, for every tool that asks
   * (tools annotated `consequentialHint: true`, tools or groups that set
   * `confirm`): `ask`, the callback of an app with a dialog service (else a
   * `useWebMCPConfirmations` dialog asks; with neither, such a call fails
   * and never runs), and `timeoutMs`, which declines a request nobody decided
   * within that many milliseconds (a positive, finite number; unset:
   * `DEFAULT_CONFIRM_TIMEOUT_MS`, a minute). A tool's or group's own `confirm.ask` and
   * `confirm.timeoutMs` take precedence. `when` and `remember` are a tool's
   * (its arguments, its reversibility); the app's `ask` decides whether an
   * approval is remembered by answering `remember: true` or not.
   */
  confirm?: Pick<WebMCPConfirmOptions, 'ask' | 'timeoutMs'>
  /** Runs before `execute`. */
  onToolCall?: (event: WebMCPToolCallEvent) => void
  /** Runs after the result is normalized, for success and failure alike; not for a call whose code could not be loaded (it never started). */
  onToolResult?: (event: WebMCPToolResultEvent) => void
  /**
   * Once the browser is idle after tools registered, load the code their
   * calls can need (the call path; the validator, with the `format` checkers
   * for schemas that use them; the Standard Schema adapter; the confirmation
   * step for tools that ask; the result budget in `'error'` mode; the marking
   * of `untrusted()` values for tools annotated `untrustedContentHint`), so no
   * call waits on the network and a deploy after the page loaded cannot break
   * the tools on it. Default `true`; `false` loads each part on the first call
   * that needs it. Read as tools register.
   */
  warmUp?: boolean
  /** Development builds: register read-only debugging tools for coding agents (ignored in production builds). */
  debugTools?: boolean
}
