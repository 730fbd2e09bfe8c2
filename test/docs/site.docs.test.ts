// The documentation site as a reader gets it: the built pages (`npm run docs:build`) in Chromium
// with WebMCP on. Every page loads without a console error, every internal link and anchor leads
// somewhere, and each live demo's tools are registered in the browser and answer an agent's call
// through Playwright's page.webmcp. axe-core finds no serious or critical accessibility problem on
// any page, in the light scheme or the dark one, and every function page shows code to copy before
// its first section. The site serves llms.txt, linking every page, and llms-full.txt, their text.
import type { Browser, Page } from 'playwright'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { extname, join, relative } from 'node:path'
import { chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { callTool, listTools } from 'vue-webmcp/testing'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'
import { checkNarrow } from '../../scripts/page-checks.mjs'

const dist = `${process.cwd()}/docs/.vitepress/dist` // vitest runs from the project's root
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8' }

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
  .concat('/guide/first-tool.html', '/guide/guard.html', '/guide/schemas.html', '/guide/confirmation.html', '/guide/prompt-injection.html', '/guide/vee-validate.html')
/** The demos whose tool is consequential: its call waits until the person approves it in the page. */
const CONFIRM_PAGES = new Set(['/functions/useWebMCPConfirmations.html', '/guide/confirmation.html'])
/** The demos whose call fills a form and waits until the person sends it. */
const SEND_PAGES = new Set(['/guide/vee-validate.html'])
const demos: { path: string, call: { name: string, input?: Record<string, unknown> }, expect: string }[] = []
/** Each page's serious and critical accessibility violations, per colour scheme. */
const violations = new Map<string, string[]>()
/** Function pages (an export's own page) whose first second-level heading comes before any code. */
const proseFirst: string[] = []

/** axe-core's browser build, injected into each page. */
const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/**
 * VitePress's own search button: its look and label are the theme's, not this site's (its
 * keyboard hint has too little contrast in the dark scheme).
 */
const AXE_EXCLUDE = ['.VPNavBarSearch']

/** The serious and critical violations axe-core finds on the page as it is now, one line each. */
async function accessibilityProblems(tab: Page): Promise<string[]> {
  if (!(await tab.evaluate(() => 'axe' in window)))
    await tab.addScriptTag({ content: AXE })
  return tab.evaluate(async (exclude) => {
    interface Violation { id: string, impact?: string | null, nodes: { target: unknown[] }[] }
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe
    const { violations } = await axe.run({ exclude: exclude.map(selector => [selector]) }, { resultTypes: ['violations'] })
    return violations
      .filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}${v.nodes.length > 3 ? `, and ${v.nodes.length - 3} more` : ''}`)
  }, AXE_EXCLUDE)
}

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
        // Code to copy (a code block, or a group of them) before the first section's heading.
        codeFirst: (() => {
          const code = document.querySelector('.vp-doc div[class*="language-"]')
          const h2 = document.querySelector('.vp-doc h2')
          return !!code && (!h2 || !!(code.compareDocumentPosition(h2) & Node.DOCUMENT_POSITION_FOLLOWING))
        })(),
      }))
      links.set(path, new Set(seen.links))
      ids.set(path, new Set(seen.ids))
      if (seen.demo)
        demos.push({ path, call: JSON.parse(seen.demo.demoCall!), expect: seen.demo.demoExpect! })
      if (/^\/(?:functions|testing)\/(?!index)/.test(path) && !seen.codeFirst)
        proseFirst.push(path)
    }
    await tab.close()
  }))
}, 900_000)

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

/** Presses Tab until the element `selector` has the focus, as a keyboard user moves through a page. */
async function tabTo(selector: string, presses = 80) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate(s => !!document.activeElement?.matches(s), selector))
      return
  }
  throw new Error(`${presses} presses of Tab never reached ${selector}`)
}

async function open(path: string) {
  await page.goto(origin + path)
  await page.waitForSelector('[data-testid="dev-panel"] [data-tool]')
}

describe('the documentation site', () => {
  it('has a page for each part of the guide and every export, and each loads without a console error', () => {
    const pages = builtPages()
    expect(pages.length).toBeGreaterThan(60)
    for (const path of ['/guide/first-tool.html', '/guide/schemas.html', '/guide/confirmation.html', '/functions/useWebMCPForm.html', '/testing/initScript.html', '/api/vue-webmcp/interfaces/WebMCPConfig.html', '/guide/getting-started.html'])
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

  it('every function page opens with code to copy: its first code block comes before its first section', () => {
    expect(builtPages().filter(path => /^\/(?:functions|testing)\/(?!index)/.test(path)).length).toBeGreaterThan(25)
    expect(proseFirst).toEqual([])
  })

  it('axe-core finds no serious or critical accessibility violation on any page, light or dark', async () => {
    // A timed-out run stops loading pages, so the tests after it get the browser to themselves.
    const run = { finished: false }
    onTestFinished(() => {
      run.finished = true
    })
    const queue = builtPages()
    await Promise.all(Array.from({ length: SWEEP_TABS }, async () => {
      let current = ''
      const tab = await browser.newPage()
      watch(tab, () => current)
      for (let path = queue.shift(); path && !run.finished; path = queue.shift()) {
        current = path
        await tab.goto(origin + path, { waitUntil: 'load' })
        await tab.waitForFunction(() => !!(document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__)
        // A demo is looked at once it has rendered: its panel lists its tools.
        if (await tab.locator('[data-demo-call]').count())
          await tab.waitForSelector('[data-testid="dev-panel"] [data-tool]')
        violations.set(`${path} (light)`, await accessibilityProblems(tab))
        // The dark scheme, as VitePress's toggle and a dark system setting give it: its class on the
        // root element. Transitions off first, or axe would read colours halfway through one.
        await tab.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important }' })
        await tab.evaluate(() => document.documentElement.classList.add('dark'))
        violations.set(`${path} (dark)`, await accessibilityProblems(tab))
      }
      await tab.close()
    }))
    expect(violations.size).toBe(builtPages().length * 2)
    expect([...violations].filter(([, found]) => found.length).map(([page, found]) => `${page}: ${found.join('; ')}`)).toEqual([])
  }, 1_800_000)

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
    if (SEND_PAGES.has(path)) {
      // The call fills the form, with the agent's values in its fields, and waits for Send.
      const form = page.locator('.webmcp-demo form.agent-active')
      await form.waitFor()
      expect(await form.locator('input[name="email"]').inputValue()).toBe(call.input?.email)
      await form.getByRole('button', { name: 'Send invitation' }).click()
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

  it('a demo works from the keyboard alone: Tab to Try, type the argument, Tab to Run, and the tool runs', async () => {
    await open('/functions/useWebMCPTool.html')
    const tool = '[data-testid="dev-panel"] [data-tool="increment_counter"]'
    await tabTo(`${tool} button.try`)
    await page.keyboard.press('Enter')
    await tabTo(`${tool} .runner input`)
    await page.keyboard.type('2')
    await tabTo(`${tool} .runner button.primary`)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('count').innerText()).toBe('2')
    await expect.poll(() => page.locator('[data-testid="call-log"] li').first().textContent()).toContain('increment_counter')
  })

  it('works 390 px wide: no sideways scroll, the demo\'s panel on screen with its Try buttons', async () => {
    await open('/functions/useWebMCPTool.html')
    expect(await checkNarrow(page)).toEqual([])
  })
})

/** The pages of the guide, the recipes and the function pages: what a coding agent reads to use the package. */
const READER_PAGES = /^\/(?:guide|recipes|functions|testing)\//

/** The text the site serves at `path`, as a coding agent fetches it. */
async function served(path: string): Promise<string> {
  const response = await fetch(origin + path)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return response.text()
}

describe('llms.txt and llms-full.txt', () => {
  it('llms.txt names the site and links every guide page, recipe and function page, each to a built page', async () => {
    const text = await served('/llms.txt')
    expect(text).toMatch(/^# vue-webmcp\n\n> \S/)
    const linked = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map(m => m[1]!)
    const pages = builtPages().filter(path => READER_PAGES.test(path))
    expect(pages.length).toBeGreaterThan(50)
    expect(pages.filter(path => !linked.includes(path))).toEqual([])
    for (const path of ['/recipes/router.html', '/recipes/vitest.html', '/functions/useWebMCPTool.html', '/testing/callTool.html', '/guide/install.html'])
      expect(linked).toContain(path)
    expect(linked.filter(path => !existsSync(fileFor(path)))).toEqual([])
    expect(text).toContain('[llms-full.txt](/llms-full.txt)')
  })

  it('llms-full.txt holds the text of those pages, with the code their pages import from files', async () => {
    const text = await served('/llms-full.txt')
    const missing = builtPages().filter(path => READER_PAGES.test(path)).filter((path) => {
      const source = readFileSync(`${process.cwd()}/docs${path.replace(/\.html$/, '.md')}`, 'utf8')
      return !text.includes(`Source: ${path}\n\n${source.match(/^# .+$/m)![0]}`)
    })
    expect(missing).toEqual([])
    // A page's `<<< @/file` import is the file's text; its demos and scripts are left out.
    expect(text).toContain(readFileSync(`${process.cwd()}/docs/recipes/kanban/navigation.ts`, 'utf8').trim())
    expect(text).not.toMatch(/^<<< /m)
    expect(text).not.toContain('<ClientOnly>')
    // Links from the site's root, each to a built page: a reader of one file has no page to resolve `../x` against.
    const links = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map(m => m[1]!.split('#')[0]!)
    expect(links.length).toBeGreaterThan(100)
    expect([...new Set(links)].filter(path => !existsSync(fileFor(path)))).toEqual([])
  })
})
