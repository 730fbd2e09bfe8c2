import type { NuxtPage } from '@nuxt/test-utils/e2e'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { $fetch, createPage, fetch, getServerLogs, setup } from '@nuxt/test-utils/e2e'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'

/** Whether `port` can be listened on now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A port free now that stays free until the server takes it, a build later: below the
 * kernel's ephemeral range, where no outgoing connection is given one meanwhile (a port
 * from listen(0), freed at once, can be).
 */
async function reservedPort(): Promise<number> {
  let below = 32_768
  try {
    below = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || below
  }
  catch {} // not Linux: the usual lower bound
  const from = Math.min(20_000, below - 2_000)
  // A random start: two runs on one machine seldom try the same ports.
  const start = Math.floor(Math.random() * (below - from))
  for (let i = 0; i < below - from; i++) {
    const port = from + (start + i) % (below - from)
    if (await free(port))
      return port
  }
  throw new Error(`no free port in ${from}-${below - 1}`)
}

// Known before the build: the fixture's Permissions-Policy names the frame's origin.
const port = await reservedPort()
const frameOrigin = `http://localhost:${port}`
process.env.WEBMCP_FIXTURE_FRAME_ORIGIN = frameOrigin

await setup({
  rootDir: fileURLToPath(new URL('./fixture', import.meta.url)),
  port,
  browser: true,
  browserOptions: { type: 'chromium', launch: { executablePath: requireChromium(), args: CHROMIUM_ARGS } },
})

interface ToolResponse { content: { type: string, text: string }[], isError?: boolean, _meta?: Record<string, unknown> }

/** A page with the console's warnings and errors collected from the first script on. */
async function openPage(path: string): Promise<{ page: NuxtPage, problems: string[] }> {
  const page = await createPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', error => problems.push(`pageerror: ${error.message}`))
  await page.goto(new URL(path, `http://127.0.0.1:${port}`).href, { waitUntil: 'hydration' })
  return { page, problems }
}

async function toolNames(page: NuxtPage): Promise<string[]> {
  const tools = await page.webmcp.tools({ timeout: 30_000 })
  return tools.map(tool => tool.name).sort()
}

function call(page: NuxtPage, name: string, input: Record<string, unknown> = {}): Promise<ToolResponse> {
  return page.webmcp.callTool(name, input, { timeout: 30_000 }) as Promise<ToolResponse>
}

describe('server rendering', () => {
  it('renders the page with no browser API and no warning', async () => {
    const html = await $fetch<string>('/')
    expect(html).toContain('<h1>Tasks</h1>')
    // Rendered, not registered: the server never touches document.modelContext.
    expect(html).toContain('not registered')
    // No error page and no error in the payload (Nuxt puts one under "error").
    expect(html).not.toMatch(/"error"|statusCode|nuxt-error/)
    const logs = getServerLogs().join('\n')
    expect(logs).not.toMatch(/warn|error|modelContext|document is not defined/i)
  })

  it('sends the tools Permissions-Policy from the module option', async () => {
    const response = await fetch('/')
    expect(response.headers.get('permissions-policy')).toBe(`tools=(self "${frameOrigin}")`)
  })
})

describe('in Chromium with WebMCP', () => {
  it('lists the page\'s tools after hydration, with no console warning', async () => {
    const { page, problems } = await openPage('/')
    await expect.poll(() => toolNames(page)).toEqual(['add_task', 'big_object', 'long_text', 'pay_invoice', 'slow'])
    await expect.poll(() => page.locator('#registered').textContent()).toContain('registered')
    expect(problems).toEqual([])
    await page.close()
  })

  it('calls return normalized results, and the plugin\'s hooks see them', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toContain('add_task')
    expect(await call(page, 'add_task', { title: 'Buy milk' })).toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
    await expect.poll(() => page.locator('li').allTextContents()).toEqual(['Buy milk'])
    // Validation is on: a bad call never reaches execute.
    const invalid = await call(page, 'add_task', {})
    expect(invalid.isError).toBe(true)
    expect(invalid._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    // The hooks a plugin set: the runtime hook (onToolResult) and useWebMCPConfig (onToolCall, with includeArgs).
    const log = await page.evaluate(() => (window as unknown as { __webmcpLog: unknown[] }).__webmcpLog)
    expect(log).toEqual([
      { hook: 'onToolCall', name: 'add_task', args: { title: 'Buy milk' } },
      { hook: 'onToolResult', name: 'add_task', ok: true },
      { hook: 'onToolCall', name: 'add_task', args: {} },
      { hook: 'onToolResult', name: 'add_task', ok: false, code: 'INVALID_ARGS' },
    ])
    await page.close()
  })

  it('a consequential tool asks the confirm callback a plugin set: approved runs, declined answers DECLINED', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toContain('pay_invoice')
    expect(await call(page, 'pay_invoice', { amount: 40 })).toEqual({ content: [{ type: 'text', text: 'Paid 40.' }] })
    const declined = await call(page, 'pay_invoice', { amount: 4000 })
    expect(declined.isError).toBe(true)
    expect(declined._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(await page.evaluate(() => (window as unknown as { __webmcpAsked: unknown[] }).__webmcpAsked)).toEqual([
      { name: 'pay_invoice', args: { amount: 40 } },
      { name: 'pay_invoice', args: { amount: 4000 } },
    ])
    expect(await page.locator('#waiting').textContent()).toContain('0 waiting')
    await page.close()
  })

  it('nuxt.config\'s confirm.timeoutMs bounds the plugin\'s ask: a request nobody decides is declined', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toContain('pay_invoice')
    const unanswered = await call(page, 'pay_invoice', { amount: 13 })
    expect(unanswered._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(unanswered.content[0]!.text).toContain('nobody decided within 300 ms')
    await page.close()
  })

  it('applies budgets: \'error\' from nuxt.config to results', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toContain('long_text')
    // A production build: without the config, budgets are off and these would pass through whole.
    const text = await call(page, 'long_text')
    expect(text.isError).toBeUndefined()
    expect(text.content[0]!.text.length).toBeLessThanOrEqual(1500)
    expect(text.content[0]!.text).toContain('[truncated: showed')
    const object = await call(page, 'big_object')
    expect(object.isError).toBe(true)
    expect(object._meta).toEqual({ 'vue-webmcp/code': 'OUTPUT_TOO_LARGE' })
    await page.close()
  })

  it('applies timeoutMs from nuxt.config', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toContain('slow')
    const result = await call(page, 'slow')
    expect(result.isError).toBe(true)
    expect(result._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
    await page.close()
  })

  it('swaps the tools when the route changes, both ways', async () => {
    const { page } = await openPage('/')
    await expect.poll(() => toolNames(page)).toEqual(['add_task', 'big_object', 'long_text', 'pay_invoice', 'slow'])
    await page.click('#to-other')
    await expect.poll(() => toolNames(page)).toEqual(['other_page_tool'])
    expect(await call(page, 'other_page_tool')).toEqual({ content: [{ type: 'text', text: 'from the other page' }] })
    await page.click('#to-index')
    await expect.poll(() => toolNames(page)).toEqual(['add_task', 'big_object', 'long_text', 'pay_invoice', 'slow'])
    await page.close()
  })

  it('lets a cross-origin frame register only with allow="tools" and its origin in the header', async () => {
    const { page } = await openPage('/frames')
    const status = (id: string) => page.frameLocator(`#${id}`).locator('#status').textContent({ timeout: 20_000 })
    await expect.poll(() => status('listed-with-allow'), { timeout: 20_000 }).toMatch(/^\s*registered\s*$/)
    // The frame element's allow attribute is missing.
    await expect.poll(() => status('listed-without-allow'), { timeout: 20_000 }).toContain('NotAllowedError')
    // The header does not name this origin: allow="tools" alone is not enough.
    await expect.poll(() => status('unlisted-with-allow'), { timeout: 20_000 }).toContain('NotAllowedError')
    await page.close()
  })
})
