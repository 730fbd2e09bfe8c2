// The call state and its hooks under a careless page and a hostile agent, in
// every lane: hooks read from an options object that throws, a view hidden by
// <KeepAlive> while its call waits for the person, an agent flooding a tool
// that asks, a caller cancelling with a reason of its own. Whatever happens,
// the agent gets a result, never a rejection.
import type { WebMCPToolResponse } from '../../src'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, KeepAlive, shallowRef, watch } from 'vue'
import { useWebMCPConfirmations, useWebMCPTool } from '../../src'
import { runToolCall as runCall } from '../../src/call/callTool'
import { MAX_WAITING_PER_TOOL } from '../../src/call/confirm'
import { agentCall } from '../agent'
import { mountingInto, until } from '../helpers'
import { cannot, lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))
const mounted = mountingInto(cleanups)

/** Options whose hook `hook` throws when read: a getter, a Proxy, a store that is not ready. */
function throwingWhenRead<T extends object>(options: T, hook: 'onStart' | 'onSuccess'): T {
  return Object.defineProperty(options, hook, { enumerable: true, get: () => { throw new Error(`${hook} cannot be read`) } })
}

/** What the agent got: a failure's `_meta` (its code), a success's text, or the name of what its call rejected with. */
function agentAnswer(call: Promise<WebMCPToolResponse>): Promise<unknown> {
  return call.then(response => response._meta ?? textOf(response), (error: Error) => error.name)
}

/** What an agent's call of a tool that unregisters meanwhile answers: `meta`, or where the browser ends such calls itself, `UnknownError`. */
function unregisteredCallAnswer(meta: unknown): unknown {
  return cannot.keepACallOfAnUnregisteredTool ? 'UnknownError' : meta
}

describe(`call state under hostile use (${lane})`, () => {
  it('a hook that throws when read changes nothing for the agent: onStart', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const name = uniqueName('start_getter')
      const tool = mounted(() => useWebMCPTool(throwingWhenRead({ name, description: 'd', execute: () => 'done' }, 'onStart')))
      await until(() => tool.isRegistered.value)
      const response = await agentCall(mc, name)
      expect(response.isError).toBeUndefined()
      expect(textOf(response)).toBe('done')
      expect(tool.lastResult.value).toBe('done')
      expect(tool.lastError.value).toBeNull()
    }
    finally {
      errors.mockRestore()
    }
  })

  it('an app config whose hook throws when read: the call does not run, the agent gets TOOL_ERROR, and the call ends', async () => {
    // A logger not ready yet: the config is read whole as each call starts, and the call goes by it as given.
    const broken = { now: false }
    const config = { get onToolResult() {
      if (broken.now)
        throw new Error('logger not ready')
      return undefined
    } }
    const name = uniqueName('config_getter')
    const execute = vi.fn(() => 'done')
    const tool = mounted(() => useWebMCPTool({ name, description: 'd', execute }), config)
    await until(() => tool.isRegistered.value)
    broken.now = true
    expect(await agentAnswer(agentCall(mc, name))).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(execute).not.toHaveBeenCalled()
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.lastError.value?.message).toContain('logger not ready')
    broken.now = false
    expect(await agentAnswer(agentCall(mc, name))).toBe('done')
    expect(tool.isExecuting.value).toBe(false)
  })

  it('a formatOutput that throws when read: the call does not run, the agent gets TOOL_ERROR, and the call ends', async () => {
    const name = uniqueName('format_getter')
    const execute = vi.fn(() => 'done')
    const options = Object.defineProperty({ name, description: 'd', execute }, 'formatOutput', { enumerable: true, get: () => { throw new Error('formatOutput cannot be read') } })
    const tool = mounted(() => useWebMCPTool(options))
    await until(() => tool.isRegistered.value)
    const response = await agentCall(mc, name)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(response)).toContain('formatOutput cannot be read')
    expect(execute).not.toHaveBeenCalled()
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.lastError.value).toBeInstanceOf(Error)
  })

  it('a hook that throws when read changes nothing for the agent: onSuccess', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const name = uniqueName('success_getter')
      const tool = mounted(() => useWebMCPTool(throwingWhenRead({ name, description: 'd', execute: () => 'done' }, 'onSuccess')))
      await until(() => tool.isRegistered.value)
      const response = await agentCall(mc, name).catch((error: unknown) => error)
      expect(response).toEqual({ content: [{ type: 'text', text: 'done' }] })
      expect(tool.isExecuting.value).toBe(false)
    }
    finally {
      errors.mockRestore()
    }
  })

  it('reset() clears the whole state even when a watcher of it throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warns = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const name = uniqueName('reset_watched')
      const tool = mounted(() => {
        const state = useWebMCPTool({ name, description: 'd', execute: () => { throw new Error('down') } })
        watch(state.callCount, (count) => {
          if (count === 0)
            throw new Error('watcher broke')
        }, { flush: 'sync' })
        return state
      })
      await until(() => tool.isRegistered.value)
      expect((await agentCall(mc, name)).isError).toBe(true)
      expect(tool.lastError.value?.message).toBe('down')
      let threw: unknown
      try {
        tool.reset()
      }
      catch (error) {
        threw = error
      }
      expect(threw).toBeUndefined()
      expect([tool.callCount.value, tool.lastResult.value, tool.lastError.value]).toEqual([0, undefined, null])
    }
    finally {
      errors.mockRestore()
      warns.mockRestore()
    }
  })

  it('<KeepAlive> hiding the view while its call waits for the person withdraws the request; the call never runs', async () => {
    const name = uniqueName('pay_hidden')
    const execute = vi.fn(() => 'paid')
    const shown = shallowRef('pay')
    let tool!: ReturnType<typeof useWebMCPTool>
    let confirmations!: ReturnType<typeof useWebMCPConfirmations>
    const Pay = defineComponent({
      setup() {
        tool = useWebMCPTool({ name, description: 'Pays.', annotations: { consequentialHint: true }, execute })
        return () => h('div', 'pay')
      },
    })
    const Other = defineComponent({ setup: () => () => h('div', 'other') })
    const Host = defineComponent({
      setup() {
        confirmations = useWebMCPConfirmations()
        return () => h(KeepAlive, null, [h(shown.value === 'pay' ? Pay : Other, { key: shown.value })])
      },
    })
    const wrapper = mount(Host, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(() => tool.isRegistered.value)
    const call = agentAnswer(agentCall(mc, name))
    await until(() => confirmations.current.value)
    shown.value = 'other'
    await until(() => !tool.isRegistered.value)
    const stillWaiting = confirmations.pending.value.length
    if (stillWaiting)
      confirmations.approve()
    expect(stillWaiting).toBe(0)
    expect(await call).toEqual(unregisteredCallAnswer({ 'vue-webmcp/code': 'ABORTED' }))
    await until(() => tool.lastError.value)
    expect(tool.lastError.value?.name).toBe('AbortError')
    expect(execute).not.toHaveBeenCalled()
  })

  it('a change of what the person is shown withdraws the request waiting on it; a call already approved runs on', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const name = uniqueName('pay_changed')
    const description = shallowRef('Pays.')
    let finish!: (value: string) => void
    let signal: AbortSignal | undefined
    const execute = vi.fn((_args: unknown, options: { signal: AbortSignal }) => {
      signal = options.signal
      return new Promise<string>(resolve => (finish = resolve))
    })
    const tool = mounted(() => useWebMCPTool({ name, description, annotations: { consequentialHint: true }, execute }))
    await until(() => tool.isRegistered.value)
    const first = agentAnswer(agentCall(mc, name))
    await until(() => confirmations.current.value)
    description.value = 'Pays, in euros.'
    expect(await first).toEqual(unregisteredCallAnswer({ 'vue-webmcp/code': 'ABORTED' }))
    await until(() => tool.lastError.value)
    expect(tool.lastError.value?.name).toBe('AbortError')
    expect(confirmations.pending.value).toEqual([])
    await until(async () => (await mc.getTools()).some(t => t.name === name && t.description === 'Pays, in euros.'))
    const second = agentAnswer(agentCall(mc, name))
    await until(() => confirmations.current.value)
    confirmations.approve()
    await until(() => execute.mock.calls.length === 1)
    description.value = 'Pays, in dollars.'
    await until(async () => (await mc.getTools()).some(t => t.name === name && t.description === 'Pays, in dollars.'))
    finish('paid')
    expect(await second).toEqual(unregisteredCallAnswer('paid'))
    await until(() => tool.lastResult.value === 'paid')
    expect(signal!.aborted).toBe(false)
  })

  it(`an agent flooding a tool that asks: the dialog holds ${MAX_WAITING_PER_TOOL} of its requests, the rest are declined at once and told why`, async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const name = uniqueName('flooded')
    const tool = mounted(() => useWebMCPTool({ name, description: 'd', annotations: { consequentialHint: true }, execute: () => 'ran' }))
    await until(() => tool.isRegistered.value)
    const answered: WebMCPToolResponse[] = []
    const calls = Array.from({ length: 100 }, () => agentCall(mc, name).then(response => answered.push(response)))
    try {
      await until(() => confirmations.pending.value.length > 0)
      await until(() => answered.length + confirmations.pending.value.length === 100, 3000)
      expect(confirmations.pending.value.length).toBe(MAX_WAITING_PER_TOOL)
      expect(answered.every(response => response._meta?.['vue-webmcp/code'] === 'DECLINED')).toBe(true)
      expect(textOf(answered[0]!)).toBe(`The call of tool "${name}" did not run: the person already has ${MAX_WAITING_PER_TOOL} calls of this tool to decide. Do not call it again until those calls are answered.`)
    }
    finally {
      // decline() takes the oldest request; the list it reads follows a tick later.
      for (let round = 0; round < 300 && answered.length < 100; round++) {
        confirmations.decline()
        await new Promise(resolve => setTimeout(resolve, 5))
      }
      await Promise.all(calls)
    }
  })

  it('a caller cancelling with a reason of its own: the agent is told ABORTED, and onError does not run', async () => {
    const controller = new AbortController()
    const onError = vi.fn()
    const call = runCall({ name: 'slow', settings: { budgets: false, validateArgs: true }, execute: () => new Promise<never>(() => {}), onError, signals: [controller.signal] }, {})
    controller.abort(new Error('navigated'))
    const { response } = await call
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'ABORTED' })
    expect(((await call).error as Error).cause).toEqual(new Error('navigated'))
    expect(onError).not.toHaveBeenCalled()
  })

  it('a tool that rejects with its own error as its signal aborts: still ABORTED, no onError', async () => {
    const controller = new AbortController()
    const onError = vi.fn()
    const execute = (_args: unknown, { signal }: { signal: AbortSignal }) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))))
    const call = runCall({ name: 'slow', settings: { budgets: false, validateArgs: true }, execute, onError, signals: [controller.signal] }, {})
    await new Promise(resolve => setTimeout(resolve, 0))
    controller.abort(new Error('navigated'))
    const { response, code } = await call
    expect([code, response._meta]).toEqual(['ABORTED', { 'vue-webmcp/code': 'ABORTED' }])
    expect(onError).not.toHaveBeenCalled()
  })
})
