import type { InjectionKey } from 'vue'
import type { WebMCPConfig } from '../types'
import { hasInjectionContext, inject, provide } from 'vue'

// The config's types live with the package's other shared types.

export const WEBMCP_CONFIG: InjectionKey<WebMCPConfig> = Symbol(__DEV__ ? 'vue-webmcp config' : '')

/**
 * Call in a component's `setup()` to configure its subtree. For the whole
 * app, Pinia stores included, use `app.provide(WEBMCP_CONFIG, config)`.
 */
export function provideWebMCPConfig(config: WebMCPConfig): void {
  provide(WEBMCP_CONFIG, config)
}

/** The config in force for a tool or form being set up (`{}` where none is provided). */
export function injectConfig(): WebMCPConfig {
  return (hasInjectionContext() && inject(WEBMCP_CONFIG, null)) || {}
}
