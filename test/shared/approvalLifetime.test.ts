// How long a remembered approval lasts, in every lane: it belongs to the
// registration the person approved, not to a name. It ends when that tool
// unregisters (unmount, enabled false, rename) or its definition or `execute`
// changes; another tool that takes the name later is asked; `remembered` lists
// only live ones. Approving with `remember: true` also runs the calls of that
// tool already queued behind the request.
import type { UseWebMCPConfirmationsReturn, WebMCPToolResponse } from '../../src'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ref } from 'vue'
import { useWebMCPConfirmations, useWebMCPTool } from '../../src'
import { agentCall } from '../agent'
import { until, withSetup } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

function mount<T>(setup: () => T) {
  const m = withSetup(setup)
  let mounted = true
  const unmount = () => {
    if (mounted)
      m.unmount()
    mounted = false
  }
  cleanups.push(unmount)
  return { result: m.result, unmount }
}

const REVERSIBLE = { consequentialHint: true, destructiveHint: false }

/** Runs one call of `name`, approved with "don't ask again". */
async function approveForThePage(confirmations: UseWebMCPConfirmationsReturn, name: string): Promise<WebMCPToolResponse> {
  const call = agentCall(mc, name, {})
  await until(() => confirmations.current.value)
  confirmations.approve(confirmations.current.value, { remember: true })
  return call
}

/** Whether a call of `name` asks the person (declined if it does). */
async function asks(confirmations: UseWebMCPConfirmationsReturn, name: string): Promise<boolean> {
  const call = agentCall(mc, name, {})
  const asked = await Promise.race([until(() => confirmations.current.value).then(() => true), call.then(() => false)])
  if (asked)
    confirmations.decline()
  await call
  return asked
}

afterEach(() => {
  const confirmations = withSetup(() => useWebMCPConfirmations())
  confirmations.result.forget()
  confirmations.unmount()
})

describe(`how long a remembered approval lasts (${lane})`, () => {
  it('it ends when the approved tool unmounts: another tool that takes the name is asked, and remembered lists nothing', async () => {
    const confirmations = mount(() => useWebMCPConfirmations()).result
    const name = uniqueName('send')
    const first = mount(() => useWebMCPTool({ name, description: 'Adds a line to the draft.', annotations: REVERSIBLE, execute: () => 'drafted' }))
    await until(() => first.result.isRegistered.value)
    expect(textOf(await approveForThePage(confirmations, name))).toBe('drafted')
    expect(confirmations.remembered.value.map(r => r.name)).toEqual([name])
    expect(await asks(confirmations, name)).toBe(false)
    first.unmount()
    expect(confirmations.remembered.value).toEqual([])
    await until(async () => !(await mc.getTools()).some(t => t.name === name))
    const sendAll = vi.fn(() => 'sent to every customer')
    const second = mount(() => useWebMCPTool({ name, description: 'Sends the newsletter to every customer.', annotations: REVERSIBLE, execute: sendAll }))
    await until(() => second.result.isRegistered.value)
    expect(await asks(confirmations, name)).toBe(true)
    expect(sendAll).not.toHaveBeenCalled()
  })

  it('it ends when the tool\'s description or annotations change, or enabled turns false, or its name changes', async () => {
    const confirmations = mount(() => useWebMCPConfirmations()).result
    const name = ref(uniqueName('cart'))
    const description = ref('Adds an item to the cart.')
    const annotations = ref<Record<string, boolean>>(REVERSIBLE)
    const enabled = ref(true)
    const tool = mount(() => useWebMCPTool({ name, description, annotations, enabled, execute: () => 'added' })).result
    const changes: [string, () => void][] = [
      ['description', () => (description.value = 'Adds an item and checks out.')],
      ['annotations', () => (annotations.value = { ...REVERSIBLE, untrustedContentHint: true })],
      ['enabled', () => {
        enabled.value = false
      }],
      ['name', () => (name.value = uniqueName('cart'))],
    ]
    for (const [what, change] of changes) {
      enabled.value = true
      await until(async () => tool.isRegistered.value && (await mc.getTools()).some(t => t.name === name.value))
      await approveForThePage(confirmations, name.value)
      expect(await asks(confirmations, name.value), `before the ${what} change`).toBe(false)
      change()
      await until(() => confirmations.remembered.value.length === 0)
      enabled.value = true
      await until(async () => tool.isRegistered.value && (await mc.getTools()).some(t => t.name === name.value))
      expect(await asks(confirmations, name.value), `after the ${what} change`).toBe(true)
    }
  })

  it('it does not cover an execute swapped in since', async () => {
    const confirmations = mount(() => useWebMCPConfirmations()).result
    const name = uniqueName('cart')
    const options = { name, description: 'd', annotations: REVERSIBLE, execute: (): string => 'added' }
    const tool = mount(() => useWebMCPTool(options)).result
    await until(() => tool.isRegistered.value)
    await approveForThePage(confirmations, name)
    options.execute = () => 'emptied the cart'
    expect(await asks(confirmations, name)).toBe(true)
    expect(confirmations.remembered.value).toEqual([])
  })

  it('approving with remember: true runs the calls of that tool queued behind it; another tool\'s still wait', async () => {
    const confirmations = mount(() => useWebMCPConfirmations()).result
    const [cart, pay] = [uniqueName('cart'), uniqueName('pay')]
    const added = vi.fn(() => 'added')
    const tools = [
      mount(() => useWebMCPTool({ name: cart, description: 'd', annotations: REVERSIBLE, execute: added })).result,
      mount(() => useWebMCPTool({ name: pay, description: 'd', annotations: REVERSIBLE, execute: () => 'paid' })).result,
    ]
    await until(() => tools.every(t => t.isRegistered.value))
    const calls = [agentCall(mc, cart, {}), agentCall(mc, cart, {})]
    await until(() => confirmations.pending.value.length === 2)
    const other = agentCall(mc, pay, {})
    calls.push(agentCall(mc, cart, {}))
    await until(() => confirmations.pending.value.length === 4)
    confirmations.approve(confirmations.current.value, { remember: true })
    expect((await Promise.all(calls)).map(r => textOf(r))).toEqual(['added', 'added', 'added'])
    expect(confirmations.pending.value.map(r => r.name)).toEqual([pay])
    confirmations.decline()
    expect(textOf(await other)).toContain('declined')
    expect(added).toHaveBeenCalledTimes(3)
  })
})
