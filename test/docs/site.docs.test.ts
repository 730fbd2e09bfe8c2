// The documentation site as a reader gets it: the built pages (`npm run docs:build`) in Chromium
// with WebMCP on. Every page loads without a console error, every internal link and anchor leads
// somewhere, and each live demo's tools are registered in the browser and answer an agent's call
// through Playwright's page.webmcp.
import type { Browser, Page } from 'playwright'
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, relative } from 'node:path'
import { chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callTool, listTools } from 'vue-webmcp/testing'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'
import { checkNarrow } from '../../scripts/page-checks.mjs'

const dist = `${process.cwd()}/docs/.vitepress/dist` // vitest runs from the project's root
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }

/** Every page of the built site, as a path from the root (`/guide/install.html`). */
function builtPages(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'assets' ? [] : builtPages(path)
    return entry.name.endsWith('.html') && entry.name !== '404.html' ? [`/${relative(dist, path)}`] : []
  })
}

/** The file a request for `path` gets: as a static host serves the site, with no fallback page. */
function fileFor(path: string): string {
  const clean = decodeURIComponent(path.split(/[?#]/)[0]!)
  return join(dist, clean.endsWith('/') ? `${clean}index.html` : clean)
}

let browser: Browser
let page: Page
let server: ReturnType<typeof createServer>
let origin: string
const problems: string[] = []
/** Internal links seen on each page, and the ids each page has. */
const links = new Map<string, Set<string>>()
const ids = new Map<string, Set<string>>()
/** The pages with a live demo: each function that does something visible, and the guide pages that show one. */
const DEMO_PAGES = ['useWebMCPTool', 'useWebMCPTools', 'defineWebMCPTool', 'useWebMCPForm', 'useRegisteredTools', 'useWebMCPConfirmations', 'WEBMCP_CONFIG', 'provideWebMCPConfig']
  .map(name => `/functions/${name}.html`)
  .concat('/guide/first-tool.html', '/guide/guard.html', '/guide/schemas.html', '/guide/confirmation.html', '/guide/prompt-injection.html')
/** The demos whose tool is consequential: its call waits until the person approves it in the page. */
const CONFIRM_PAGES = new Set(['/functions/useWebMCPConfirmations.html', '/guide/confirmation.html'])
const demos: { path: string, call: { name: string, input?: Record<string, unknown> }, expect: string }[] = []

beforeAll(async () => {
  if (!existsSync(`${dist}/index.html`))
    throw new Error('The site is not built: run `npm run docs:build` first (`npm run test:docs` does both).')
  server = createServer(async (req, res) => {
    try {
      const file = fileFor(req.url ?? '/')
      const body = await readFile(file)
      res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      res.end(body)
    }
    catch {
      res.statusCode = 404
      res.end('not found')
    }
  })
  await new Promise<void>(resolve => server.listen(0, 'localhost', resolve))
  const address = server.address()
  origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS })
  page = await browser.newPage()
  watch(page, '(demo tests)')
  // A few tabs at once: most of a page's time is waiting on the browser, not on the CPU.
  const queue = builtPages()
  await Promise.all(Array.from({ length: SWEEP_TABS }, async () => {
    const tab = await browser.newPage()
    let current = ''
    watch(tab, () => current)
    for (let path = queue.shift(); path; path = queue.shift()) {
      current = path
      await tab.goto(origin + path, { waitUntil: 'load' })
      // Hydrated: VitePress's client has mounted, so the demos (client-only) are rendered.
      await tab.waitForFunction(() => !!(document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__)
      const seen = await tab.evaluate(() => ({
        links: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(a => a.origin === location.origin).map(a => a.pathname + a.hash),
        ids: [...document.querySelectorAll('[id]')].map(e => e.id),
        demo: document.querySelector<HTMLElement>('[data-demo-call]')?.dataset,
      }))
      links.set(path, new Set(seen.links))
      ids.set(path, new Set(seen.ids))
      if (seen.demo)
        demos.push({ path, call: JSON.parse(seen.demo.demoCall!), expect: seen.demo.demoExpect! })
    }
    await tab.close()
  }))
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await new Promise(resolve => server?.close(resolve))
})

/** Pages loaded at once while every page is checked. */
const SWEEP_TABS = 4

/** Records console errors and uncaught exceptions of `tab`, with the page they happened on. */
function watch(tab: Page, where: string | (() => string)) {
  const at = () => typeof where === 'string' ? where : where()
  tab.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`${at()}: console error: ${message.text()} (${message.location().url})`)
  })
  tab.on('pageerror', error => problems.push(`${at()}: uncaught: ${error.message}`))
}

async function open(path: string) {
  await page.goto(origin + path)
  await page.waitForSelector('[data-testid="dev-panel"] [data-tool]')
}

describe('the documentation site', () => {
  it('has a page for each part of the guide and every export, and each loads without a console error', () => {
    const pages = builtPages()
    expect(pages.length).toBeGreaterThan(60)
    for (const path of ['/guide/first-tool.html', '/guide/schemas.html', '/guide/confirmation.html', '/functions/useWebMCPForm.html', '/testing/initScript.html', '/api/index/interfaces/WebMCPConfig.html'])
      expect(pages).toContain(path)
    expect(problems).toEqual([])
  })

  it('every internal link leads to a built page, and every anchor to an id on it', () => {
    const broken: string[] = []
    for (const [from, targets] of links) {
      for (const target of targets) {
        const [path, hash] = target.split('#') as [string, string | undefined]
        if (!existsSync(fileFor(path)))
          broken.push(`${from} -> ${target}: no such page`)
        else if (hash && ids.has(path) && !ids.get(path)!.has(decodeURIComponent(hash)))
          broken.push(`${from} -> ${target}: no such anchor`)
      }
    }
    expect(broken).toEqual([])
  })

  it('the pages with a live demo are the ones this test calls', () => {
    expect(demos.map(d => d.path).sort()).toEqual([...DEMO_PAGES].sort())
  })

  // One test per demo: each opens its page, finds its tools in the browser, and calls one.
  it.each(DEMO_PAGES)('%s: the demo\'s tools answer an agent through page.webmcp, and the page shows the call', async (path) => {
    const demo = demos.find(d => d.path === path)
    expect(demo, `${path} has no live demo`).toBeDefined()
    const { call, expect: expected } = demo!
    await open(path)
    await expect.poll(async () => (await page.webmcp.tools()).map(t => t.name)).toContain(call.name)
    const calling = page.webmcp.callTool(call.name, call.input ?? {}, { timeout: 30_000 })
    if (CONFIRM_PAGES.has(path)) {
      // The call waits in the demo's dialog, with the agent's arguments, until the person approves.
      const dialog = page.getByTestId('confirm-dialog')
      await dialog.waitFor()
      expect(await dialog.innerText()).toContain(call.name)
      await page.getByTestId('confirm-approve').click()
    }
    const result = await calling
    // What the agent reads: the text blocks (the whole result when it has none).
    const blocks = (result as { content?: { text?: string }[] }).content ?? []
    expect(blocks.map(block => block.text).join('\n') || JSON.stringify(result)).toContain(expected)
    // The page saw the call: the panel's log has it (WEBMCP_CONFIG.onToolResult).
    await expect.poll(() => page.locator('[data-testid="call-log"] li').first().textContent()).toContain(call.name)
    // Native WebMCP here: the demo says so, and does not claim the in-memory fallback.
    expect(await page.getByTestId('demo-context').innerText()).toContain('registered in your browser')
    expect(problems).toEqual([])
  })

  it('without WebMCP, a demo runs on the in-memory context, says so, and its tool still answers', async () => {
    const plain = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS.filter(arg => arg !== '--enable-features=WebMCP') })
    try {
      const tab = await plain.newPage()
      watch(tab, 'without WebMCP')
      await tab.goto(`${origin}/functions/useWebMCPTool.html`)
      await tab.waitForSelector('[data-testid="dev-panel"] [data-tool="increment_counter"]')
      expect(await tab.getByTestId('demo-context').innerText()).toContain('in-memory context')
      expect((await listTools(tab)).map(tool => tool.name)).toEqual(['increment_counter'])
      expect(await callTool(tab, 'increment_counter', { by: 3 })).toEqual({ content: [{ type: 'text', text: '{"count":3}' }] })
      await expect.poll(() => tab.getByTestId('count').innerText()).toBe('3')
    }
    finally {
      await plain.close()
    }
    expect(problems).toEqual([])
  })

  it('works 390 px wide: no sideways scroll, the demo\'s panel on screen with its Try buttons', async () => {
    await open('/functions/useWebMCPTool.html')
    expect(await checkNarrow(page)).toEqual([])
  })
})
