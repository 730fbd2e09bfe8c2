import type { WebMCPConfig } from 'vue-webmcp'
import { WEBMCP_CONFIG } from 'vue-webmcp'
import { defineNuxtPlugin } from '#app'
import moduleConfig from '#build/vue-webmcp/config.mjs'

export default defineNuxtPlugin({
  name: 'vue-webmcp',
  setup(nuxtApp) {
    // A fresh object per app: on the server, one per request, so hooks set
    // during one request never reach another.
    const config: WebMCPConfig = {
      ...moduleConfig,
      ...(moduleConfig.limits ? { limits: { ...moduleConfig.limits } } : {}),
      ...(moduleConfig.confirm ? { confirm: { ...moduleConfig.confirm } } : {}),
    }
    // app.provide reaches every tool: components, Pinia stores, runWithContext.
    nuxtApp.vueApp.provide(WEBMCP_CONFIG, config)
    // After every plugin has run (so a user plugin's hook is in place) and
    // before any component is set up (tools read the config at setup).
    nuxtApp.hooks.hookOnce('app:created', () => nuxtApp.callHook('webmcp:config', config))
  },
})
