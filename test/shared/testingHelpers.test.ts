// vue-webmcp/testing's `callTool` and `listTools` against every lane's own
// context (native Chromium 156 and 150, the MCP-B polyfills, Firefox's own, the
// in-memory one), through a page whose `evaluate` runs the function in this
// document, as Playwright and Puppeteer run it in theirs.
import { describe, expect, it } from 'vitest'
import { useWebMCPTool } from '../../src'
import { callTool, listTools } from '../../src/testing'
import { mountingInto, until } from '../helpers'
import { lane, laneSuite, uniqueName } from '../lane'

const cleanups = laneSuite(() => {})
const mounted = mountingInto(cleanups)
const page = { evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise.resolve().then(() => fn(arg)) }

describe(`vue-webmcp/testing helpers (${lane})`, () => {
  it('callTool hands the arguments over in the form the page\'s engine takes and parses the answer; listTools lists the tool', async () => {
    const name = uniqueName('double')
    const state = mounted(() => useWebMCPTool({
      name,
      description: 'Doubles n.',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      execute: ({ n }) => String(n * 2),
    }))
    await until(() => state.isRegistered.value)
    expect((await listTools(page)).map(tool => tool.name)).toContain(name)
    expect(await callTool(page, name, { n: 21 })).toEqual({ content: [{ type: 'text', text: '42' }] })
    // Arguments the schema refuses are the tool's answer, not the browser failing to read them.
    expect(await callTool(page, name, { n: 'x' })).toMatchObject({ isError: true, _meta: { 'vue-webmcp/code': 'INVALID_ARGS' } })
    await expect(callTool(page, uniqueName('missing'))).rejects.toThrow('No tool named')
  })
})
