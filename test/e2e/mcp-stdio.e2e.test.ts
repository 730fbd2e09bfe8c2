// Agents outside the page: a desktop MCP client (the official SDK's Client over
// stdio) starts Playwright MCP on Chromium with WebMCP on, as the site's (docs/guide/mcp-clients.md)
// recipe does, and uses the playground's tools as MCP tools named
// `webmcp_<name>`. Playwright MCP's tool list refreshes on a snapshot or an
// action, not on the page's toolchange: the test waits the way a client does.

import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { Buffer } from 'node:buffer'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'
import { startPlayground } from '../../scripts/playground-server.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Generous: two loaded cores, a browser to launch, a page to build.
const CALL_TIMEOUT = 60_000
const WAIT = { timeout: 45_000, interval: 200 }

interface CallResult { content: { type: string, text?: string }[], isError?: boolean }

let server: { url: string, close: () => Promise<void> }
let dir: string
let client: Client
let stderr = ''
let listChanged = 0
const transcript: string[] = []

function text(result: CallResult): string {
  return result.content.filter(c => c.type === 'text').map(c => c.text).join('\n')
}

/**
 * The page's own result inside Playwright MCP's wrapping: a line saying the
 * output is page-provided, then the value `execute` resolved to as indented JSON.
 */
function pageResult(result: CallResult): { content: { type: string, text: string }[], isError?: boolean, _meta?: Record<string, unknown> } {
  const all = text(result)
  expect(all).toContain('Output is page-provided and untrusted')
  const start = all.indexOf('\n{')
  expect(start, all).toBeGreaterThan(-1)
  for (let end = all.indexOf('\n}', start); end !== -1; end = all.indexOf('\n}', end + 1)) {
    try {
      return JSON.parse(all.slice(start + 1, end + 2))
    }
    catch {}
  }
  throw new Error(`no JSON in ${all}`)
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT }) as CallResult
  transcript.push(`call ${name} ${JSON.stringify(args)} -> ${result.isError ? 'isError ' : ''}${text(result).replace(/\s+/g, ' ').slice(0, 240)}`)
  return result
}

async function pageTools(): Promise<Tool[]> {
  const { tools } = await client.listTools(undefined, { timeout: CALL_TIMEOUT })
  return tools.filter(t => t.name.startsWith('webmcp_'))
}

/** Lists until `check` passes, taking a snapshot (what refreshes the list) between tries. */
async function toolsWhen(check: (names: string[]) => void): Promise<Tool[]> {
  let snapshots = 0
  const tools = await vi.waitFor(async () => {
    const tools = await pageTools()
    try {
      check(tools.map(t => t.name))
    }
    catch (error) {
      snapshots++
      await call('browser_snapshot')
      throw error
    }
    return tools
  }, WAIT)
  transcript.push(`tools/list (${snapshots} extra snapshot(s)): ${tools.map(t => t.name).join(', ')}`)
  return tools
}

beforeAll(async () => {
  server = await startPlayground()
  dir = await mkdtemp(join(tmpdir(), 'vue-webmcp-mcp-'))
  const config = join(dir, 'playwright-mcp.json')
  // The site's recipe, headless and without a sandbox (this CI runs as root).
  await writeFile(config, JSON.stringify({
    browser: {
      browserName: 'chromium',
      isolated: true,
      launchOptions: { executablePath: requireChromium(), headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS },
    },
    outputDir: join(dir, 'output'),
  }))
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'node_modules/playwright/cli.js'), 'mcp', '--config', config],
    cwd: dir,
    stderr: 'pipe',
  })
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  client = new Client({ name: 'vue-webmcp-e2e', version: '0.0.0' })
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    listChanged++
  })
  await client.connect(transport, { timeout: CALL_TIMEOUT })
})

afterAll(async () => {
  await client?.close()
  await server?.close()
  if (dir)
    await rm(dir, { recursive: true, force: true })
  if (process.env.MCP_TRANSCRIPT) {
    // eslint-disable-next-line no-console -- printing the transcript is what MCP_TRANSCRIPT asks for
    console.log(transcript.join('\n'))
  }
})

describe('an MCP client over stdio, through Playwright MCP', { timeout: 120_000 }, () => {
  it('after browser_navigate, the page\'s tools are listed as webmcp_<name> with their schemas', async () => {
    const navigated = await call('browser_navigate', { url: server.url })
    expect(navigated.isError, `${text(navigated)}\n${stderr}`).toBeFalsy()
    const tools = await toolsWhen(names => expect(names).toEqual(expect.arrayContaining(
      ['webmcp_list_tasks', 'webmcp_add_task', 'webmcp_complete_task', 'webmcp_open_task', 'webmcp_create_task', 'webmcp_tasks_by_tag'],
    )))
    const names = tools.map(t => t.name)
    // Shown only while the UI has them (a completed task, the editor open).
    expect(names).not.toContain('webmcp_clear_completed')
    expect(names).not.toContain('webmcp_update_task')

    const addTask = tools.find(t => t.name === 'webmcp_add_task')!
    expect(addTask.description).toContain('Adds an open task to the board')
    expect(addTask.inputSchema).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 120, description: 'What needs doing.' },
        priority: { type: 'string', enum: ['low', 'normal', 'high'] },
      },
      required: ['title'],
      additionalProperties: false,
    })
    // A tool written with Zod: its own JSON Schema, without the $schema line.
    const byTag = tools.find(t => t.name === 'webmcp_tasks_by_tag')!
    expect(byTag.inputSchema).toEqual({
      type: 'object',
      properties: {
        tag: { type: 'string', description: 'home, work or errand, in any case.' },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
      },
      required: ['tag'],
    })
    // The declarative form's schema, built by the browser from its controls.
    const createTask = tools.find(t => t.name === 'webmcp_create_task')!
    expect(createTask.inputSchema).toMatchObject({ type: 'object', required: ['title'], properties: { tags: { type: 'array', uniqueItems: true } } })
  })

  it('a call returns the normalized result', async () => {
    const listed = pageResult(await call('webmcp_list_tasks'))
    expect(listed.isError).toBeUndefined()
    expect(JSON.parse(listed.content[0]!.text).tasks).toHaveLength(2)

    const added = await call('webmcp_add_task', { title: 'Buy milk', priority: 'high' })
    expect(added.isError).toBeFalsy()
    expect(pageResult(added)).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ id: 3, title: 'Buy milk', priority: 'high', tags: [], done: false }) }],
    })
  })

  it('invalid arguments come back as an error naming the fields', async () => {
    const result = await call('webmcp_add_task', { priority: 'urgent' })
    expect(result.isError).toBe(true)
    const inner = pageResult(result)
    expect(inner.isError).toBe(true)
    expect(inner._meta?.['vue-webmcp/code']).toBe('INVALID_ARGS')
    expect(inner.content[0]!.text).toContain('/title: required')
    expect(inner.content[0]!.text).toContain('/priority: must be one of')
  })

  it('a tool that throws: its message reaches the client, not the browser\'s UnknownError', async () => {
    const result = await call('webmcp_complete_task', { id: 99 })
    expect(result.isError).toBe(true)
    expect(text(result)).not.toContain('UnknownError')
    expect(pageResult(result)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'There is no task 99. Call list_tasks for the ids.' }] })
  })

  it('a tool that appears after a UI change is listed after the next action, and one that goes away is unlisted', async () => {
    const changesBefore = listChanged
    const done = pageResult(await call('webmcp_complete_task', { id: 1 }))
    expect(JSON.parse(done.content[0]!.text).done).toBe(true)
    // A completed task exists now: the board registers clear_completed.
    await toolsWhen(names => expect(names).toContain('webmcp_clear_completed'))
    // Clients that re-list on tools/list_changed see it too.
    await vi.waitFor(() => expect(listChanged).toBeGreaterThan(changesBefore), WAIT)

    expect(text(await call('webmcp_open_task', { id: 3 }))).toContain('open')
    await toolsWhen(names => expect(names).toEqual(expect.arrayContaining(['webmcp_update_task', 'webmcp_close_task'])))
    const renamed = pageResult(await call('webmcp_update_task', { title: 'Buy oat milk' }))
    expect(JSON.parse(renamed.content[0]!.text).title).toBe('Buy oat milk')

    expect(pageResult(await call('webmcp_close_task')).content[0]!.text).toBe('Closed.')
    await toolsWhen(names => expect(names).not.toContain('webmcp_update_task'))
  })
})
