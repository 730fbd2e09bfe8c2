// A page without a bundler: an import map points `vue` at Vue's own
// esm-browser build and `vue-webmcp` at dist/vue-webmcp.esm-browser(.prod).js,
// served as static files. An agent calls the page's tool through Playwright's
// page.webmcp, the path a browser agent takes. The site's copy-paste example
// (docs/guide/no-bundler.md) runs as written, its CDN URLs answered from the same files.
import type { Browser, Page } from 'playwright'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, posix, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** URL prefix -> folder. Nothing else is served. */
const MOUNTS: Record<string, string> = {
  '/vue/': resolve(root, 'node_modules/vue/dist'),
  '/vue-webmcp/': resolve(root, 'dist'),
}
/** The files a page loads with `file` before any import(): it and what they import statically, from dist/. */
function startupFiles(file: string, seen = new Set<string>()): Set<string> {
  if (!seen.has(file)) {
    seen.add(file)
    for (const [, spec] of readFileSync(resolve(root, 'dist', file), 'utf8').matchAll(/(?:^|[;\n}])\s*import(?:[^'"()]*?from)?\s*["'](\.[^"']+)["']/g))
      startupFiles(posix.join(posix.dirname(file), spec!), seen)
  }
  return seen
}
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html' }

function page(variant: 'development' | 'production'): string {
  const suffix = variant === 'production' ? '.prod' : ''
  const importMap = {
    imports: {
      'vue': `/vue/vue.esm-browser${suffix}.js`,
      'vue-webmcp': `/vue-webmcp/vue-webmcp.esm-browser${suffix}.js`,
    },
  }
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>no bundler</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
</head><body><div id="app"></div>
<script type="module">
import { createApp, ref, watch } from 'vue'
import { useWebMCPTool } from 'vue-webmcp'

createApp({
  setup() {
    const count = ref(0)
    const { isRegistered } = useWebMCPTool({
      name: 'add_to_counter',
      description: 'Adds n to the counter and returns the new count',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      execute: ({ n }) => ({ count: (count.value += n) }),
    })
    // Over Chrome's 500-character description budget: a development build
    // warns about it, a production build does not check.
    useWebMCPTool({ name: 'long_description', description: 'x'.repeat(600), execute: () => 'ok' })
    // What the page had requested when its tool registered (the test reads it).
    watch(isRegistered, (registered) => {
      if (registered)
        window.requestedWhenRegistered = performance.getEntriesByType('resource').map(entry => new URL(entry.name).pathname)
    }, { flush: 'sync' })
    return { count, isRegistered }
  },
  template: '<p class="count">Count: {{ count }}</p><p v-if="isRegistered" class="ready">registered</p>',
}).mount('#app')
</script></body></html>`
}

/** The site's copy-paste example (docs/guide/no-bundler.md), as written. */
async function readmeExample(): Promise<string> {
  const page = await readFile(resolve(root, 'docs/guide/no-bundler.md'), 'utf8')
  const example = /```html\n([\s\S]*?)```/.exec(page)?.[1]
  if (!example)
    throw new Error('docs/guide/no-bundler.md: no html example')
  return example
}

let server: ReturnType<typeof createServer>
let origin: string
let browser: Browser

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (path === '/development.html' || path === '/production.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(path.slice(1, -5) as 'development' | 'production'))
      return
    }
    if (path === '/readme.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(await readmeExample())
      return
    }
    const prefix = Object.keys(MOUNTS).find(p => path.startsWith(p))
    const file = prefix && resolve(MOUNTS[prefix]!, path.slice(prefix.length))
    if (!prefix || !file || !file.startsWith(MOUNTS[prefix]! + sep)) {
      res.writeHead(404).end()
      return
    }
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    }
    catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await new Promise(done => server?.close(done))
})

interface Loaded { page: Page, errors: string[], warnings: string[], requests: string[], failed: string[], requestedWhenRegistered: string[] }

async function open(variant: 'development' | 'production'): Promise<Loaded> {
  const page = await browser.newPage()
  const loaded: Loaded = { page, errors: [], warnings: [], requests: [], failed: [], requestedWhenRegistered: [] }
  page.on('pageerror', error => loaded.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'warning')
      loaded.warnings.push(message.text())
  })
  page.on('request', request => loaded.requests.push(new URL(request.url()).pathname))
  page.on('response', (response) => {
    if (response.status() >= 400)
      loaded.failed.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  await page.goto(`${origin}/${variant}.html`)
  // A module that throws (`process is not defined`) never mounts: stop at its message.
  await vi.waitFor(async () => {
    if (loaded.errors.length)
      return
    expect(await page.locator('.ready').count()).toBe(1)
  }, { timeout: 30_000, interval: 100 })
  loaded.requestedWhenRegistered = await page.evaluate(() => (window as { requestedWhenRegistered?: string[] }).requestedWhenRegistered ?? [])
  if (loaded.errors.length)
    throw new Error(`the page threw: ${loaded.errors.join('; ')}`)
  return loaded
}

describe.each(['production', 'development'] as const)('dist/vue-webmcp.esm-browser (%s) with an import map', (variant) => {
  let loaded: Loaded
  beforeAll(async () => {
    loaded = await open(variant)
  })
  afterAll(async () => {
    await loaded?.page.close()
  })

  it('mounts with Vue\'s esm-browser build: no `process`, no missing file', () => {
    expect(loaded.errors).toEqual([])
    expect(loaded.failed).toEqual([])
    const file = `/vue-webmcp/vue-webmcp.esm-browser${variant === 'production' ? '.prod' : ''}.js`
    expect(loaded.requests).toContain(file)
    // The page's own copy of Vue, through the import map.
    expect(loaded.requests.filter(p => p.startsWith('/vue/'))).toEqual([`/vue/vue.esm-browser${variant === 'production' ? '.prod' : ''}.js`])
  })

  it('registers its tool with a JSON Schema before any lazily loaded file is requested', () => {
    const startup = new Set([...startupFiles(`vue-webmcp.esm-browser${variant === 'production' ? '.prod' : ''}.js`)].map(f => `/vue-webmcp/${f}`))
    const lazyBeforeRegistered = loaded.requestedWhenRegistered.filter(p => p.startsWith('/vue-webmcp/') && !startup.has(p))
    expect(lazyBeforeRegistered).toEqual([])
  })

  it('an agent\'s call returns the normalized result, the call pipeline loaded with import() once the page was idle', async () => {
    const { page } = loaded
    // Not start-up code: loaded with import() once the page is idle after its tools registered.
    const startup = [...startupFiles(`vue-webmcp.esm-browser${variant === 'production' ? '.prod' : ''}.js`)]
    expect(startup.filter(f => f.startsWith('browser/call-')), 'the call pipeline is not start-up code').toEqual([])
    expect(loaded.requestedWhenRegistered.some(p => /\/browser\/call-/.test(p)), 'the call pipeline waits until the tools registered').toBe(false)
    await expect.poll(() => loaded.requests.some(p => /\/browser\/call-/.test(p)), { message: 'the warm-up loads the call pipeline' }).toBe(true)
    expect(await page.webmcp.callTool('add_to_counter', { n: 2 }, { timeout: 20_000 }))
      .toEqual({ content: [{ type: 'text', text: '{"count":2}' }] })
    await expect.poll(() => page.locator('.count').innerText()).toBe('Count: 2')

    const invalid = await page.webmcp.callTool('add_to_counter', { n: 'two' }, { timeout: 20_000 }) as { isError?: boolean, content: { text: string }[], _meta?: Record<string, unknown> }
    expect(invalid.isError).toBe(true)
    expect(invalid._meta?.['vue-webmcp/code']).toBe('INVALID_ARGS')
    expect(invalid.content[0]!.text).toContain('/n')
    expect(loaded.errors).toEqual([])
    expect(loaded.failed).toEqual([])
  })

  it(variant === 'production' ? 'does no development checks' : 'warns in development', () => {
    const budgetWarnings = loaded.warnings.filter(w => w.includes('[vue-webmcp]') && w.includes('long_description'))
    if (variant === 'production')
      expect(budgetWarnings).toEqual([])
    else
      expect(budgetWarnings).toHaveLength(1)
  })
})

describe('the site\'s example, as written', () => {
  it('loads from its CDN URLs (answered here from node_modules/vue and dist/) and its tool works', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    const cdn: string[] = []
    page.on('pageerror', error => errors.push(error.message))
    // No network here: the CDN's answers come from the same files the package ships.
    await page.route('https://unpkg.com/**', async (route) => {
      const { pathname } = new URL(route.request().url())
      const match = /^\/(vue|vue-webmcp)@[^/]+\/(dist\/.+)$/.exec(pathname)
      const file = match && resolve(root, match[1] === 'vue' ? 'node_modules/vue' : '.', match[2]!)
      cdn.push(pathname)
      if (!file)
        return route.fulfill({ status: 404 })
      await route.fulfill({ path: file, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' } })
    })
    try {
      await page.goto(`${origin}/readme.html`)
      await vi.waitFor(async () => {
        if (errors.length)
          return
        expect(await page.webmcp.tools({ timeout: 20_000 })).toEqual([expect.objectContaining({ name: 'add_task' })])
      }, { timeout: 30_000, interval: 100 })
      expect(errors).toEqual([])
      expect(await page.webmcp.callTool('add_task', { title: 'Water the plants' }, { timeout: 20_000 }))
        .toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
      await expect.poll(() => page.locator('#app p').innerText()).toBe('1 task(s)')
      // The lazy chunks came from beside the file on the CDN.
      expect(cdn.some(p => /^\/vue-webmcp@[^/]+\/dist\/browser\/call-/.test(p))).toBe(true)
      expect(errors).toEqual([])
    }
    finally {
      await page.close()
    }
  })
})
