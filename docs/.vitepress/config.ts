import type { DefaultTheme } from 'vitepress'
import { existsSync, readFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitepress'
import { initScriptPlugin } from '../../scripts/init-script-plugin.mjs'
import { writeLlmsFiles } from './llms'

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** The package's own metadata: its version for the footer, its repository for the links. */
const pkg = JSON.parse(readFileSync(repo('package.json'), 'utf8')) as { version: string, repository: { url: string } }
const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')

/**
 * Where the site is served from: `/` by default, or a sub-path such as GitHub Pages' `/vue-webmcp/`
 * (DOCS_BASE, set by the deploy workflow from package.json's homepage).
 */
const base = (process.env.DOCS_BASE ?? '/').replace(/^\/?/, '/').replace(/\/?$/, '/')

/**
 * The API reference's sidebar, written by TypeDoc (`npm run docs:api`) beside the pages it
 * generates, with every group open: VitePress draws a collapsible group as a button holding a
 * second button (its caret), which screen readers cannot use.
 */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = repo('docs/api/typedoc-sidebar.json')
  // Long names (UseWebMCPConfirmationsReturn) may wrap between their words (VitePress renders the text as HTML).
  const wrappable = (text?: string) => text?.replace(/([a-z])([A-Z])/g, '$1<wbr>$2')
  const open = (items: DefaultTheme.SidebarItem[]): DefaultTheme.SidebarItem[] =>
    items.map(({ collapsed: _, ...item }) => ({ ...item, text: wrappable(item.text), ...(item.items && { items: open(item.items) }) }))
  return existsSync(file) ? open(JSON.parse(readFileSync(file, 'utf8'))) : []
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
  group('Getting started', [['What is vue-webmcp?', ''], ['Getting started', 'getting-started'], ['Install', 'install'], ['A first tool', 'first-tool']]),
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
  group('Recipes', [
    ['All recipes', '/recipes/'],
    ['Routes and a navigation tool', '/recipes/router'],
    ['Tools beside a Pinia store', '/recipes/pinia'],
    ['An approval dialog', '/recipes/approval-dialog'],
    ['A VeeValidate form', 'vee-validate'],
    ['The Vitest set-up', '/recipes/vitest'],
    ['Forms in component tests', '/recipes/form-tests'],
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
    items: ['WEBMCP_CONFIG', 'provideWebMCPConfig', 'DEFAULT_BUDGETS', 'DEFAULT_CONFIRM_TIMEOUT_MS'].map(fn),
  },
  {
    text: 'Results and errors',
    items: ['toToolResponse', 'toErrorResponse', 'isToolResponse', 'untrustedResult', 'untrusted', 'ERROR_CODE_KEY', 'ToolInputError', 'ToolOutputError', 'ResultTooLargeError', 'CodeLoadError', 'WebMCPDefinitionError'].map(fn),
  },
  {
    text: 'vue-webmcp/testing',
    items: ['install', 'uninstall', 'InMemoryModelContext', 'InMemoryFirefoxModelContext', 'ToolActivatedEvent', 'ToolCancelEvent', 'submitAsAgent', 'initScript', 'listTools', 'callTool'].map(name => ({ text: name, link: `/testing/${name}` })),
  },
]

export default defineConfig({
  title: 'vue-webmcp',
  description: 'Vue 3 composables for WebMCP: page actions for browser agents, tied to component and effect scopes.',
  base,
  cleanUrls: false,
  lastUpdated: false,
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${base}favicon.svg` }]],
  srcExclude: ['**/README.md'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started', activeMatch: '^/guide/' },
      { text: 'Recipes', link: '/recipes/', activeMatch: '^/recipes/' },
      { text: 'Functions', link: '/functions/', activeMatch: '^/(functions|testing)/' },
      { text: 'Types', link: '/api/', activeMatch: '^/api/' },
    ],
    sidebar: {
      '/guide/': guide,
      '/recipes/': guide,
      '/contributing': guide,
      '/functions/': functions,
      '/testing/': functions,
      '/api/': [{ text: 'Types (API reference)', link: '/api/', items: apiSidebar() }],
    },
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: repository, ariaLabel: 'vue-webmcp on GitHub' }],
    editLink: { pattern: `${repository}/edit/main/docs/:path`, text: 'Edit this page on GitHub' },
    footer: {
      message: `vue-webmcp ${pkg.version}, released under the Apache-2.0 license. <a href="${repository}">Source on GitHub</a>.`,
    },
    outline: [2, 3],
  },
  // llms.txt and llms-full.txt: the pages by the sidebar's sections, the guide's groups first.
  buildEnd: config => writeLlmsFiles(config, [
    ...guide.map(({ text, items }) => ({ title: text!, items: items! })),
    { title: 'Functions', items: functions.filter(item => !item.items) },
    ...functions.filter(item => item.items).map(({ text, items }) => ({ title: text!, items: items! })),
  ]),
  // The API reference is generated from the types (docs/api is not in the repository): its pages
  // link to their source instead of to an edit page.
  transformPageData(pageData) {
    if (pageData.relativePath.startsWith('api/'))
      pageData.frontmatter.editLink = false
  },
  // GitHub's high-contrast themes: the default ones draw comments and keywords below WCAG AA's
  // contrast on VitePress's code background, in either scheme.
  markdown: { theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } },
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
