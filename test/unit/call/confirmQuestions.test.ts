// The confirmation questions the third hostile review left open (issue #35),
// settled as docs/guide/confirmation.md says.
import type { ToolCall } from '../../../src/call/callTool'
import type { WebMCPConfirmationRequest } from '../../../src/types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { runToolCall } from '../../../src/call/callTool'
import { useWebMCPConfirmations } from '../../../src/composables/useWebMCPConfirmations'
import { DEFAULT_CONFIRM_TIMEOUT_MS } from '../../../src/shared/limits'
import { until } from '../../helpers'

const scopes: ReturnType<typeof effectScope>[] = []
afterEach(() => scopes.splice(0).forEach(scope => scope.stop()))

function dialog() {
  const scope = effectScope()
  scopes.push(scope)
  return scope.run(() => useWebMCPConfirmations())!
}

function asking(name: string, over: Partial<ToolCall<{ amount: number }, unknown>> = {}): ToolCall<{ amount: number }, unknown> {
  return { name, settings: { budgets: false, validateArgs: true, confirmChoices: { tool: true, group: undefined } }, execute: ({ amount }) => `sent ${amount}`, signals: [], ...over }
}

describe('what a confirmation can change', () => {
  it('a confirm callback that changes request.args changes nothing execute receives: the request holds a frozen copy', async () => {
    const execute = vi.fn(({ amount }: { amount: number }) => `sent ${amount}`)
    const confirm = (request: WebMCPConfirmationRequest) => {
      expect(Object.isFrozen(request.args)).toBe(true)
      try {
        (request.args as { amount: number }).amount = 1_000_000
      }
      catch {} // strict mode: assigning to a frozen object throws
      return true
    }
    const outcome = await runToolCall(asking('pay', { execute, settings: { budgets: false, validateArgs: true, confirmChoices: { tool: { ask: confirm }, group: undefined } } }), { amount: 5 })
    expect(outcome.ok).toBe(true)
    expect(execute).toHaveBeenCalledWith({ amount: 5 }, { signal: expect.any(AbortSignal) })
  })
})

describe('deciding the request the person saw', () => {
  it('approve() right after the request on screen was withdrawn approves nothing; the next request waits to be shown', async () => {
    const confirmations = dialog()
    const caller = new AbortController()
    const first = runToolCall(asking('first', { signals: [caller.signal] }), { amount: 1 })
    const second = runToolCall(asking('second'), { amount: 2 })
    await until(() => confirmations.pending.value.length === 2)
    await nextTick()
    expect(confirmations.current.value?.name).toBe('first')
    caller.abort()
    confirmations.approve() // the click meant for "first"
    expect((await first).code).toBe('ABORTED')
    expect(confirmations.pending.value.map(request => request.name)).toEqual(['second'])
    await nextTick() // the dialog now shows "second"
    confirmations.approve()
    expect(await second).toMatchObject({ ok: true, response: { content: [{ type: 'text', text: 'sent 2' }] } })
  })
})

describe('one question at a time', () => {
  it('a confirm callback is not asked while an earlier call waits for a dialog: it waits behind it', async () => {
    const confirmations = dialog()
    const confirm = vi.fn(() => true)
    const first = runToolCall(asking('first'), { amount: 1 })
    await until(() => confirmations.pending.value.length === 1)
    const second = runToolCall(asking('second', { settings: { budgets: false, validateArgs: true, confirmChoices: { tool: { ask: confirm }, group: undefined } } }), { amount: 2 })
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(confirm).not.toHaveBeenCalled()
    await nextTick()
    confirmations.approve()
    expect((await first).ok).toBe(true)
    expect((await second).ok).toBe(true)
    expect(confirm).toHaveBeenCalledOnce()
  })
})

describe('a request nobody decides', () => {
  afterEach(() => vi.useRealTimers())

  /** Lets the call reach the queue: the fake clock does not move while promises settle. */
  async function settle(): Promise<void> {
    for (let i = 0; i < 20; i++)
      await vi.advanceTimersByTimeAsync(0)
  }

  it('with no timeoutMs set anywhere, it is declined a minute after it asked (expiresAt), leaves the dialog, and nothing runs', async () => {
    await runToolCall(asking('warm', { settings: { budgets: false, validateArgs: true, confirmChoices: { tool: false, group: undefined } } }), { amount: 0 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const confirmations = dialog()
    const execute = vi.fn(() => 'sent')
    const asked = Date.now()
    const call = runToolCall(asking('unattended', { execute }), { amount: 3 })
    await settle()
    const request = confirmations.current.value!
    expect(request.name).toBe('unattended')
    expect(request.expiresAt).toBe(asked + DEFAULT_CONFIRM_TIMEOUT_MS)
    await vi.advanceTimersByTimeAsync(DEFAULT_CONFIRM_TIMEOUT_MS - 1)
    expect(confirmations.pending.value).toHaveLength(1)
    expect(request.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(request.signal.aborted).toBe(true)
    expect((request.signal.reason as DOMException).name).toBe('TimeoutError')
    expect(confirmations.pending.value).toEqual([])
    const outcome = await call
    expect(outcome.code).toBe('DECLINED')
    expect(execute).not.toHaveBeenCalled()
    // A late click decides nothing.
    confirmations.approve(request)
    expect(execute).not.toHaveBeenCalled()
  })

  it('the app, the group or the tool may set a longer or shorter limit; expiresAt follows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const confirmations = dialog()
    const asked = Date.now()
    const call = runToolCall(asking('patient', { settings: { budgets: false, validateArgs: true, confirm: { timeoutMs: 300_000 }, confirmChoices: { tool: true, group: undefined } } }), { amount: 1 })
    await settle()
    expect(confirmations.current.value!.expiresAt).toBe(asked + 300_000)
    await vi.advanceTimersByTimeAsync(DEFAULT_CONFIRM_TIMEOUT_MS * 2)
    expect(confirmations.pending.value).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(300_000)
    expect((await call).code).toBe('DECLINED')
  })
})
