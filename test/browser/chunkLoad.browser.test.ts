// A lazily loaded chunk that fails to load in the middle of an agent's call
// (a network error, a chunk gone after a deploy), the agent calling through
// Playwright's frame.webmcp.callTool and the page's request for the chunk
// failing as a network error does. The tool ran: the agent is told so, and the
// tool is not blamed. The format checkers are loaded only for a tool whose
// schema has a format, so no earlier test of this file has loaded them; the
// request fails from before the tool registers, so its warm-up fails too.
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { useWebMCPTool } from '../../src'
import { agentCall } from '../agent'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const FORMATS_CHUNK = '**/src/schemas/json-schema/formats.ts*'
const dated = { type: 'object', properties: { day: { type: 'string', format: 'date' } }, required: ['day'] }

describe('a chunk that fails to load during a call (Playwright frame.webmcp)', () => {
  it('during the output check: INTERNAL, telling the agent the tool ran; onError not called; the next call loads it', async () => {
    const name = uniqueName('dated')
    const execute = vi.fn(() => ({ day: '2026-12-02' }))
    const onError = vi.fn()
    await commands.failRequests(FORMATS_CHUNK)
    cleanups.push(() => void commands.restoreRequests())
    const mounted = withSetup(() => useWebMCPTool({ name, description: 'd', outputSchema: dated, execute, onError }))
    cleanups.push(mounted.unmount)
    await until(() => mounted.result.isRegistered.value)
    const response = await agentCall(mc, name)
    expect(execute).toHaveBeenCalledOnce()
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INTERNAL' })
    // Only a reload brings the code back: the agent reads so, and no file's address.
    expect(textOf(response)).toBe(`Tool "${name}" ran, but the code that checks its result could not be loaded. Its result was not sent. Reload the page before calling it, and call it again only if running it twice is safe.`)
    expect(response).not.toHaveProperty('structuredContent')

    await commands.restoreRequests()
    expect(await agentCall(mc, name)).toEqual({ content: [{ type: 'text', text: '{"day":"2026-12-02"}' }], structuredContent: { day: '2026-12-02' } })
    // Hooks run in a task of their own: by the second answer a scheduled onError would have run.
    expect(onError).not.toHaveBeenCalled()
  })
})
