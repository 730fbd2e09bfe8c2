// Call state in every lane: what useWebMCPTool returns (and each
// useWebMCPTools byName entry) says while an agent's call runs and after it.
// The agent calls through the `callTool` browser command in the native lane
// (test/agent.ts), through the lane's own executeTool elsewhere.
import type { WebMCPToolResponse } from '../../src'
import { describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, watch } from 'vue'
import { ToolInputError, useWebMCPConfirmations, useWebMCPTool, useWebMCPTools } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const mounted = mountingInto(cleanups)

/** A promise the test settles by hand: a call that runs until the test says. */
function gate<T = void>() {
  let open!: (value: T) => void
  const opened = new Promise<T>(resolve => (open = resolve))
  return { opened, open }
}

const SCHEMA = { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'] } as const

describe(`call state (${lane})`, () => {
  it('isExecuting is true while the agent\'s call runs; then callCount, lastResult and lastError say what happened; reset() clears them', async () => {
    const name = uniqueName('search')
    const release = gate()
    const tool = mounted(() => useWebMCPTool({
      name,
      description: 'Searches.',
      inputSchema: SCHEMA,
      execute: async ({ q }) => {
        await release.opened
        return { hits: [q.toUpperCase()] }
      },
    }))
    await until(() => tool.isRegistered.value)
    expect([tool.isExecuting.value, tool.callCount.value, tool.lastResult.value, tool.lastError.value]).toEqual([false, 0, undefined, null])

    const call = agentCall(mc, name, { q: 'vue' })
    await until(() => tool.isExecuting.value)
    expect(tool.callCount.value).toBe(1)
    expect(tool.lastResult.value).toBeUndefined()
    release.open()
    expect(textOf(await call)).toBe('{"hits":["VUE"]}')
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.callCount.value).toBe(1)
    expect(tool.lastResult.value).toEqual({ hits: ['VUE'] })
    expect(tool.lastError.value).toBeNull()
    // The registration's own state is apart: a call's failure never lands in `error`.
    const refused = await agentCall(mc, name, { q: '' })
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(tool.callCount.value).toBe(2)
    expect(tool.lastError.value).toBeInstanceOf(ToolInputError)
    expect(tool.lastError.value!.message).toContain(`Invalid arguments for tool "${name}"`)
    expect(tool.lastResult.value).toBeUndefined()
    expect(tool.error.value).toBeNull()
    expect(tool.isExecuting.value).toBe(false)

    tool.reset()
    expect([tool.isExecuting.value, tool.callCount.value, tool.lastResult.value, tool.lastError.value]).toEqual([false, 0, undefined, null])
  })

  it('overlapping calls: isExecuting stays true until the last one ends, and each counts; the last to end sets lastResult', async () => {
    const name = uniqueName('slow')
    const gates = new Map<string, ReturnType<typeof gate<void>>>()
    const tool = mounted(() => useWebMCPTool({
      name,
      description: 'Waits for the test.',
      inputSchema: SCHEMA,
      execute: async ({ q }) => {
        await gates.get(q)!.opened
        return q
      },
    }))
    gates.set('a', gate()).set('b', gate())
    await until(() => tool.isRegistered.value)
    const first = agentCall(mc, name, { q: 'a' })
    const second = agentCall(mc, name, { q: 'b' })
    await until(() => tool.callCount.value === 2)
    gates.get('a')!.open()
    expect(textOf(await first)).toBe('a')
    expect(tool.isExecuting.value).toBe(true)
    expect(tool.lastResult.value).toBe('a')
    gates.get('b')!.open()
    expect(textOf(await second)).toBe('b')
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.callCount.value).toBe(2)
    expect(tool.lastResult.value).toBe('b')
  })

  it('a throw lands in lastError (the agent gets its isError result), and clears lastResult; an isError result the tool returns does too', async () => {
    const name = uniqueName('flaky')
    let mode: 'ok' | 'throw' | 'result' = 'ok'
    const onError = vi.fn()
    const tool = mounted(() => useWebMCPTool({
      name,
      description: 'd',
      onError,
      execute: () => {
        if (mode === 'throw')
          throw new Error('backend down')
        return mode === 'result' ? { content: [{ type: 'text' as const, text: 'no such order' }], isError: true } : 'fine'
      },
    }))
    await until(() => tool.isRegistered.value)
    await agentCall(mc, name)
    expect(tool.lastResult.value).toBe('fine')
    mode = 'throw'
    const failed = await agentCall(mc, name)
    expect(failed.isError).toBe(true)
    expect(tool.lastError.value?.message).toBe('backend down')
    expect(tool.lastResult.value).toBeUndefined()
    await until(() => onError.mock.calls.length > 0)
    expect(onError).toHaveBeenCalledOnce()
    mode = 'result'
    await agentCall(mc, name)
    expect(tool.lastError.value?.message).toBe('no such order')
    expect(tool.callCount.value).toBe(3)
  })

  it('a thrown value that cannot be read still ends the call as an isError result, with an Error in lastError', async () => {
    const name = uniqueName('hostile')
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const tool = mounted(() => useWebMCPTool({ name, description: 'd', execute: () => { throw proxy } }))
    await until(() => tool.isRegistered.value)
    expect((await agentCall(mc, name)).isError).toBe(true)
    expect(tool.lastError.value).toBeInstanceOf(Error)
    expect(tool.lastError.value!.message).toBe('A value that cannot be read was thrown.')
    expect(tool.isExecuting.value).toBe(false)
  })

  it('onStart gets the validated arguments once execute started, onSuccess the result and arguments after; neither changes what the agent gets, even when it throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const name = uniqueName('hooked')
    const order: string[] = []
    const onStart = vi.fn((args: { q: string }) => {
      order.push(`start ${args.q}`)
      throw new Error('onStart broke')
    })
    const onSuccess = vi.fn((result: string, args: { q: string }) => {
      order.push(`success ${result} ${args.q}`)
      return Promise.reject(new Error('onSuccess broke'))
    })
    const tool = mounted(() => useWebMCPTool({
      name,
      description: 'd',
      inputSchema: SCHEMA,
      execute: ({ q }) => {
        order.push(`execute ${q}`)
        return `did ${q}`
      },
      onStart,
      onSuccess,
    }))
    await until(() => tool.isRegistered.value)
    expect(await agentCall(mc, name, { q: 'it' })).toEqual({ content: [{ type: 'text', text: 'did it' }] })
    // Each hook in a task of its own, in order (see callHooks.test.ts).
    await until(() => order.length === 3)
    expect(order).toEqual(['execute it', 'start it', 'success did it it'])
    // Neither runs for a call refused before execute.
    await agentCall(mc, name, { q: '' })
    expect(onStart).toHaveBeenCalledOnce()
    expect(onSuccess).toHaveBeenCalledOnce()
    await until(() => error.mock.calls.some(c => String(c[0]).includes('onSuccess threw')))
    expect(error.mock.calls.some(c => String(c[0]).includes('onStart threw'))).toBe(true)
  })

  it('a watcher of the state that throws changes nothing for the agent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName('watched')
    const tool = mounted(() => {
      const state = useWebMCPTool({ name, description: 'd', execute: () => 'ok' })
      watch([state.isExecuting, state.lastResult], () => {
        throw new Error('watcher broke')
      }, { flush: 'sync' })
      return state
    })
    await until(() => tool.isRegistered.value)
    expect(await agentCall(mc, name)).toEqual({ content: [{ type: 'text', text: 'ok' }] })
    expect(tool.lastResult.value).toBe('ok')
    expect(tool.isExecuting.value).toBe(false)
    error.mockRestore()
    warn.mockRestore()
  })

  it('a call that began before reset() does not write lastResult after it; isExecuting still follows it', async () => {
    const name = uniqueName('reset')
    const release = gate()
    const tool = mounted(() => useWebMCPTool({
      name,
      description: 'd',
      execute: async () => {
        await release.opened
        return 'late'
      },
    }))
    await until(() => tool.isRegistered.value)
    const call = agentCall(mc, name)
    await until(() => tool.isExecuting.value)
    tool.reset()
    expect(tool.callCount.value).toBe(0)
    expect(tool.isExecuting.value).toBe(true)
    release.open()
    await call
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.lastResult.value).toBeUndefined()
    expect(tool.callCount.value).toBe(0)
  })

  it('byName entries carry each tool\'s call state, as plain reactive values', async () => {
    const read = uniqueName('read')
    const write = uniqueName('write')
    const group = mounted(() => useWebMCPTools([
      { name: read, description: 'd', execute: () => ({ items: 2 }) },
      { name: write, description: 'd', execute: () => 'written' },
    ]))
    await until(() => group.isRegistered.value)
    let seen = false
    const stop = watch(() => group.byName[read]!.isExecuting, running => (seen ||= running), { flush: 'sync' })
    await agentCall(mc, read)
    stop()
    expect(seen).toBe(true)
    expect(group.byName[read]).toMatchObject({ isExecuting: false, callCount: 1, lastResult: { items: 2 }, lastError: null })
    expect(group.byName[write]).toMatchObject({ callCount: 0, lastResult: undefined })
    // As a template prints it, and a detached `reset` as a script destructures it.
    expect(JSON.parse(JSON.stringify(group.byName[read]))).toEqual({
      isSupported: true,
      isRegistered: true,
      error: null,
      isExecuting: false,
      callCount: 1,
      lastResult: { items: 2 },
      lastError: null,
    })
    const { reset } = group.byName[read]!
    reset()
    await nextTick()
    expect(group.byName[read]!.callCount).toBe(0)
    expect(() => Object.assign(group.byName[read]!, { extra: 1 })).toThrow(TypeError)
  })

  it('byName lastResult is what execute returned, as useWebMCPTool\'s: a class instance with private fields keeps working', async () => {
    class Order {
      #total: number
      constructor(total: number) {
        this.#total = total
      }

      total(): number {
        return this.#total
      }
    }
    const result = new Order(42)
    const [grouped, single] = [uniqueName('order'), uniqueName('order')]
    const group = mounted(() => useWebMCPTools([{ name: grouped, description: 'd', execute: () => result }]))
    const one = mounted(() => useWebMCPTool({ name: single, description: 'd', execute: () => result }))
    await until(() => group.isRegistered.value && one.isRegistered.value)
    await agentCall(mc, grouped)
    await agentCall(mc, single)
    expect(group.byName[grouped]!.lastResult).toBe(result)
    expect(group.byName[grouped]!.lastResult!.total()).toBe(42)
    expect(one.lastResult.value).toBe(result)
    // Still read-only: an entry cannot be written.
    expect(() => Object.assign(group.byName[grouped]!, { callCount: 0 })).toThrow(TypeError)
  })

  it('a call waiting for the person is executing; a declined one ends with the person\'s answer in lastError', async () => {
    const confirmations = mounted(() => useWebMCPConfirmations())
    const name = uniqueName('pay')
    const execute = vi.fn(() => 'paid')
    const tool = mounted(() => useWebMCPTool({ name, description: 'd', annotations: { consequentialHint: true }, execute }))
    await until(() => tool.isRegistered.value)
    const call = agentCall(mc, name)
    await until(() => confirmations.current.value)
    expect(tool.isExecuting.value).toBe(true)
    confirmations.decline(undefined, { reason: 'not today' })
    const response: WebMCPToolResponse = await call
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(tool.isExecuting.value).toBe(false)
    expect(tool.lastError.value?.name).toBe('DeclinedError')
    expect(tool.lastError.value?.message).toContain('Their reason: not today.')
    expect(execute).not.toHaveBeenCalled()
  })

  it('the scope ending mid-call: the call ends ABORTED in lastError, and isExecuting turns false', async () => {
    const name = uniqueName('ending')
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const tool = scope.run(() => useWebMCPTool({ name, description: 'd', execute: (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) }))!
    await until(() => tool.isRegistered.value)
    const call = agentCall(mc, name).catch(error => error as Error)
    await until(() => tool.isExecuting.value)
    scope.stop()
    await call
    await until(() => !tool.isExecuting.value)
    expect(tool.lastError.value?.name).toBe('AbortError')
  })
})
