import type { InjectionKey } from 'vue'
import type { CallConfig, WebMCPConfig } from './core/guard'
import { hasInjectionContext, inject, provide } from 'vue'
import { isDev } from './core/env'

// The config's type lives with the call pipeline that reads it (pure, no Vue).
export type { WebMCPCallOrigin, WebMCPConfig, WebMCPToolCallEvent, WebMCPToolResultEvent } from './core/guard'

export const WEBMCP_CONFIG: InjectionKey<WebMCPConfig> = Symbol(isDev ? 'vue-webmcp config' : '')

/**
 * Call in a component's `setup()` to configure its subtree. For the whole
 * app, Pinia stores included, use `app.provide(WEBMCP_CONFIG, config)`.
 */
export function provideWebMCPConfig(config: WebMCPConfig): void {
  provide(WEBMCP_CONFIG, config)
}

/** Reads the config in force for a tool being set up, and the budget mode it resolves to. */
export function resolveConfig(): CallConfig {
  const config = (hasInjectionContext() && inject(WEBMCP_CONFIG, null)) || {}
  return { config, budgets: config.budgets ?? (isDev ? 'warn' : false) }
}
