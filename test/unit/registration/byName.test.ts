// A context that removes tools by name and ignores the signal: Firefox's own ModelContext, here
// vue-webmcp/testing's model of it on navigator.modelContext. The compat-firefox lane runs the
// same composables against the real one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useRegisteredTools, useWebMCPTool } from '../../../src'
import { InMemoryFirefoxModelContext } from '../../../src/testing'
import { until, withSetup } from '../../helpers'

let mc: InMemoryFirefoxModelContext

function place(context: object): void {
  Object.defineProperty(navigator, 'modelContext', { configurable: true, value: context })
}

beforeEach(() => {
  // Development builds say once that only navigator.modelContext exists.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  place(mc = new InMemoryFirefoxModelContext())
})

afterEach(() => {
  delete (navigator as { modelContext?: unknown }).modelContext
  vi.restoreAllMocks()
})

function tool(options: Parameters<typeof useWebMCPTool>[0]) {
  const scope = effectScope()
  const state = scope.run(() => useWebMCPTool(options))!
  return { ...state, stop: () => scope.stop() }
}

describe('a context that unregisters by name (Firefox)', () => {
  it('registers at once, and the scope\'s end removes the tool by name', async () => {
    const unregisterTool = vi.spyOn(mc, 'unregisterTool')
    const state = tool({ name: 'greet', description: 'd', execute: () => 'hi' })
    await until(() => state.isRegistered.value)
    expect(mc.toolNames).toEqual(['greet'])
    state.stop()
    expect(unregisterTool.mock.calls).toEqual([['greet']])
    expect(mc.toolNames).toEqual([])
  })

  it('follows enabled and renames: the old name leaves, the new one comes', async () => {
    const enabled = ref(true)
    const name = ref('first')
    const state = tool({ name, description: 'd', enabled, execute: () => 'ok' })
    await until(() => state.isRegistered.value)
    enabled.value = false
    await nextTick()
    expect(mc.toolNames).toEqual([])
    expect(state.isRegistered.value).toBe(false)
    enabled.value = true
    await until(() => state.isRegistered.value)
    expect(mc.toolNames).toEqual(['first'])
    name.value = 'second'
    await until(() => mc.toolNames.includes('second'))
    expect(mc.toolNames).toEqual(['second'])
    state.stop()
    expect(mc.toolNames).toEqual([])
  })

  it('refuses a name another tool holds with InvalidStateError, the first keeps answering, and the second registers once it is free', async () => {
    const first = tool({ name: 'shared', description: 'first', execute: () => 'first' })
    await until(() => first.isRegistered.value)
    const registerTool = vi.spyOn(mc, 'registerTool')
    const second = tool({ name: 'shared', description: 'second', execute: () => 'second' })
    await until(() => second.error.value)
    expect(second.error.value).toMatchObject({ name: 'InvalidStateError', message: expect.stringContaining('"shared" is taken') })
    expect(second.isRegistered.value).toBe(false)
    expect(registerTool).not.toHaveBeenCalled()
    expect(await mc.invokeTool('shared', {})).toEqual({ content: [{ type: 'text', text: 'first' }] })

    first.stop()
    await until(() => second.isRegistered.value)
    expect(second.error.value).toBeNull()
    expect(await mc.invokeTool('shared', {})).toEqual({ content: [{ type: 'text', text: 'second' }] })
    second.stop()
    expect(mc.toolNames).toEqual([])
  })

  it('refuses a name the page\'s own code registered (listed by getTools), and leaves that tool alone', async () => {
    mc.registerTool({ name: 'raw', description: 'the page\'s own', execute: () => 'raw' })
    const registerTool = vi.spyOn(mc, 'registerTool')
    const state = tool({ name: 'raw', description: 'd', execute: () => 'package' })
    await until(() => state.error.value)
    expect(state.error.value).toMatchObject({ name: 'InvalidStateError', message: expect.stringContaining('"raw" is taken') })
    expect(registerTool).not.toHaveBeenCalled()
    state.stop()
    expect(await mc.invokeTool('raw', {})).toBe('raw')
    mc.unregisterTool('raw')
  })

  it('a tool waiting for a name the page\'s own code held registers once that code frees it with unregisterTool (no toolchange)', async () => {
    mc.registerTool({ name: 'page', description: 'the page\'s own', execute: () => 'page' })
    const state = tool({ name: 'page', description: 'd', execute: () => 'package' })
    try {
      await until(() => state.error.value)
      expect(state.error.value).toMatchObject({ name: 'InvalidStateError' })
      mc.unregisterTool('page')
      await until(() => state.isRegistered.value)
      expect(state.error.value).toBeNull()
      expect(await mc.invokeTool('page', {})).toEqual({ content: [{ type: 'text', text: 'package' }] })
    }
    finally {
      state.stop()
    }
    expect(mc.toolNames).toEqual([])
  })

  it('stops reading the list for a name the page\'s own code holds once no tool waits for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      mc.registerTool({ name: 'kept', description: 'the page\'s own', execute: () => 'page' })
      const getTools = vi.spyOn(mc, 'getTools')
      const state = tool({ name: 'kept', description: 'd', execute: () => 'package' })
      await vi.waitUntil(() => state.error.value)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(getTools.mock.calls.length).toBeGreaterThan(2)
      state.stop()
      await vi.advanceTimersByTimeAsync(1_000)
      const after = getTools.mock.calls.length
      await vi.advanceTimersByTimeAsync(10 * 60_000)
      expect(getTools.mock.calls.length).toBe(after)
      expect(vi.getTimerCount()).toBe(0)
    }
    finally {
      vi.useRealTimers()
    }
  })

  it('the tool holding a name keeps it across its own re-registration; a waiting tool takes it once it is free', async () => {
    const description = ref('first')
    const holder = tool({ name: 'owned', description, execute: () => 'holder' })
    await until(() => holder.isRegistered.value)
    const waiting = tool({ name: 'owned', description: 'waits', execute: () => 'waiting' })
    await until(() => waiting.error.value)
    description.value = 'changed'
    await nextTick()
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(holder.error.value).toBeNull()
    expect(holder.isRegistered.value).toBe(true)
    expect(waiting.isRegistered.value).toBe(false)
    expect((await mc.getTools()).find(t => t.name === 'owned')).toMatchObject({ description: 'changed' })
    expect(await mc.invokeTool('owned', {})).toEqual({ content: [{ type: 'text', text: 'holder' }] })
    holder.stop()
    await until(() => waiting.isRegistered.value)
    expect(await mc.invokeTool('owned', {})).toEqual({ content: [{ type: 'text', text: 'waiting' }] })
    waiting.stop()
  })

  it('a scope that ends while the list is read registers nothing', async () => {
    const state = tool({ name: 'brief', description: 'd', execute: () => 'ok' })
    state.stop()
    await new Promise(resolve => setTimeout(resolve, 10))
    expect(mc.toolNames).toEqual([])
    expect(state.error.value).toBeNull()
  })

  it('a refused tool whose scope ends first does not take the name later', async () => {
    const first = tool({ name: 'held', description: 'd', execute: () => 'first' })
    const second = tool({ name: 'held', description: 'd', execute: () => 'second' })
    await until(() => second.error.value)
    second.stop()
    first.stop()
    expect(mc.toolNames).toEqual([])
  })

  it('answers calls through the guard: invalid arguments and a throwing execute come back as isError results', async () => {
    const state = tool({
      name: 'guarded',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: (args) => {
        const { n } = args as { n: number }
        if (n < 0)
          throw new Error('negative')
        return n * 2
      },
    })
    await until(() => state.isRegistered.value)
    expect(await mc.invokeTool('guarded', { n: 2 })).toEqual({ content: [{ type: 'text', text: '4' }] })
    expect(await mc.invokeTool('guarded', { n: 'x' })).toMatchObject({ isError: true })
    expect(await mc.invokeTool('guarded', { n: -1 })).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('negative') }] })
    state.stop()
  })

  it('production: refuses a name outside the spec\'s grammar and an empty description with InvalidStateError saying which rule, as Chromium refuses them', async () => {
    const before = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    const spaced = tool({ name: 'has space', description: 'd', execute: () => '' })
    const empty = tool({ name: 'empty', description: '', execute: () => '' })
    try {
      await until(() => spaced.error.value && empty.error.value)
      expect(spaced.error.value).toMatchObject({ name: 'InvalidStateError', message: expect.stringContaining('the spec\'s grammar') })
      expect(empty.error.value).toMatchObject({ name: 'InvalidStateError', message: expect.stringContaining('description is empty') })
      expect(mc.toolNames).toEqual([])
    }
    finally {
      spaced.stop()
      empty.stop()
      process.env.NODE_ENV = before
    }
  })

  it('a registerTool that throws (a frame\'s context: NotAllowedError) lands in error once, with no retry loop', async () => {
    const registerTool = vi.spyOn(mc, 'registerTool').mockImplementation(() => {
      throw new DOMException('navigator.modelcontext methods can only be used on the top window', 'NotAllowedError')
    })
    const state = tool({ name: 'framed', description: 'd', execute: () => 'ok' })
    await until(() => state.error.value)
    expect(state.error.value!.name).toBe('NotAllowedError')
    await new Promise(resolve => setTimeout(resolve, 20))
    // The first attempt and its immediate retry (a toolchange could have freed a name meanwhile).
    expect(registerTool).toHaveBeenCalledTimes(2)
    state.stop()
    // It held nothing, so there is nothing to remove, and another tool may take the name.
    const other = tool({ name: 'framed', description: 'd', execute: () => 'ok' })
    registerTool.mockRestore()
    other.stop()
  })

  it('works the same on a frozen context', async () => {
    place(Object.freeze(mc))
    const first = tool({ name: 'frozen', description: 'd', execute: () => 'ok' })
    const second = tool({ name: 'frozen', description: 'd', execute: () => 'ok' })
    await until(() => first.isRegistered.value && second.error.value)
    first.stop()
    await until(() => second.isRegistered.value)
    second.stop()
    expect(mc.toolNames).toEqual([])
  })

  it('hands registerTool no readOnlyHint that is false: Firefox lists any readOnlyHint it is given as true', async () => {
    const registerTool = vi.spyOn(mc, 'registerTool')
    const writes = tool({ name: 'writes', description: 'd', annotations: { readOnlyHint: false, destructiveHint: true }, execute: () => 'ok' })
    const reads = tool({ name: 'reads', description: 'd', annotations: { readOnlyHint: true }, execute: () => 'ok' })
    const plain = tool({ name: 'plain', description: 'd', execute: () => 'ok' })
    try {
      await until(() => writes.isRegistered.value && reads.isRegistered.value && plain.isRegistered.value)
      const given = Object.fromEntries(registerTool.mock.calls.map(([t]) => [t.name, t.annotations]))
      expect(given).toEqual({ writes: { destructiveHint: true }, reads: { readOnlyHint: true }, plain: undefined })
      // What the agent sees: the testing context lists readOnlyHint as Firefox does.
      const listed = Object.fromEntries((await mc.getTools()).map(t => [t.name, (t.annotations as { readOnlyHint?: boolean } | undefined)?.readOnlyHint]))
      expect(listed).toEqual({ writes: false, reads: true, plain: undefined })
    }
    finally {
      [writes, reads, plain].forEach(state => state.stop())
    }
  })
})

describe('useRegisteredTools on a context that unregisters by name (Firefox)', () => {
  it('lists through getTools, follows the package\'s registrations (there is no toolchange), and runs through invokeTool', async () => {
    const { result: panel, unmount } = withSetup(() => useRegisteredTools())
    await until(() => panel.isSupported.value)
    expect(panel.tools.value).toEqual([])
    const state = tool({ name: 'listed', description: 'Listed.', annotations: { readOnlyHint: true }, execute: args => `got ${(args as { q?: string }).q}` })
    await until(() => panel.tools.value.length === 1)
    expect(panel.tools.value[0]).toMatchObject({ name: 'listed', description: 'Listed.', annotations: { readOnlyHint: true } })
    const invokeTool = vi.spyOn(mc, 'invokeTool')
    expect(await panel.execute(panel.tools.value[0]!, { q: 'x' })).toEqual({ content: [{ type: 'text', text: 'got x' }] })
    expect(invokeTool.mock.calls[0]!.slice(0, 2)).toEqual(['listed', { q: 'x' }])
    await expect(panel.execute({ ...panel.tools.value[0]!, name: 'missing' })).rejects.toMatchObject({ name: 'NotFoundError' })
    state.stop()
    await until(() => panel.tools.value.length === 0)
    unmount()
  })
})
