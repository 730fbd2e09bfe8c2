// Approvals the person remembers for the page, `when` and `timeoutMs`, in
// every lane. The agent calls through the `callTool` browser command in the
// native lane (test/agent.ts), through the lane's own executeTool elsewhere.
import type { UseWebMCPToolOptions, WebMCPConfig, WebMCPConfirmationRequest, WebMCPToolResultEvent } from '../../src'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until, withSetup } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const mounted = mountingInto(cleanups)

function dialog() {
  return mounted(() => useWebMCPConfirmations())
}

const SCHEMA = { type: 'object', properties: { amount: { type: 'integer', minimum: 1 } }, required: ['amount'] } as const

/** A tool that asks (consequential) and whose approval can be remembered (marked reversible), counting its runs. */
function payTool(extra: Partial<UseWebMCPToolOptions<{ amount: number }, string>> = {}, config?: WebMCPConfig) {
  const name = uniqueName('pay')
  const execute = vi.fn(({ amount }: { amount: number }) => `Paid ${amount}.`)
  const state = mounted(() => useWebMCPTool({
    name,
    title: 'Pay',
    description: 'Pays an invoice.',
    inputSchema: SCHEMA,
    annotations: { consequentialHint: true, destructiveHint: false },
    execute,
    ...extra,
  }), config)
  return { name, execute, state }
}

// Remembered approvals are page-wide: each test starts with none.
afterEach(() => {
  const confirmations = withSetup(() => useWebMCPConfirmations())
  confirmations.result.forget()
  confirmations.unmount()
})

describe(`remembered approvals, when and timeoutMs (${lane})`, () => {
  it('after approve(request, { remember: true }) a second call runs unasked until forget(name); remembered lists it', async () => {
    const confirmations = dialog()
    const onToolResult = vi.fn((_event: WebMCPToolResultEvent) => {})
    const { name, execute, state } = payTool({}, { onToolResult })
    await until(() => state.isRegistered.value)
    const first = agentCall(mc, name, { amount: 5 })
    await until(() => confirmations.current.value)
    expect(confirmations.current.value!.canRemember).toBe(true)
    confirmations.approve(confirmations.current.value, { remember: true })
    expect(textOf(await first)).toBe('Paid 5.')
    expect(confirmations.remembered.value).toEqual([{ name, title: 'Pay', at: expect.any(Number) }])

    expect(textOf(await agentCall(mc, name, { amount: 6 }))).toBe('Paid 6.')
    expect(confirmations.pending.value).toEqual([])
    expect(execute).toHaveBeenCalledTimes(2)
    expect(onToolResult.mock.calls[1]![0].confirmation).toEqual({ decision: 'approved', ms: 0, remembered: true })

    confirmations.forget(name)
    expect(confirmations.remembered.value).toEqual([])
    const third = agentCall(mc, name, { amount: 7 })
    await until(() => confirmations.current.value)
    confirmations.decline()
    expect((await third)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(execute).toHaveBeenCalledTimes(2)
  })

  it('a plain approve() remembers nothing: the next call asks again', async () => {
    const confirmations = dialog()
    const { name, state } = payTool()
    await until(() => state.isRegistered.value)
    const first = agentCall(mc, name, { amount: 1 })
    await until(() => confirmations.current.value)
    confirmations.approve()
    await first
    const second = agentCall(mc, name, { amount: 2 })
    await until(() => confirmations.current.value)
    expect(confirmations.remembered.value).toEqual([])
    confirmations.approve()
    expect(textOf(await second)).toBe('Paid 2.')
  })

  it('a tool set to confirm: { remember: false } is asked every time, and destructiveHint unless it opts in with remember: true', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const confirmations = dialog()
    const never = payTool({ confirm: { remember: false } })
    const destructive = payTool({ annotations: { consequentialHint: true, destructiveHint: true } })
    const optedIn = payTool({ annotations: { consequentialHint: true, destructiveHint: true }, confirm: { remember: true } })
    await until(() => [never, destructive, optedIn].every(t => t.state.isRegistered.value))
    for (const tool of [never, destructive]) {
      const call = agentCall(mc, tool.name, { amount: 1 })
      await until(() => confirmations.current.value)
      expect(confirmations.current.value!.canRemember).toBe(false)
      confirmations.approve(undefined, { remember: true })
      expect(textOf(await call)).toBe('Paid 1.')
      const again = agentCall(mc, tool.name, { amount: 2 })
      await until(() => confirmations.current.value)
      confirmations.decline()
      expect((await again)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
      expect(tool.execute).toHaveBeenCalledOnce()
    }
    expect(confirmations.remembered.value).toEqual([])
    expect(warn.mock.calls.map(c => String(c[0])).filter(m => m.includes('was approved with remember: true, but its calls are asked every time'))).toHaveLength(2)

    const call = agentCall(mc, optedIn.name, { amount: 3 })
    await until(() => confirmations.current.value)
    expect(confirmations.current.value!.canRemember).toBe(true)
    confirmations.approve(undefined, { remember: true })
    await call
    expect(textOf(await agentCall(mc, optedIn.name, { amount: 4 }))).toBe('Paid 4.')
  })

  it('only readOnlyHint: true or destructiveHint: false let an approval be remembered: values the browser merely reads as such ask every time', async () => {
    const confirmations = dialog()
    // From JSON or plain JavaScript: the browser would list readOnlyHint: 'false' as true.
    const loose = (annotations: object) => payTool({ annotations: { consequentialHint: true, ...annotations } as { consequentialHint: boolean } })
    const tools = [loose({ readOnlyHint: 'false' }), loose({ destructiveHint: 0 }), loose({ destructiveHint: null })]
    await until(() => tools.every(t => t.state.isRegistered.value))
    for (const tool of tools) {
      const call = agentCall(mc, tool.name, { amount: 1 })
      await until(() => confirmations.current.value)
      expect(confirmations.current.value).toMatchObject({ name: tool.name, canRemember: false })
      confirmations.decline()
      expect((await call)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    }
  })

  it('a confirm callback answers { approve: true, remember: true }: it is not called again; { approve: false, reason } declines with the reason', async () => {
    let answer: unknown = { approve: true, remember: true }
    const confirm = vi.fn(() => answer as boolean)
    const { name, execute, state } = payTool({ confirm: { ask: confirm } })
    const other = payTool({ confirm: { ask: () => ({ approve: false, reason: 'Over the limit' }) } })
    await until(() => state.isRegistered.value && other.state.isRegistered.value)
    expect(textOf(await agentCall(mc, name, { amount: 1 }))).toBe('Paid 1.')
    answer = false
    expect(textOf(await agentCall(mc, name, { amount: 2 }))).toBe('Paid 2.')
    expect(confirm).toHaveBeenCalledOnce()
    expect(execute).toHaveBeenCalledTimes(2)
    const declined = await agentCall(mc, other.name, { amount: 1 })
    expect(textOf(declined)).toContain('Their reason: Over the limit.')
  })

  it('forget() with no name forgets every tool', async () => {
    const confirmations = dialog()
    const a = payTool({ confirm: { ask: () => ({ approve: true, remember: true }) } })
    const b = payTool({ confirm: { ask: () => ({ approve: true, remember: true }) } })
    await until(() => a.state.isRegistered.value && b.state.isRegistered.value)
    await agentCall(mc, a.name, { amount: 1 })
    await agentCall(mc, b.name, { amount: 1 })
    expect(confirmations.remembered.value.map(r => r.name)).toEqual([a.name, b.name])
    confirmations.forget()
    expect(confirmations.remembered.value).toEqual([])
  })

  it('confirm: { when } asks only for the calls it returns true for; one that throws asks', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const confirmations = dialog()
    const { name, execute, state } = payTool({
      confirm: {
        when: ({ amount }) => {
          if (amount === 13)
            throw new Error('unlucky')
          return amount > 100
        },
      },
    })
    await until(() => state.isRegistered.value)
    expect(textOf(await agentCall(mc, name, { amount: 20 }))).toBe('Paid 20.')
    expect(confirmations.pending.value).toEqual([])
    const big = agentCall(mc, name, { amount: 500 })
    await until(() => confirmations.current.value)
    expect(confirmations.current.value!.args).toEqual({ amount: 500 })
    confirmations.decline()
    expect((await big)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    const unlucky = agentCall(mc, name, { amount: 13 })
    await until(() => confirmations.current.value)
    confirmations.approve()
    expect(textOf(await unlucky)).toBe('Paid 13.')
    expect(execute.mock.calls.map(c => c[0].amount)).toEqual([20, 13])
    expect(error.mock.calls.some(c => String(c[0]).includes('threw; the call asks the person'))).toBe(true)
  })

  it('confirm: { timeoutMs } declines a request nobody decided, tells the agent why, and aborts the request\'s signal', async () => {
    const confirmations = dialog()
    const onToolResult = vi.fn((_event: WebMCPToolResultEvent) => {})
    const { name, execute, state } = payTool({ confirm: { timeoutMs: 150 } }, { onToolResult })
    await until(() => state.isRegistered.value)
    const call = agentCall(mc, name, { amount: 9 })
    await until(() => confirmations.current.value)
    const { signal } = confirmations.current.value!
    const response = await call
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(response)).toBe(`The call of tool "${name}" was declined: it needs the person's approval, and nobody decided within 150 ms; it did not run. Do not call it again unless the person asks you to.`)
    expect(signal.aborted).toBe(true)
    expect((signal.reason as DOMException).name).toBe('TimeoutError')
    expect(confirmations.pending.value).toEqual([])
    expect(execute).not.toHaveBeenCalled()
    expect(onToolResult.mock.calls[0]![0].confirmation).toMatchObject({ decision: 'declined', reason: 'nobody decided within 150 ms' })
    // Decided in time, the same tool runs.
    const next = agentCall(mc, name, { amount: 10 })
    await until(() => confirmations.current.value)
    confirmations.approve()
    expect(textOf(await next)).toBe('Paid 10.')
  })

  it('timeoutMs bounds a confirm callback that never answers too', async () => {
    const seen: WebMCPConfirmationRequest[] = []
    const { name, execute, state } = payTool({ confirm: { ask: (request) => {
      seen.push(request)
      return new Promise<boolean>(() => {})
    }, timeoutMs: 100 } })
    await until(() => state.isRegistered.value)
    expect((await agentCall(mc, name, { amount: 1 }))._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(seen[0]!.signal.aborted).toBe(true)
    expect(execute).not.toHaveBeenCalled()
  })

  it('a group\'s confirm object fills in what a tool\'s own leaves unset', async () => {
    const confirmations = dialog()
    const small = uniqueName('small')
    const group = mounted(() => useWebMCPTools([
      { name: small, description: 'd', inputSchema: SCHEMA, confirm: { remember: false }, execute: ({ amount }: { amount: number }) => `ok ${amount}` },
    ], { confirm: { when: ({ amount }: { amount: number }) => amount > 10 } }))
    await until(() => group.isRegistered.value)
    expect(textOf(await agentCall(mc, small, { amount: 1 }))).toBe('ok 1')
    const big = agentCall(mc, small, { amount: 11 })
    await until(() => confirmations.current.value)
    expect(confirmations.current.value!.canRemember).toBe(false)
    confirmations.approve()
    expect(textOf(await big)).toBe('ok 11')
  })
})
