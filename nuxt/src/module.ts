import type { HookResult, NuxtModule } from '@nuxt/schema'
import type { WebMCPConfig, WebMCPConfirmOptions } from 'vue-webmcp'
import { addImports, addPlugin, addTemplate, createResolver, defineNuxtModule, extendRouteRules } from '@nuxt/kit'

/** The parts of `WEBMCP_CONFIG` that can live in `nuxt.config` (plain data; hooks and `confirm.ask` go in a plugin). */
export interface WebMCPModuleConfig extends Pick<WebMCPConfig, 'budgets' | 'limits' | 'validateArgs' | 'timeoutMs' | 'includeArgs' | 'debugTools' | 'warmUp'> {
  /** `confirm.timeoutMs`: a request nobody decided within it is declined. A plugin sets `confirm.ask` beside it. */
  confirm?: Pick<WebMCPConfirmOptions, 'timeoutMs'>
}

/**
 * Which origins may register tools, sent as the `tools` directive of a
 * `Permissions-Policy` response header.
 */
export interface WebMCPPermissionsPolicy {
  /**
   * `'self'`, `'*'`, or origins such as `'https://widgets.example'`. `[]` turns
   * tools off everywhere, this document included.
   */
  tools: string[]
  /** The routes that get the header, as a Nitro route rule pattern. Default `'/**'`. */
  routes?: string
}

export interface ModuleOptions extends WebMCPModuleConfig {
  /** Auto-import the composables, `defineWebMCPTool` and `useWebMCPConfig`. Default `true`. */
  autoImports?: boolean
  /** Send `Permissions-Policy: tools=(...)`. Off unless set. */
  permissionsPolicy?: WebMCPPermissionsPolicy | false
}

/** What the `webmcp:config` runtime hook receives: the app-wide config, before any tool is set up. */
export type { WebMCPConfig }

const COMPOSABLES = [
  'useWebMCPTool',
  'useWebMCPTools',
  'useWebMCPForm',
  'useRegisteredTools',
  'useWebMCPConfirmations',
  'defineWebMCPTool',
  'provideWebMCPConfig',
] as const

// `debugTools` registers the debugging tools for coding agents in development
// builds only; vue-webmcp ignores it in production whatever the config says.
const CONFIG_KEYS = ['budgets', 'limits', 'validateArgs', 'timeoutMs', 'confirm', 'includeArgs', 'debugTools', 'warmUp'] as const

/** `['self', 'https://a.example']` -> `tools=(self "https://a.example")`, as Permissions-Policy spells it. */
export function toolsDirective(origins: readonly string[]): string {
  if (origins.includes('*'))
    return 'tools=*'
  const list = origins.map((origin) => {
    if (origin === 'self' || origin === '\'self\'')
      return 'self'
    const url = URL.canParse(origin) ? new URL(origin) : undefined
    // A typo here would silently shut a frame out: fail the build instead.
    if (!url || url.origin === 'null')
      throw new Error(`webmcp.permissionsPolicy.tools: ${JSON.stringify(origin)} is not an origin; write 'self', '*' or a URL origin such as 'https://widgets.example'`)
    return JSON.stringify(url.origin)
  })
  return `tools=(${list.join(' ')})`
}

const module: NuxtModule<ModuleOptions> = defineNuxtModule<ModuleOptions>({
  meta: {
    name: '@vue-webmcp/nuxt',
    configKey: 'webmcp',
    compatibility: { nuxt: '>=3.16.0' },
  },
  defaults: {
    autoImports: true,
    permissionsPolicy: false,
  },
  setup(options, nuxt) {
    const resolver = createResolver(import.meta.url)

    // Plain data only: the config is written into the app bundle as JSON.
    const config: WebMCPModuleConfig = {}
    for (const key of CONFIG_KEYS) {
      if (options[key] !== undefined)
        (config as Record<string, unknown>)[key] = options[key]
    }
    addTemplate({
      filename: 'vue-webmcp/config.mjs',
      getContents: () => `export default ${JSON.stringify(config)}\n`,
    })
    addPlugin({ src: resolver.resolve('./runtime/plugin'), name: 'vue-webmcp' })

    // Bundled into the server build as well, never left to the server's
    // node_modules: one copy of vue-webmcp (and its WEBMCP_CONFIG key) per build.
    nuxt.options.build.transpile.push('vue-webmcp')

    if (options.autoImports !== false) {
      addImports([
        ...COMPOSABLES.map(name => ({ name, from: 'vue-webmcp' })),
        { name: 'useWebMCPConfig', from: resolver.resolve('./runtime/composables') },
      ])
    }

    if (options.permissionsPolicy) {
      const { tools, routes = '/**' } = options.permissionsPolicy
      const directive = toolsDirective(tools)
      // Added to a Permissions-Policy the app already sends for these routes, not in place of it.
      type Rules = Record<string, { headers?: Record<string, string> } | undefined> | undefined
      const nuxtOptions = nuxt.options as unknown as { routeRules?: Rules, nitro?: { routeRules?: Rules } }
      const existing = nuxtOptions.routeRules?.[routes]?.headers?.['Permissions-Policy']
        ?? nuxtOptions.nitro?.routeRules?.[routes]?.headers?.['Permissions-Policy']
      extendRouteRules(routes, {
        headers: { 'Permissions-Policy': existing ? `${existing}, ${directive}` : directive },
      }, { override: true })
    }
  },
})

export default module

declare module '@nuxt/schema' {
  interface NuxtConfig {
    webmcp?: ModuleOptions
  }
  interface NuxtOptions {
    webmcp?: ModuleOptions
  }
}

declare module '#app' {
  interface RuntimeNuxtHooks {
    /**
     * Called once, before the app mounts or renders, with the config every tool
     * will read. Set `onToolCall` / `onToolResult` here, or adjust the rest.
     */
    'webmcp:config': (config: WebMCPConfig) => HookResult
  }
}
