// What a composable's tool hands the agent, in both lanes: budgets on
// everything in 'error' mode, hooks that cannot change the answer or leak a
// rejection, timeoutMs that never fires at once.
import type { WebMCPConfig, WebMCPToolResponse } from '../../src'
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { until, withSetup } from '../helpers'
import { executeTool, lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

/** Registers a tool, calls it, and returns the JSON text sent (held to the budget) and what it parses to. */
async function registerAndCall(config: WebMCPConfig, options: { execute: () => unknown, timeoutMs?: number }) {
  const name = uniqueName('r')
  const mounted = withSetup(() => useWebMCPTool({ name, description: 'd', ...options }), { provide: { [WEBMCP_CONFIG]: config } })
  cleanups.push(mounted.unmount)
  await until(() => mounted.result.isRegistered.value)
  const tool = (await mc.getTools()).find(t => t.name === name)!
  const sent = await executeTool(mc, tool, {})
  return { sent, received: JSON.parse(sent) as WebMCPToolResponse }
}

describe(`what the agent receives (${lane})`, () => {
  it('in \'error\' mode, a result the tool marked isError is held to the budget as sent', async () => {
    const { sent, received } = await registerAndCall({ budgets: 'error' }, { execute: () => ({ content: [{ type: 'text', text: '"'.repeat(100_000) }], isError: true }) })
    expect(received.isError).toBe(true)
    expect([...sent].length - 39).toBeLessThanOrEqual(1500)
  })

  it('in \'error\' mode, a 1 MB image is refused with OUTPUT_TOO_LARGE', async () => {
    const { sent, received } = await registerAndCall({ budgets: 'error' }, { execute: () => ({ content: [{ type: 'image', data: 'A'.repeat(1_000_000), mimeType: 'image/png' }] }) })
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'OUTPUT_TOO_LARGE' })
    expect([...sent].length - 39).toBeLessThanOrEqual(1500)
  })

  it('a hook that changes its event, or rejects, changes nothing for the agent', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { received } = await registerAndCall({
      onToolCall: async () => { throw new Error('analytics down') },
      onToolResult: async (event) => {
        (event.response.content[0] as { text: string }).text = 'HACKED'
        throw new Error('analytics down')
      },
    }, { execute: () => 'original' })
    expect(received).toEqual({ content: [{ type: 'text', text: 'original' }] })
    await until(() => consoleError.mock.calls.length === 2)
    expect(consoleError).toHaveBeenCalledTimes(2)
    consoleError.mockRestore()
  })

  it('a timeoutMs above 2^31-1 is clamped, not fired at once', async () => {
    const { received } = await registerAndCall({}, { timeoutMs: 2 ** 31, execute: () => new Promise(r => setTimeout(r, 30, 'finished')) })
    expect(received).toEqual({ content: [{ type: 'text', text: 'finished' }] })
  })
})
