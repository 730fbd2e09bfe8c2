import type { WebMCPToolResponse } from '../../src'
// The debugging tools in native Chromium, through Playwright's frame.webmcp
// (the path chrome-devtools-mcp's list_3p_developer_tools takes too): in this
// development build they are listed with `debugging: true` and answer from
// the calls an agent really made. The production build is checked in
// test/e2e/debug-tools.e2e.test.ts.
import { describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { createApp, defineComponent, h } from 'vue'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { resultSize } from '../../src/results'
import { until } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

interface Listed { name: string, annotations?: Record<string, boolean | undefined> }

describe('debugging tools (development build, native Chromium)', () => {
  it('are listed with debugging: true and answer correctly after real calls', async () => {
    const name = uniqueName('greet')
    const app = createApp(defineComponent({
      name: 'Greeter',
      setup() {
        useWebMCPTool({
          name,
          description: 'Greets someone.',
          inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
          execute: ({ who }) => `Hello, ${who}!`,
        })
        return () => h('p', 'greeter')
      },
    }))
    app.provide(WEBMCP_CONFIG, { debugTools: true })
    const el = document.body.appendChild(document.createElement('div'))
    app.mount(el)
    cleanups.push(() => app.unmount())

    let listed: Listed[] = []
    await until(async () => {
      listed = await commands.listTools() as Listed[]
      return listed.some(t => t.name === 'webmcp_debug_calls') && listed.some(t => t.name === name)
    }, 10_000)
    // Playwright's tools() maps annotations to its own names and leaves `debugging`
    // out, so the annotations are read from the browser's own getTools().
    expect(listed.find(t => t.name === 'webmcp_debug_tools')!.annotations).toMatchObject({ readOnly: true })
    const native = await mc.getTools()
    for (const debug of ['webmcp_debug_tools', 'webmcp_debug_tool', 'webmcp_debug_calls'])
      expect(native.find(t => t.name === debug)!.annotations).toMatchObject({ debugging: true, readOnlyHint: true })
    expect(native.find(t => t.name === name)!.annotations?.debugging).toBeFalsy()

    expect(await commands.callTool(name, { who: 'Ada' })).toEqual({ content: [{ type: 'text', text: 'Hello, Ada!' }] })
    expect(await commands.callTool(name, {})).toMatchObject({ isError: true, _meta: { 'vue-webmcp/code': 'INVALID_ARGS' } })

    const tools = JSON.parse(textOf(await commands.callTool('webmcp_debug_tools', { name })))
    expect(tools).toEqual({
      tools: [{ name, owner: '<Greeter>', enabled: true, registered: true, calls: 2, last: 'INVALID_ARGS' }],
      page: 1,
      pages: 1,
      total: 1,
    })
    const calls = JSON.parse(textOf(await commands.callTool('webmcp_debug_calls', { tool: name })))
    expect(calls.calls.map((c: { ok: boolean, code: string, caller: string }) => [c.ok, c.code, c.caller])).toEqual([
      [false, 'INVALID_ARGS', 'agent'],
      [true, 'OK', 'agent'],
    ])
    expect(calls.calls[1].textLength).toBe('Hello, Ada!'.length)
  })

  it('page through 40 tools whole, each page within the budget as sent, in \'error\' mode', async () => {
    const prefix = uniqueName('many')
    const app = createApp(defineComponent({
      name: 'Many',
      setup() {
        for (let i = 0; i < 40; i++)
          useWebMCPTool({ name: `${prefix}_${String(i).padStart(2, '0')}`, description: 'Says "hi".', execute: () => '' })
        return () => null
      },
    }))
    app.provide(WEBMCP_CONFIG, { debugTools: true, budgets: 'error' })
    app.mount(document.body.appendChild(document.createElement('div')))
    cleanups.push(() => app.unmount())
    await until(async () => (await mc.getTools()).some(t => t.name === 'webmcp_debug_tools'), 10_000)
    const names: string[] = []
    let pages = 1
    for (let page = 1; page <= pages; page++) {
      const response = await commands.callTool('webmcp_debug_tools', { name: prefix, page }) as WebMCPToolResponse
      expect(resultSize(response)).toBeLessThanOrEqual(1500)
      const answer = JSON.parse(textOf(response))
      pages = answer.pages
      names.push(...answer.tools.map((t: { name: string }) => t.name))
    }
    expect(names).toHaveLength(40)
    expect(new Set(names).size).toBe(40)
  })
})
