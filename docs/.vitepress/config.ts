import type { DefaultTheme } from 'vitepress'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'
import { initScriptPlugin } from '../../scripts/init-script-plugin.mjs'

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** The API reference's sidebar, written by TypeDoc (`npm run docs:api`) beside the pages it generates. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = repo('docs/api/typedoc-sidebar.json')
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : []
}

/**
 * The playground's stylesheet, scoped to the demos (`.webmcp-demo`) with CSS nesting, so the
 * site's demos look like the playground without its page-wide rules reaching VitePress's theme.
 */
function scopedPlaygroundStyle() {
  const file = repo('playground/src/style.css')
  return {
    name: 'vue-webmcp-scoped-playground-style',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (id.split('?')[0] !== file)
        return undefined
      return `.webmcp-demo {\n${code.replace(/^:root\b/m, '&').replace(/^body\b/m, '&')}\n}`
    },
  }
}

/** A guide page: its title in the sidebar, and its file under docs/guide/ ('' for the index). */
const page = ([text, slug]: [string, string]): DefaultTheme.SidebarItem => ({ text, link: slug.startsWith('/') ? slug : `/guide/${slug}` })
const group = (text: string, pages: [string, string][]): DefaultTheme.SidebarItem => ({ text, items: pages.map(page) })

const guide: DefaultTheme.SidebarItem[] = [
  group('Getting started', [['What is vue-webmcp?', ''], ['Install', 'install'], ['A first tool', 'first-tool']]),
  group('Essentials', [
    ['Groups and typed arguments', 'groups-and-typed-arguments'],
    ['Forms', 'forms'],
    ['Listing and running tools', 'listing-and-running'],
    ['Configuration and budgets', 'configuration'],
    ['The guard and its error codes', 'guard'],
    ['Schemas', 'schemas'],
    ['Confirmation', 'confirmation'],
    ['Prompt injection', 'prompt-injection'],
    ['Testing', 'testing'],
  ]),
  group('Where it runs', [
    ['Nuxt', 'nuxt'],
    ['Pages without a bundler', 'no-bundler'],
    ['MCP clients', 'mcp-clients'],
    ['Compatibility', 'compatibility'],
    ['DevTools and debugging tools', 'devtools'],
  ]),
  group('Background', [['Size and speed', 'size-and-speed'], ['Compared with VueUse', 'compared-with-vueuse'], ['This repository', '/contributing']]),
]

const fn = (name: string) => ({ text: name, link: `/functions/${name}` })
const functions: DefaultTheme.SidebarItem[] = [
  { text: 'Exports', link: '/functions/' },
  {
    text: 'Composables',
    items: ['useWebMCPTool', 'useWebMCPTools', 'defineWebMCPTool', 'useWebMCPForm', 'useWebMCPFormModel', 'formFields', 'useRegisteredTools', 'useWebMCPConfirmations'].map(fn),
  },
  {
    text: 'Configuration',
    items: ['WEBMCP_CONFIG', 'provideWebMCPConfig', 'DEFAULT_BUDGETS'].map(fn),
  },
  {
    text: 'Results and errors',
    items: ['toToolResponse', 'toErrorResponse', 'isToolResponse', 'untrustedResult', 'untrusted', 'ERROR_CODE_KEY', 'ToolInputError', 'ToolOutputError', 'ResultTooLargeError', 'WebMCPDefinitionError'].map(fn),
  },
  {
    text: 'vue-webmcp/testing',
    items: ['install', 'uninstall', 'InMemoryModelContext', 'InMemoryFirefoxModelContext', 'ToolActivatedEvent', 'ToolCancelEvent', 'submitAsAgent', 'initScript', 'listTools', 'callTool'].map(name => ({ text: name, link: `/testing/${name}` })),
  },
]

export default defineConfig({
  title: 'vue-webmcp',
  description: 'Vue 3 composables for WebMCP: page actions for browser agents, tied to component and effect scopes.',
  cleanUrls: false,
  lastUpdated: false,
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  srcExclude: ['**/README.md'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/', activeMatch: '^/guide/' },
      { text: 'Functions', link: '/functions/', activeMatch: '^/(functions|testing)/' },
      { text: 'API reference', link: '/api/', activeMatch: '^/api/' },
    ],
    sidebar: {
      '/guide/': guide,
      '/contributing': guide,
      '/functions/': functions,
      '/testing/': functions,
      '/api/': [{ text: 'API reference', link: '/api/', items: apiSidebar() }],
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
  vite: {
    plugins: [initScriptPlugin(), scopedPlaygroundStyle(), {
      // The package's development flag (src/shared/dev.ts): the demos run its sources.
      name: 'vue-webmcp-dev-flag',
      config: (_config, { mode }) => ({ define: { __DEV__: JSON.stringify(mode !== 'production') } }),
    }],
    // Two @vue/devtools-api majors meet in `docs:dev`: the package's 6.6 and VitePress's own 7.
    // Pre-bundled, both would share one cached copy; served as they are, each import gets its own.
    optimizeDeps: { exclude: ['@vue/devtools-api'] },
    resolve: {
      alias: [
        { find: /^vue-webmcp\/testing$/, replacement: repo('src/testing/index.ts') },
        { find: /^vue-webmcp$/, replacement: repo('src/index.ts') },
      ],
    },
  },
})
