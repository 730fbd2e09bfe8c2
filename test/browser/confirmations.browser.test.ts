// Confirmation through the path an agent takes: Playwright's frame.webmcp.callTool
// against components in native Chromium. The call waits in the page while the
// test, as the person, decides through useWebMCPConfirmations.
import type { WebMCPToolResultEvent } from '../../src'
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { useWebMCPConfirmations, useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { scopeEndWithdraws } from '../confirmations'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

const cleanups = laneSuite(() => {})

function mounted<T>(setup: () => T, provide?: Record<symbol, unknown>): T {
  const m = withSetup(setup, provide ? { provide } : {})
  cleanups.push(m.unmount)
  return m.result
}

function payTool(onToolResult?: (event: WebMCPToolResultEvent) => void, confirm?: false) {
  const name = uniqueName('pay')
  const execute = vi.fn(({ amount }: { amount: number }) => `Paid ${amount}.`)
  const state = mounted(() => useWebMCPTool({
    name,
    description: 'Pays an invoice.',
    inputSchema: { type: 'object', properties: { amount: { type: 'integer', minimum: 1 } }, required: ['amount'] },
    annotations: { consequentialHint: true },
    ...(confirm === false ? { confirm } : {}),
    execute,
  }), onToolResult ? { [WEBMCP_CONFIG]: { onToolResult } } : undefined)
  return { name, execute, state }
}

describe('confirmation, called by the agent (Playwright frame.webmcp)', () => {
  it('the agent\'s call waits until the page approves, then runs once', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const onToolResult = vi.fn()
    const { name, execute, state } = payTool(onToolResult)
    await until(() => state.isRegistered.value)
    const call = commands.callTool(name, { amount: 120 })
    await until(() => confirmations.current.value)
    expect(confirmations.current.value).toMatchObject({ name, args: { amount: 120 }, caller: 'agent', annotations: { consequentialHint: true } })
    // Still waiting a while later: nothing runs before the decision.
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(execute).not.toHaveBeenCalled()
    confirmations.approve()
    expect(await call).toEqual({ content: [{ type: 'text', text: 'Paid 120.' }] })
    expect(execute).toHaveBeenCalledOnce()
    expect(onToolResult.mock.calls[0]![0]).toMatchObject({ ok: true, confirmation: { decision: 'approved' } })
  })

  it('a declined call never runs, and the agent reads DECLINED with the person\'s reason', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const { name, execute, state } = payTool()
    await until(() => state.isRegistered.value)
    const call = commands.callTool(name, { amount: 9000 })
    await until(() => confirmations.current.value)
    confirmations.decline(undefined, { reason: 'Too much' })
    const response = await call
    expect(response).toEqual({
      content: [{ type: 'text', text: `The person declined this call of tool "${name}"; it did not run. Their reason: Too much. Do not call it again unless the person asks you to.` }],
      isError: true,
      _meta: { 'vue-webmcp/code': 'DECLINED' },
    })
    expect(execute).not.toHaveBeenCalled()
  })

  it('two agent calls queue in order, each settled by one decision', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const { name, execute, state } = payTool()
    await until(() => state.isRegistered.value)
    const first = commands.callTool(name, { amount: 1 })
    await until(() => confirmations.pending.value.length === 1)
    const second = commands.callTool(name, { amount: 2 })
    await until(() => confirmations.pending.value.length === 2)
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 1 }, { amount: 2 }])
    confirmations.decline()
    expect((await first)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 2 }])
    confirmations.approve()
    expect(textOf(await second)).toBe('Paid 2.')
    expect(execute).toHaveBeenCalledOnce()
  })

  it('with no dialog mounted and no callback, a consequentialHint tool does not run and the agent reads why; with confirm: false it runs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const guarded = payTool()
    const optedOut = payTool(undefined, false)
    await until(() => guarded.state.isRegistered.value && optedOut.state.isRegistered.value)
    expect(await commands.callTool(guarded.name, { amount: 7 })).toEqual({
      content: [{ type: 'text', text: `Tool "${guarded.name}" did not run: it needs the person's confirmation, and nothing on this page can ask them now. Tell the person.` }],
      isError: true,
      _meta: { 'vue-webmcp/code': 'TOOL_ERROR' },
    })
    expect(guarded.execute).not.toHaveBeenCalled()
    expect(await commands.callTool(optedOut.name, { amount: 7 })).toEqual({ content: [{ type: 'text', text: 'Paid 7.' }] })
    expect(optedOut.execute).toHaveBeenCalledOnce()
  })

  it('the tool\'s scope ending while the agent waits withdraws the request; nothing runs', async () => {
    await scopeEndWithdraws(mounted(() => useWebMCPConfirmations()), name => commands.callTool(name), cleanups)
  })

  it('Playwright giving up on a call (its timeout) never reaches the page: the request stays until decided, and a decline keeps it from running', async () => {
    // Measured on Chromium 156 with Playwright 1.65: the timeout rejects on the agent's side
    // only; execute's signal does not abort. A cancel the page does receive (executeTool's
    // signal) withdraws the request: test/shared/confirmations.test.ts.
    const confirmations = mounted(() => useWebMCPConfirmations())
    const { name, execute, state } = payTool()
    await until(() => state.isRegistered.value)
    const call = commands.callTool(name, { amount: 5 }, 300).then(r => r, (error: Error) => error)
    await until(() => confirmations.current.value)
    const { signal } = confirmations.current.value!
    expect(await call).toBeInstanceOf(Error)
    expect(signal.aborted).toBe(false)
    expect(confirmations.pending.value).toHaveLength(1)
    confirmations.decline()
    expect(confirmations.pending.value).toEqual([])
    expect(execute).not.toHaveBeenCalled()
  })
})
