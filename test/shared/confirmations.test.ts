// Confirmation before consequential tools run, in every lane: the call waits
// for the person's decision between validation and execute, through the
// lane's own executeTool (the path an agent's call takes into the page).
import type { UseWebMCPConfirmationsReturn, WebMCPConfig, WebMCPConfirmationRequest, WebMCPToolResultEvent } from '../../src'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, effectScope, h, nextTick, ref, Transition } from 'vue'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools } from '../../src'
import { scopeEndWithdraws } from '../confirmations'
import { mountingInto, until } from '../helpers'
import { callTool, cannot, executeTool, lane, laneSuite, needs, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const mounted = mountingInto(cleanups)

/** A dialog of the app's own: the composable, mounted for the test. */
function dialog() {
  return mounted(() => useWebMCPConfirmations())
}

const SCHEMA = { type: 'object', properties: { amount: { type: 'integer', minimum: 1 }, to: { type: 'string' } }, required: ['amount', 'to'] }

/** A consequential tool that counts its runs. */
function transferTool(extra: Record<string, unknown> = {}, config?: WebMCPConfig) {
  const name = uniqueName('transfer')
  const execute = vi.fn(({ amount, to }: { amount: number, to: string }) => `Sent ${amount} to ${to}.`)
  const state = mounted(() => useWebMCPTool({
    name,
    title: 'Transfer funds',
    description: 'Sends money to a payee.',
    inputSchema: SCHEMA,
    annotations: { consequentialHint: true },
    execute,
    ...extra,
  }), config)
  return { name, execute, state }
}

/** A dialog with two calls of one consequential tool waiting in it, Ada's before Bob's. */
async function twoWaiting() {
  const confirmations = dialog()
  const { name, execute, state } = transferTool()
  await until(() => state.isRegistered.value)
  const first = callTool(mc, name, { amount: 1, to: 'Ada' })
  await until(() => confirmations.pending.value.length === 1)
  const second = callTool(mc, name, { amount: 2, to: 'Bob' })
  await until(() => confirmations.pending.value.length === 2)
  return { confirmations, execute, first, second }
}

describe(`confirmation before consequential tools (${lane})`, () => {
  it('a consequential tool\'s call waits for approve(), shows what it will do, then runs once', async () => {
    const confirmations = dialog()
    const { name, execute, state } = transferTool()
    await until(() => state.isRegistered.value)
    const call = callTool(mc, name, { amount: 40, to: 'Ada' })
    await until(() => confirmations.pending.value.length === 1)
    const request = confirmations.current.value!
    expect(request).toMatchObject({
      name,
      title: 'Transfer funds',
      description: 'Sends money to a payee.',
      args: { amount: 40, to: 'Ada' },
      annotations: { consequentialHint: true },
      source: 'tool',
      caller: 'agent',
      canRemember: false,
      cannotRememberReason: 'This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.',
    })
    // Every request has a limit, a minute unless set: it says when it is declined.
    expect(request.expiresAt).toBeGreaterThan(Date.now() + 50_000)
    expect(request.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000)
    expect(request.signal.aborted).toBe(false)
    expect(execute).not.toHaveBeenCalled()
    confirmations.approve()
    expect(await call).toEqual({ content: [{ type: 'text', text: 'Sent 40 to Ada.' }] })
    expect(execute).toHaveBeenCalledOnce()
    expect(confirmations.pending.value).toEqual([])
    // Approving again settles nothing: one decision, one request.
    confirmations.approve()
    expect(execute).toHaveBeenCalledOnce()
  })

  it('a declined call never runs and answers DECLINED, saying the person declined and why', async () => {
    const confirmations = dialog()
    const onToolResult = vi.fn((_event: WebMCPToolResultEvent) => {})
    const { name, execute, state } = transferTool({}, { onToolResult })
    await until(() => state.isRegistered.value)
    const call = callTool(mc, name, { amount: 900, to: 'Eve' })
    await until(() => confirmations.current.value)
    confirmations.decline(undefined, { reason: 'I do not know Eve' })
    const response = await call
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(response)).toBe(`The person declined this call of tool "${name}"; it did not run. Their reason: I do not know Eve. Do not call it again unless the person asks you to.`)
    expect(execute).not.toHaveBeenCalled()
    const event = onToolResult.mock.calls[0]![0]
    expect(event).toMatchObject({ name, ok: false, code: 'DECLINED', confirmation: { decision: 'declined', reason: 'I do not know Eve' } })
    expect(event.confirmation!.ms).toBeGreaterThanOrEqual(0)
  })

  it('invalid arguments are refused before anyone is asked', async () => {
    const confirmations = dialog()
    const { name, execute, state } = transferTool()
    await until(() => state.isRegistered.value)
    const response = await callTool(mc, name, { amount: 0 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(confirmations.pending.value).toEqual([])
    expect(execute).not.toHaveBeenCalled()
  })

  it('two calls queue in order; each decision settles one request', async () => {
    const { confirmations, execute, first, second } = await twoWaiting()
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 1, to: 'Ada' }, { amount: 2, to: 'Bob' }])
    expect(confirmations.pending.value[0]!.id).toBeLessThan(confirmations.pending.value[1]!.id)
    confirmations.approve()
    expect(textOf(await first)).toBe('Sent 1 to Ada.')
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 2, to: 'Bob' }])
    expect(execute).toHaveBeenCalledOnce()
    confirmations.decline()
    expect((await second)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(execute).toHaveBeenCalledOnce()
  })

  it('two decline() calls in one tick decline two requests: each decides the one on screen at the time of the call', async () => {
    const { confirmations, execute, first, second } = await twoWaiting()
    confirmations.decline()
    confirmations.decline(undefined, { reason: 'Not Bob either' })
    expect(confirmations.pending.value).toEqual([])
    expect((await first)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(await second)).toContain('Their reason: Not Bob either.')
    expect(execute).not.toHaveBeenCalled()
  })

  it('approve() right after decline(), before the dialog rendered again, approves nothing: the person never saw the request behind', async () => {
    const { confirmations, execute, first, second } = await twoWaiting()
    confirmations.decline()
    confirmations.approve()
    expect((await first)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 2, to: 'Bob' }])
    expect(execute).not.toHaveBeenCalled()
    // Once on screen, it is decided as usual.
    await until(() => (confirmations.current.value?.args as { to?: string } | undefined)?.to === 'Bob')
    await nextTick()
    confirmations.approve()
    expect(textOf(await second)).toBe('Sent 2 to Bob.')
  })

  it('decline(request, { reason }) declines the request it names, whichever is on screen', async () => {
    const { confirmations, execute, first, second } = await twoWaiting()
    confirmations.decline(confirmations.pending.value[1], { reason: 'Not Bob' })
    expect(textOf(await second)).toContain('Their reason: Not Bob.')
    expect(confirmations.pending.value.map(r => r.args)).toEqual([{ amount: 1, to: 'Ada' }])
    confirmations.approve()
    expect(textOf(await first)).toBe('Sent 1 to Ada.')
    expect(execute).toHaveBeenCalledOnce()
  })

  it('the tool\'s scope ending while a request waits withdraws it: no pending request, signal aborted, nothing runs', async () => {
    await scopeEndWithdraws(dialog(), name => callTool(mc, name), cleanups)
  })

  it('an agent that cancels while waiting leaves no pending request and no run', async (context) => {
    needs(context, 'answerAfterCancel')
    const confirmations = dialog()
    const { name, execute, state } = transferTool()
    await until(() => state.isRegistered.value)
    const tool = (await mc.getTools()).find(t => t.name === name)!
    const controller = new AbortController()
    const call = executeTool(mc, tool, { amount: 5, to: 'Ada' }, { signal: controller.signal }).catch(error => error as Error)
    await until(() => confirmations.current.value)
    const { signal } = confirmations.current.value!
    controller.abort()
    expect(((await call) as Error).name).toBe('AbortError')
    if (cannot.passExecuteSignal) {
      // This implementation never tells the tool the caller gave up: the request stays
      // until someone decides it. Declined, it still never runs.
      expect(confirmations.pending.value).toHaveLength(1)
      confirmations.decline()
    }
    else {
      await until(() => signal.aborted)
      expect(confirmations.pending.value).toEqual([])
    }
    expect(execute).not.toHaveBeenCalled()
  })

  it('timeoutMs does not count the wait for the person: it starts once they approve', async () => {
    const confirmations = dialog()
    const { name, state } = transferTool({ timeoutMs: 30 })
    await until(() => state.isRegistered.value)
    const call = callTool(mc, name, { amount: 3, to: 'Ada' })
    await until(() => confirmations.current.value)
    await new Promise(resolve => setTimeout(resolve, 120))
    confirmations.approve()
    expect(textOf(await call)).toBe('Sent 3 to Ada.')
  })

  it('WEBMCP_CONFIG.confirm decides, with the request and a signal; a tool\'s confirm: false opts out, an unmarked tool never asks', async () => {
    const seen: WebMCPConfirmationRequest[] = []
    let answer = false
    const confirm = vi.fn((request: WebMCPConfirmationRequest) => {
      seen.push(request)
      return Promise.resolve(answer)
    })
    const config = { confirm: { ask: confirm } }
    const { name, execute, state } = transferTool({}, config)
    const optedOut = transferTool({ confirm: false }, config)
    const plainName = uniqueName('plain')
    const plain = mounted(() => useWebMCPTool({ name: plainName, description: 'd', execute: () => 'ran' }), config)
    await until(() => state.isRegistered.value && optedOut.state.isRegistered.value && plain.isRegistered.value)

    expect((await callTool(mc, name, { amount: 7, to: 'Eve' }))._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(seen[0]).toMatchObject({ name, args: { amount: 7, to: 'Eve' }, caller: 'agent' })
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal)
    expect(execute).not.toHaveBeenCalled()
    answer = true
    expect(textOf(await callTool(mc, name, { amount: 7, to: 'Ada' }))).toBe('Sent 7 to Ada.')
    expect(execute).toHaveBeenCalledOnce()

    expect(textOf(await callTool(mc, optedOut.name, { amount: 1, to: 'Ada' }))).toBe('Sent 1 to Ada.')
    expect(textOf(await callTool(mc, plainName))).toBe('ran')
    expect(confirm).toHaveBeenCalledTimes(2)
  })

  it('a tool opts in with confirm: true, or asks through its own ask; a group\'s confirm applies to its tools', async () => {
    const confirmations = dialog()
    const optIn = uniqueName('opt_in')
    const own = uniqueName('own')
    const grouped = uniqueName('grouped')
    const ownConfirm = vi.fn(() => true)
    const groupConfirm = vi.fn(() => false)
    const state = mounted(() => [
      useWebMCPTool({ name: optIn, description: 'd', confirm: true, execute: () => 'opted in' }),
      useWebMCPTool({ name: own, description: 'd', confirm: { ask: ownConfirm }, execute: () => 'own' }),
      useWebMCPTools([{ name: grouped, description: 'd', execute: () => 'grouped' }], { confirm: { ask: groupConfirm } }),
    ])
    await until(() => state.every(s => s.isRegistered.value))
    const call = callTool(mc, optIn)
    await until(() => confirmations.current.value?.name === optIn)
    confirmations.approve()
    expect(textOf(await call)).toBe('opted in')
    expect(textOf(await callTool(mc, own))).toBe('own')
    expect(ownConfirm).toHaveBeenCalledOnce()
    expect((await callTool(mc, grouped))._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(groupConfirm).toHaveBeenCalledOnce()
    expect(confirmations.pending.value).toEqual([])
  })

  it('a callback decides one request at a time, in order; withdrawing the one it is deciding aborts its signal and moves on', async () => {
    const asked: { request: WebMCPConfirmationRequest, answer: (approved: boolean) => void }[] = []
    const confirm = (request: WebMCPConfirmationRequest) => new Promise<boolean>(resolve => asked.push({ request, answer: resolve }))
    const { name, execute, state } = transferTool({}, { confirm: { ask: confirm } })
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const doomedName = uniqueName('doomed')
    const doomed = scope.run(() => useWebMCPTool({ name: doomedName, description: 'd', confirm: { ask: confirm }, execute: () => 'ran' }))!
    await until(() => state.isRegistered.value && doomed.isRegistered.value)

    const first = callTool(mc, doomedName).catch(error => error as Error)
    await until(() => asked.length === 1)
    const second = callTool(mc, name, { amount: 8, to: 'Ada' })
    // The second waits behind the first: its callback is not called yet.
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(asked).toHaveLength(1)
    expect(asked[0]!.request.name).toBe(doomedName)
    scope.stop()
    expect(asked[0]!.request.signal.aborted).toBe(true)
    await first
    await until(() => asked.length === 2)
    expect(asked[1]!.request.args).toEqual({ amount: 8, to: 'Ada' })
    asked[0]!.answer(true) // too late: it was withdrawn, and nothing runs
    asked[1]!.answer(true)
    expect(textOf(await second)).toBe('Sent 8 to Ada.')
    expect(execute).toHaveBeenCalledOnce()
  })

  it('a confirm callback that throws keeps the call from running, and says the page could not ask', async () => {
    const onToolResult = vi.fn((_event: WebMCPToolResultEvent) => {})
    const { name, execute, state } = transferTool({ confirm: { ask: () => { throw new Error('dialog service down') } } }, { onToolResult })
    await until(() => state.isRegistered.value)
    const response = await callTool(mc, name, { amount: 1, to: 'Ada' })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(response)).toBe(`Tool "${name}" did not run: the page could not ask the person for confirmation (dialog service down).`)
    expect(execute).not.toHaveBeenCalled()
    expect(onToolResult.mock.calls[0]![0].confirmation).toMatchObject({ decision: 'failed' })
  })

  it('used as click handlers, approve and decline decide the request on screen, and forget forgets every approval: the Event names nothing', async () => {
    const confirmations = dialog()
    const click = () => new Event('click') as never
    const first = transferTool({ annotations: { consequentialHint: true, destructiveHint: false } })
    const second = transferTool()
    await until(() => first.state.isRegistered.value && second.state.isRegistered.value)
    const approved = callTool(mc, first.name, { amount: 1, to: 'Ada' })
    await until(() => confirmations.current.value)
    confirmations.approve(click())
    expect(textOf(await approved)).toBe('Sent 1 to Ada.')
    const declined = callTool(mc, second.name, { amount: 2, to: 'Ada' })
    await until(() => confirmations.current.value)
    confirmations.decline(click())
    expect(textOf(await declined)).toBe(`The person declined this call of tool "${second.name}"; it did not run. Do not call it again unless the person asks you to.`)
    const remembered = callTool(mc, first.name, { amount: 3, to: 'Ada' })
    await until(() => confirmations.current.value)
    confirmations.approve(confirmations.current.value, { remember: true })
    await remembered
    expect(confirmations.remembered.value).toHaveLength(1)
    confirmations.forget(click())
    expect(confirmations.remembered.value).toEqual([])
  })

  it('a request waiting when its layout is swapped out passes to the next layout\'s dialog, mounted after the leave animation', async () => {
    const { name, execute, state } = transferTool()
    await until(() => state.isRegistered.value)
    const dialogs: UseWebMCPConfirmationsReturn[] = []
    // Each layout has the app's dialog; a <Transition mode="out-in"> mounts the next one only once the old one has left.
    const layout = (label: string) => defineComponent({
      name: label,
      setup() {
        dialogs.push(useWebMCPConfirmations())
        return () => h('div', label)
      },
    })
    const layouts = { a: layout('LayoutA'), b: layout('LayoutB') }
    const shown = ref<'a' | 'b'>('a')
    const onLeave = (_el: Element, done: () => void) => setTimeout(done, 100)
    const app = mount(defineComponent(() => () => h(Transition, { mode: 'out-in', css: false, onLeave }, () => h(layouts[shown.value], { key: shown.value }))), { attachTo: document.body, global: { stubs: { transition: false } } })
    cleanups.push(() => app.unmount())
    const call = callTool(mc, name, { amount: 3, to: 'Ada' })
    await until(() => dialogs[0]!.pending.value.length === 1)
    shown.value = 'b'
    await until(() => dialogs.length === 2)
    expect(dialogs[1]!.current.value).toMatchObject({ name, args: { amount: 3, to: 'Ada' } })
    dialogs[1]!.approve()
    expect(await call).toEqual({ content: [{ type: 'text', text: 'Sent 3 to Ada.' }] })
    expect(execute).toHaveBeenCalledOnce()
  })

  it('stop() closes a dialog: calls no longer wait for it, and with nothing else to ask they do not run', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const confirmations = dialog()
    confirmations.stop()
    confirmations.stop() // twice is once
    const { name, execute, state } = transferTool()
    await until(() => state.isRegistered.value)
    const refused = await callTool(mc, name, { amount: 1, to: 'Ada' })
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(execute).not.toHaveBeenCalled()
    expect(confirmations.pending.value).toEqual([])
  })

  it('with no way to ask, a tool that asks never runs, consequentialHint alone or confirm set: the agent is told why, development builds warn once per tool', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const results: WebMCPToolResultEvent[] = []
    const config = { onToolResult: (event: WebMCPToolResultEvent) => results.push(event) }
    const hinted = transferTool({}, config)
    const strict = transferTool({ confirm: true }, config)
    const remembering = transferTool({ confirm: { remember: true } }, config)
    await until(() => [hinted, strict, remembering].every(tool => tool.state.isRegistered.value))
    for (const tool of [hinted, hinted, strict, remembering]) {
      const refused = await callTool(mc, tool.name, { amount: 1, to: 'Ada' })
      expect(refused.isError).toBe(true)
      expect(refused._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
      expect(textOf(refused)).toBe(`Tool "${tool.name}" did not run: it needs the person's confirmation, and nothing on this page can ask them now. Tell the person.`)
      expect(tool.execute).not.toHaveBeenCalled()
    }
    expect(results.map(event => event.confirmation?.decision)).toEqual(['failed', 'failed', 'failed', 'failed'])
    const warnings = warn.mock.calls.map(c => String(c[0])).filter(m => m.includes(hinted.name))
    expect(warnings).toEqual([`[vue-webmcp] Tool "${hinted.name}" asks the person before it runs (annotations.consequentialHint, or confirm), but nothing on this page can ask them: the call did not run. `
      + 'Mount useWebMCPConfirmations() in a component that stays mounted to show a dialog, set WEBMCP_CONFIG.confirm.ask, or set confirm: false on the tool if the browser or the agent asks the person itself.'])
  })

  it('a hint written as another value than true asks as the browser lists it (true): 1 and \'false\' both ask', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    // From JSON or plain JavaScript: the types ask for a boolean, WebIDL converts what it gets.
    const tools = [1, 'false'].map(value => transferTool({ annotations: { consequentialHint: value } }))
    await until(() => tools.every(tool => tool.state.isRegistered.value))
    for (const tool of tools) {
      const refused = await callTool(mc, tool.name, { amount: 1, to: 'Ada' })
      expect(textOf(refused)).toContain('nothing on this page can ask them now')
      expect(tool.execute).not.toHaveBeenCalled()
    }
  })

  it('a tool\'s own annotations replace its group\'s: without consequentialHint of its own it does not ask, and development builds say so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const [pay, wire] = [uniqueName('pay'), uniqueName('wire')]
    const execute = vi.fn(() => 'done')
    const group = mounted(() => useWebMCPTools([
      { name: pay, description: 'Pays an invoice.', execute },
      { name: wire, description: 'Wires money.', annotations: { untrustedContentHint: false }, execute },
    ], { annotations: { consequentialHint: true } }))
    await until(() => group.isRegistered.value)
    expect(textOf(await callTool(mc, pay, {}))).toContain('nothing on this page can ask them now')
    expect(textOf(await callTool(mc, wire, {}))).toBe('done')
    expect(warn.mock.calls.map(c => String(c[0])).filter(m => m.includes(wire))).toEqual([`[vue-webmcp] Tool "${wire}" has annotations of its own, which replace its group's, so the group's consequentialHint does not apply to it and its calls do not ask the person. `
      + 'Add consequentialHint: true to its annotations, or set confirm: true on the group to make every tool of the group ask.'])
  })

  it('no such warning for a tool that says consequentialHint itself, or whose confirm decides; a tool\'s annotations that read undefined keep the group\'s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const names = ['own_true', 'own_false', 'confirm_true', 'group_confirm', 'undefined_ref'].map(uniqueName)
    const execute = vi.fn(() => 'done')
    const hinted = { annotations: { consequentialHint: true } }
    const [ownTrue, ownFalse, confirmTrue, groupConfirm, undefinedRef] = names
    const tools = mounted(() => useWebMCPTools([
      { name: ownTrue!, description: 'd', annotations: { consequentialHint: true, untrustedContentHint: false }, execute },
      { name: ownFalse!, description: 'd', annotations: { consequentialHint: false }, execute },
      { name: confirmTrue!, description: 'd', annotations: { untrustedContentHint: false }, confirm: true, execute },
      { name: undefinedRef!, description: 'd', annotations: ref(undefined), execute },
    ], hinted))
    const group = mounted(() => useWebMCPTools([
      { name: groupConfirm!, description: 'd', annotations: { untrustedContentHint: false }, execute },
    ], { ...hinted, confirm: false }))
    await until(() => tools.isRegistered.value && group.isRegistered.value)
    expect(warn.mock.calls.map(c => String(c[0])).filter(m => m.includes('replace its group'))).toEqual([])
    // A tool whose annotations read undefined gets its group's, consequentialHint included: it asks.
    expect(textOf(await callTool(mc, undefinedRef!, {}))).toContain('nothing on this page can ask them now')
    expect(execute).not.toHaveBeenCalled()
  })

  it('confirm: false, on the tool or on its group when the tool sets none, is the one way a consequential tool runs unasked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const own = transferTool({ confirm: false })
    const name = uniqueName('refund')
    const execute = vi.fn(() => 'refunded')
    const group = mounted(() => useWebMCPTools([
      { name, description: 'Refunds an order.', annotations: { consequentialHint: true }, execute },
    ], { confirm: false }))
    await until(() => own.state.isRegistered.value && group.isRegistered.value)
    expect(textOf(await callTool(mc, own.name, { amount: 1, to: 'Ada' }))).toBe('Sent 1 to Ada.')
    expect(textOf(await callTool(mc, name, {}))).toBe('refunded')
    expect(own.execute).toHaveBeenCalledOnce()
    expect(execute).toHaveBeenCalledOnce()
    expect(warn.mock.calls.map(c => String(c[0])).filter(m => m.includes(own.name) || m.includes(name))).toEqual([])
  })
})
