// The call-time view of a tool against a careless app, in every lane: only
// `false` switches argument validation off (a getter that returns 0, '' or
// NaN keeps it on: safe is the default, unsafe an explicit opt-out), and the
// calls waiting on a registration that ended are withdrawn: an approval of one,
// remembered or not, covers and runs nothing.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ref } from 'vue'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools, WEBMCP_CONFIG } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until, withSetup } from '../helpers'
import { lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))
const mounted = mountingInto(cleanups)

const QTY = { type: 'object', properties: { qty: { type: 'integer', maximum: 10 } }, required: ['qty'] }

afterEach(() => {
  const confirmations = withSetup(() => useWebMCPConfirmations())
  confirmations.result.forget()
  confirmations.unmount()
})

describe(`validateArgs read at call time, against garbage (${lane})`, () => {
  it.each([0, '', Number.NaN])('a group\'s validateArgs getter returning %s keeps the schema checking', async (garbage) => {
    const name = uniqueName('order')
    const execute = vi.fn(({ qty }: { qty: unknown }) => `ordered ${String(qty)}`)
    const group = mounted(() => useWebMCPTools([{ name, description: 'Orders.', inputSchema: QTY, execute }], { validateArgs: (() => garbage) as unknown as () => boolean }))
    await until(() => group.isRegistered.value)
    const response = await agentCall(mc, name, { qty: 500 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(execute).not.toHaveBeenCalled()
  })

  it('the app\'s validateArgs: 0 (an untyped config) keeps the schema checking', async () => {
    const name = uniqueName('order')
    const execute = vi.fn(() => 'ordered')
    const tool = withSetup(() => useWebMCPTool({ name, description: 'Orders.', inputSchema: QTY, execute }), { provide: { [WEBMCP_CONFIG]: { validateArgs: 0 } } })
    cleanups.push(tool.unmount)
    await until(() => tool.result.isRegistered.value)
    const response = await agentCall(mc, name, { qty: 500 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(execute).not.toHaveBeenCalled()
  })
})

describe(`calls waiting on a registration that ended (${lane})`, () => {
  it('are withdrawn: nobody can approve, remember or run what the person was shown before the change', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const name = uniqueName('cart')
    const description = ref('Adds to the cart.')
    const added = vi.fn(() => 'added')
    const tool = mounted(() => useWebMCPTool({ name, description, annotations: { consequentialHint: true, destructiveHint: false }, execute: added }))
    await until(() => tool.isRegistered.value)
    // Native Chromium never delivers the answer of a tool that unregistered: the agent's side is not awaited.
    for (let i = 0; i < 2; i++)
      void agentCall(mc, name, {}).catch(() => {})
    await until(() => confirmations.pending.value.length === 2)
    const [first] = confirmations.pending.value
    // What the person would approve changes while both wait: the tool registers anew.
    description.value = 'Adds to the cart and pays for it.'
    await until(() => confirmations.pending.value.length === 0)
    // An approval of a withdrawn request, even with remember, covers nothing and runs nothing.
    confirmations.approve(first, { remember: true })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(added).not.toHaveBeenCalled()
    expect(confirmations.remembered.value).toEqual([])
    expect(tool.lastError.value?.name).toBe('AbortError')
  })
})
