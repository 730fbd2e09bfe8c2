import type { InjectionKey } from 'vue'
import type { WebMCPBudgetLimits } from './core/limits'
import type { BudgetMode, WebMCPToolCallEvent, WebMCPToolResultEvent } from './core/guard'
import { hasInjectionContext, inject, provide } from 'vue'
import { isDev } from './core/env'

export type { WebMCPToolCallEvent, WebMCPToolResultEvent }

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
  budgets?: BudgetMode
  /** Override Chrome's numbers. */
  limits?: Partial<WebMCPBudgetLimits>
  /** Check arguments against `inputSchema` before `execute`. Default `true`. */
  validateArgs?: boolean
  /** Default time limit for a call, in milliseconds. Off unless set. */
  timeoutMs?: number
  /** Include the call arguments in hook payloads. Off by default: arguments often carry personal data. */
  includeArgs?: boolean
  /** Runs before `execute`. */
  onToolCall?: (event: WebMCPToolCallEvent) => void
  /** Runs after the result is normalized, for success and failure alike. */
  onToolResult?: (event: WebMCPToolResultEvent) => void
}

export const WEBMCP_CONFIG: InjectionKey<WebMCPConfig> = Symbol(isDev ? 'vue-webmcp config' : '')

/**
 * Call in a component's `setup()` to configure its subtree. For the whole
 * app, Pinia stores included, use `app.provide(WEBMCP_CONFIG, config)`.
 */
export function provideWebMCPConfig(config: WebMCPConfig): void {
  provide(WEBMCP_CONFIG, config)
}

export interface ResolvedConfig {
  config: WebMCPConfig
  budgets: BudgetMode
}

/** Reads the config in force for a tool being set up. */
export function resolveConfig(): ResolvedConfig {
  const config = (hasInjectionContext() && inject(WEBMCP_CONFIG, null)) || {}
  return { config, budgets: config.budgets ?? (isDev ? 'warn' : false) }
}
