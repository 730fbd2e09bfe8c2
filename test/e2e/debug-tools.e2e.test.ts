// One tiny app with `WEBMCP_CONFIG.debugTools: true`, built twice by Vite
// against the package as installed (dist/): a development build lists the
// debugging tools, with `debugging: true`; a production build has none of
// them, and none of the DevTools code, whatever the config says. Both run in
// native Chromium and are read as an agent reads them; a coding agent reads
// the development build's through chrome-devtools-mcp, as docs/guide/devtools.md says.
import type { Buffer } from 'node:buffer'
import type { Browser } from 'playwright'
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { chromium } from 'playwright'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const work = join(root, 'node_modules/.cache/vue-webmcp-debug-e2e')

const MAIN = `
import { createApp, h } from 'vue'
import { useWebMCPTool, WEBMCP_CONFIG } from 'vue-webmcp'

const app = createApp({
  name: 'Greeter',
  setup() {
    const { isRegistered } = useWebMCPTool({ name: 'greet', description: 'Greets someone.', execute: () => 'Hello!' })
    return () => h('p', { class: isRegistered.value ? 'ready' : '' }, 'greeter')
  },
})
app.provide(WEBMCP_CONFIG, { debugTools: true })
app.mount('#app')
`

type Mode = 'development' | 'production'
const built: Record<Mode, Map<string, string>> = { development: new Map(), production: new Map() }
let server: ReturnType<typeof createServer>
let origin: string
let browser: Browser

async function buildApp(mode: Mode): Promise<void> {
  const dir = join(work, mode)
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'node_modules'), { recursive: true })
  await symlink(root, join(dir, 'node_modules/vue-webmcp'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><body><div id="app"></div><script type="module" src="./main.js"></script></body></html>')
  await writeFile(join(dir, 'main.js'), MAIN)
  const result = await build({
    root: dir,
    mode,
    base: './',
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    build: { write: false, minify: mode === 'production', modulePreload: false },
  })
  type Output = { fileName: string, type: string, code?: string, source?: string | Uint8Array }[]
  const { output } = (Array.isArray(result) ? result[0] : result) as { output: Output }
  for (const file of output)
    built[mode].set(`/${file.fileName}`, String(file.type === 'chunk' ? file.code : file.source))
}

beforeAll(async () => {
  await buildApp('development')
  await buildApp('production')
  server = createServer((req, res) => {
    const [, mode, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/')
    const body = built[mode as Mode]?.get(`/${rest.join('/') || 'index.html'}`)
    if (body === undefined)
      return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': rest.join('/').endsWith('.js') ? 'text/javascript' : 'text/html' }).end(body)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await new Promise(resolve => server?.close(resolve))
  await rm(work, { recursive: true, force: true })
})

async function open(mode: Mode) {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', error => errors.push(error.message))
  // The built index.html loads ./assets/... relative to /<mode>/.
  await page.goto(`${origin}/${mode}/`)
  await page.waitForSelector('p.ready', { timeout: 30_000 })
  return { page, errors }
}

interface NativeTool { name: string, annotations?: Record<string, unknown> }

describe('debugging tools across builds (Vite, native Chromium)', () => {
  it('a development build lists them with debugging: true, and they answer', async () => {
    const { page, errors } = await open('development')
    await expect.poll(async () => (await page.webmcp.tools()).map(t => t.name).sort())
      .toEqual(['greet', 'webmcp_debug_calls', 'webmcp_debug_tool', 'webmcp_debug_tools'])
    const native = await page.evaluate(async () => {
      return (await document.modelContext!.getTools()).map(t => ({ name: t.name, annotations: t.annotations }))
    }) as NativeTool[]
    expect(native.find(t => t.name === 'webmcp_debug_tools')!.annotations).toMatchObject({ debugging: true, readOnlyHint: true })
    expect(await page.webmcp.callTool('greet', {})).toEqual({ content: [{ type: 'text', text: 'Hello!' }] })
    const answer = await page.webmcp.callTool('webmcp_debug_tools', {}) as { content: { text: string }[] }
    expect(JSON.parse(answer.content[0]!.text).tools).toEqual([{ name: 'greet', owner: '<Greeter>', enabled: true, registered: true, calls: 1, last: 'OK' }])
    expect(errors).toEqual([])
    await page.close()
  })

  it('a production build has neither the tools nor the code', async () => {
    const { page, errors } = await open('production')
    // Give a late registration every chance to show up.
    await page.waitForTimeout(200)
    expect((await page.webmcp.tools()).map(t => t.name)).toEqual(['greet'])
    expect(await page.evaluate(async () => (await document.modelContext!.getTools()).map(t => t.name))).toEqual(['greet'])
    expect(errors).toEqual([])
    await page.close()
    const code = [...built.production.values()].join('\n')
    for (const marker of ['webmcp_debug', 'devtools-plugin:setup', 'smart_toy', 'WebMCP tools'])
      expect(code, marker).not.toContain(marker)
    // The development build does carry them: the markers are the right ones.
    const dev = [...built.development.values()].join('\n')
    for (const marker of ['webmcp_debug', 'devtools-plugin:setup', 'smart_toy'])
      expect(dev, marker).toContain(marker)
  })
})

describe('a coding agent through chrome-devtools-mcp', () => {
  it('lists the debugging tools with list_3p_developer_tools and runs them with execute_3p_developer_tool', async () => {
    const client = new Client({ name: 'vue-webmcp-test', version: '0.0.0' })
    let stderr = ''
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        join(root, 'node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js'),
        `--executablePath=${requireChromium()}`,
        ...[...CHROMIUM_ARGS, '--no-sandbox'].map(arg => `--chromeArg=${arg}`),
        '--headless=true',
        '--isolated=true',
        '--usageStatistics=false',
        '--categoryExperimentalThirdParty=true',
        '--categoryExperimentalWebmcp=true',
      ],
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      interface Result { content: { type: string, text?: string }[], isError?: boolean }
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 }) as Result
      return { text: result.content.map(c => c.text ?? '').join('\n'), isError: result.isError }
    }
    try {
      await client.connect(transport)
      const names = (await client.listTools()).tools.map(t => t.name)
      expect(names).toEqual(expect.arrayContaining(['list_3p_developer_tools', 'execute_3p_developer_tool', 'list_webmcp_tools', 'execute_webmcp_tool']))
      const url = `${origin}/development/`
      await call('new_page', { url })
      const pages = (await call('list_pages')).text
      const pageId = Number(new RegExp(`(\\d+): ${url}`).exec(pages)?.[1])
      expect(pageId, pages).toBeGreaterThan(0)
      await expect.poll(async () => (await call('list_3p_developer_tools', { pageId })).text, { timeout: 30_000, interval: 300 }).toContain('webmcp_debug_calls')
      const listed = (await call('list_3p_developer_tools', { pageId })).text
      for (const name of ['webmcp_debug_tools', 'webmcp_debug_tool', 'webmcp_debug_calls'])
        expect(listed).toContain(name)
      // The page's ordinary tools are listed apart, without the debugging ones.
      const ordinary = (await call('list_webmcp_tools', { pageId })).text
      expect(ordinary).toContain('greet')
      expect(ordinary).not.toContain('webmcp_debug')

      expect((await call('execute_webmcp_tool', { pageId, toolName: 'greet', input: '{}' })).text).toContain('Hello!')
      const answer = await call('execute_3p_developer_tool', { pageId, toolName: 'webmcp_debug_calls', params: JSON.stringify({ tool: 'greet' }) })
      expect(answer.isError, answer.text).toBeFalsy()
      // The page's MCP result, as JSON inside chrome-devtools-mcp's answer; our JSON inside its text.
      const result = JSON.parse(answer.text.slice(answer.text.indexOf('{'), answer.text.lastIndexOf('}') + 1))
      const { calls } = JSON.parse(result.content[0].text)
      expect(calls.map((c: { tool: string, caller: string, ok: boolean, code: string }) => [c.tool, c.caller, c.ok, c.code])).toEqual([['greet', 'agent', true, 'OK']])
    }
    catch (error) {
      throw new Error(`${(error as Error).message}\n--- chrome-devtools-mcp stderr ---\n${stderr.slice(-3000)}`)
    }
    finally {
      await client.close()
    }
  }, 120_000)
})
