// The template the module writes into the app's build directory.
declare module '#build/vue-webmcp/config.mjs' {
  import type { WebMCPConfig } from 'vue-webmcp'

  const config: Pick<WebMCPConfig, 'budgets' | 'limits' | 'validateArgs' | 'timeoutMs' | 'confirmTimeoutMs' | 'includeArgs'>
  export default config
}
