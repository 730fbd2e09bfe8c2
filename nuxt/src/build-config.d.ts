// The template the module writes into the app's build directory.
declare module '#build/vue-webmcp/config.mjs' {
  import type { WebMCPConfig, WebMCPConfirmOptions } from 'vue-webmcp'

  const config: Pick<WebMCPConfig, 'budgets' | 'limits' | 'validateArgs' | 'timeoutMs' | 'includeArgs' | 'warmUp'> & { confirm?: Pick<WebMCPConfirmOptions, 'timeoutMs'> }
  export default config
}
