import type { WebMCPConfig } from 'vue-webmcp'
import { inject } from 'vue'
import { WEBMCP_CONFIG } from 'vue-webmcp'
import { useNuxtApp } from '#app'

/**
 * The config the module provides app-wide (in a component, the one in force
 * there). Set its hooks from a plugin: `useWebMCPConfig().onToolResult = ...`.
 * Budgets, limits and timeouts are read when each tool is set up, so change
 * them before the app mounts.
 */
export function useWebMCPConfig(): WebMCPConfig {
  const nuxtApp = useNuxtApp()
  const config = nuxtApp.vueApp.runWithContext(() => inject(WEBMCP_CONFIG, null))
  if (!config)
    throw new Error('useWebMCPConfig: the @vue-webmcp/nuxt plugin has not run (is the module in `modules`?)')
  return config
}
