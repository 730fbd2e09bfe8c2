// Which `confirm` applies to a call, in every lane: a tool's own `confirm:
// true` asks on every call whatever its group says; what can be
// remembered follows MCP's annotation defaults; `destructiveHint` alone does
// not ask (and says so in development); a `confirm.timeoutMs` that is not a
// positive number fails the calls that ask, in every build; the app's
// `confirm.timeoutMs` bounds every request that sets none.
import type { UseWebMCPConfirmationsReturn, WebMCPToolResponse } from '../../src'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until, withSetup } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const mounted = mountingInto(cleanups)

const dialog = () => mounted(() => useWebMCPConfirmations())

/** A group `when` written for payments: it says "do not ask" for every call without a large amount. */
const PAYMENTS_ONLY = { when: (args: { amount?: number }) => (args.amount ?? 0) > 100 }

/**
 * Whether `call` asked the person: declines the request it made, if any.
 * A call that did not ask answers while the dialog stays empty.
 */
async function declineIfAsked(confirmations: UseWebMCPConfirmationsReturn, call: Promise<WebMCPToolResponse>): Promise<boolean> {
  const asked = await Promise.race([until(() => confirmations.current.value).then(() => true), call.then(() => false)])
  if (asked)
    confirmations.decline()
  return asked
}

// Remembered approvals are page-wide: each test starts with none.
afterEach(() => {
  const confirmations = withSetup(() => useWebMCPConfirmations())
  confirmations.result.forget()
  confirmations.unmount()
})

describe(`which confirm applies (${lane})`, () => {
  it('a tool\'s own confirm: true asks on every call, whatever its group\'s when says', async () => {
    const confirmations = dialog()
    const wipe = uniqueName('wipe')
    const execute = vi.fn(() => 'wiped')
    const group = mounted(() => useWebMCPTools([
      { name: uniqueName('pay'), description: 'Pays.', execute: () => 'paid' },
      { name: wipe, description: 'Deletes everything.', confirm: true, execute },
    ], { confirm: PAYMENTS_ONLY }))
    await until(() => group.isRegistered.value)
    const call = agentCall(mc, wipe, {})
    expect(await declineIfAsked(confirmations, call)).toBe(true)
    expect((await call)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(execute).not.toHaveBeenCalled()
  })

  it('a tool\'s own confirm: { ask } asks through its ask, and its group\'s when fills in the field it leaves unset', async () => {
    const wipe = uniqueName('wipe')
    const ask = vi.fn(() => false)
    const execute = vi.fn(() => 'wiped')
    const group = mounted(() => useWebMCPTools([
      { name: wipe, description: 'Deletes everything.', confirm: { ask }, execute },
    ], { confirm: PAYMENTS_ONLY }))
    await until(() => group.isRegistered.value)
    expect(textOf(await agentCall(mc, wipe, { amount: 500 }))).toContain('declined')
    expect(ask).toHaveBeenCalledOnce()
    expect(execute).not.toHaveBeenCalled()
    expect(textOf(await agentCall(mc, wipe, { amount: 5 }))).toBe('wiped')
    expect(ask).toHaveBeenCalledOnce()
  })

  it('a group\'s remember: true never reaches a tool with its own confirm: true, nor a destructiveHint one; it does reach the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const confirmations = dialog()
    const [cart, wipe, drop] = [uniqueName('cart'), uniqueName('wipe'), uniqueName('drop')]
    const wiped = vi.fn(() => 'wiped')
    const group = mounted(() => useWebMCPTools([
      { name: cart, description: 'Adds to the cart.', execute: () => 'added' },
      { name: wipe, description: 'Deletes everything.', confirm: true, execute: wiped },
      { name: drop, description: 'Drops the table.', confirm: {}, annotations: { destructiveHint: true }, execute: () => 'dropped' },
    ], { confirm: { remember: true } }))
    await until(() => group.isRegistered.value)
    const offered: Record<string, boolean> = {}
    for (const name of [cart, wipe, drop]) {
      const call = agentCall(mc, name, {})
      await until(() => confirmations.current.value)
      offered[name] = confirmations.current.value!.canRemember
      confirmations.approve(undefined, { remember: true })
      await call
    }
    expect(offered).toEqual({ [cart]: true, [wipe]: false, [drop]: false })
    expect(confirmations.remembered.value.map(r => r.name)).toEqual([cart])
    const again = agentCall(mc, wipe, {})
    expect(await declineIfAsked(confirmations, again)).toBe(true)
    expect(wiped).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('an approval can be remembered only for a tool marked reversible, or whose confirm says remember: true (MCP\'s defaults)', async () => {
    const confirmations = dialog()
    const tools = {
      unmarked: { annotations: { consequentialHint: true } },
      reversible: { annotations: { consequentialHint: true, destructiveHint: false } },
      readOnly: { annotations: { consequentialHint: true, readOnlyHint: true } },
      destructive: { annotations: { consequentialHint: true, destructiveHint: true } },
      optedIn: { annotations: { consequentialHint: true, destructiveHint: true }, confirm: { remember: true } },
      optedOut: { annotations: { consequentialHint: true, readOnlyHint: true }, confirm: { remember: false } },
    }
    const names = Object.fromEntries(Object.keys(tools).map(key => [key, uniqueName(key)]))
    const group = mounted(() => useWebMCPTools(Object.entries(tools).map(([key, extra]) => ({ name: names[key]!, description: 'd', execute: () => 'ran', ...extra }))))
    await until(() => group.isRegistered.value)
    const canRemember: Record<string, boolean> = {}
    for (const key of Object.keys(tools)) {
      const call = agentCall(mc, names[key]!, {})
      await until(() => confirmations.current.value)
      canRemember[key] = confirmations.current.value!.canRemember
      confirmations.decline()
      await call
    }
    expect(canRemember).toEqual({ unmarked: false, reversible: true, readOnly: true, destructive: false, optedIn: true, optedOut: false })
  })

  it('destructiveHint alone does not ask: the call runs, and development builds say so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const confirmations = dialog()
    const name = uniqueName('drop')
    const execute = vi.fn(() => 'dropped')
    const tool = mounted(() => useWebMCPTool({ name, description: 'Drops the table.', annotations: { destructiveHint: true }, execute }))
    await until(() => tool.isRegistered.value)
    expect(textOf(await agentCall(mc, name, {}))).toBe('dropped')
    expect(textOf(await agentCall(mc, name, {}))).toBe('dropped')
    expect(confirmations.pending.value).toEqual([])
    const warnings = warn.mock.calls.map(c => String(c[0])).filter(m => m.includes(`"${name}" is annotated destructiveHint: true but nothing makes it ask`))
    expect(warnings).toHaveLength(1)
    // confirm: false says the author meant it: no warning.
    const quiet = uniqueName('drop')
    const other = mounted(() => useWebMCPTool({ name: quiet, description: 'Drops the cache.', annotations: { destructiveHint: true }, confirm: false, execute }))
    await until(() => other.isRegistered.value)
    await agentCall(mc, quiet, {})
    expect(warn.mock.calls.some(c => String(c[0]).includes(`"${quiet}"`))).toBe(false)
    warn.mockRestore()
  })

  it.each([
    ['a string', '100'],
    ['zero', 0],
    ['a negative number', -5],
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
  ])('confirm.timeoutMs as %s: the tool registers, and each call that would ask fails at once, asking no one, in every build', async (_, timeoutMs) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName('pay')
    const ask = vi.fn(() => true)
    const execute = vi.fn(() => 'paid')
    const tool = mounted(() => useWebMCPTool({ name, description: 'd', confirm: { timeoutMs: timeoutMs as number, ask }, execute }))
    await until(() => tool.isRegistered.value)
    expect(tool.error.value).toBeNull()
    const response = await agentCall(mc, name, {})
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(response)).toContain('confirm.timeoutMs must be a positive, finite number of milliseconds')
    expect(ask).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('the app\'s confirm.timeoutMs declines a request nobody decided; a tool\'s own timeoutMs wins; a wrong one fails the calls that ask', async () => {
    const confirmations = dialog()
    const config = { confirm: { timeoutMs: 100 } }
    const name = uniqueName('pay')
    const patient = uniqueName('pay')
    const tools = mounted(() => useWebMCPTools([
      { name, description: 'd', confirm: true, execute: () => 'paid' },
      { name: patient, description: 'd', confirm: { timeoutMs: 60_000 }, execute: () => 'paid' },
    ]), config)
    await until(() => tools.isRegistered.value)
    const response = await agentCall(mc, name, {})
    expect(textOf(response)).toContain('nobody decided within 100 ms')
    const waiting = agentCall(mc, patient, {})
    await until(() => confirmations.current.value)
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(confirmations.pending.value).toHaveLength(1)
    confirmations.approve()
    expect(textOf(await waiting)).toBe('paid')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const brokenName = uniqueName('pay')
    const broken = mounted(() => useWebMCPTool({ name: brokenName, description: 'd', confirm: true, execute: () => 'paid' }), { confirm: { timeoutMs: -1 } })
    await until(() => broken.isRegistered.value)
    expect(textOf(await agentCall(mc, brokenName, {}))).toContain('confirm.timeoutMs must be a positive, finite number')
    warn.mockRestore()
  })
})
