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

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'What is vue-webmcp?', link: '/guide/' },
      { text: 'Install', link: '/guide/install' },
      { text: 'A first tool', link: '/guide/first-tool' },
    ],
  },
  {
    text: 'Essentials',
    items: [
      { text: 'Groups and typed arguments', link: '/guide/groups-and-typed-arguments' },
      { text: 'Forms', link: '/guide/forms' },
      { text: 'Listing and running tools', link: '/guide/listing-and-running' },
      { text: 'Configuration and budgets', link: '/guide/configuration' },
      { text: 'The guard and its error codes', link: '/guide/guard' },
      { text: 'Schemas', link: '/guide/schemas' },
      { text: 'Confirmation', link: '/guide/confirmation' },
      { text: 'Testing', link: '/guide/testing' },
    ],
  },
  {
    text: 'Where it runs',
    items: [
      { text: 'Nuxt', link: '/guide/nuxt' },
      { text: 'Pages without a bundler', link: '/guide/no-bundler' },
      { text: 'MCP clients', link: '/guide/mcp-clients' },
      { text: 'Compatibility', link: '/guide/compatibility' },
      { text: 'DevTools and debugging tools', link: '/guide/devtools' },
    ],
  },
  {
    text: 'Background',
    items: [
      { text: 'Size and speed', link: '/guide/size-and-speed' },
      { text: 'Compared with VueUse', link: '/guide/compared-with-vueuse' },
      { text: 'This repository', link: '/contributing' },
    ],
  },
]

const fn = (name: string) => ({ text: name, link: `/functions/${name}` })
const functions: DefaultTheme.SidebarItem[] = [
  { text: 'Exports', link: '/functions/' },
  {
    text: 'Composables',
    items: ['useWebMCPTool', 'useWebMCPTools', 'defineWebMCPTool', 'useWebMCPForm', 'formFields', 'useRegisteredTools'].map(fn),
  },
  {
    text: 'Configuration',
    items: ['WEBMCP_CONFIG', 'provideWebMCPConfig', 'DEFAULT_BUDGETS'].map(fn),
  },
  {
    text: 'Results and errors',
    items: ['toToolResponse', 'toErrorResponse', 'isToolResponse', 'ERROR_CODE_KEY', 'ToolInputError', 'ResultTooLargeError', 'WebMCPDefinitionError'].map(fn),
  },
  {
    text: 'vue-webmcp/testing',
    items: ['install', 'uninstall', 'InMemoryModelContext', 'submitAsAgent', 'initScript', 'listTools', 'callTool'].map(name => ({ text: name, link: `/testing/${name}` })),
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
    plugins: [initScriptPlugin(), scopedPlaygroundStyle()],
    resolve: {
      alias: [
        { find: /^vue-webmcp\/testing$/, replacement: repo('src/testing/index.ts') },
        { find: /^vue-webmcp$/, replacement: repo('src/index.ts') },
      ],
    },
  },
})
