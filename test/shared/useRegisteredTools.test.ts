// useRegisteredTools in both lanes.
import { describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { useRegisteredTools, useWebMCPTool } from '../../src'
import { deferred, until, withSetup } from '../helpers'
import { DELIBERATE_FAILURE, firefox, jsonArguments, lane, laneSuite, listsToolObjects, needs, registerTool, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

/** One task, through a channel: fake timers leave it alone. */
function realTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

function panel(options?: Parameters<typeof useRegisteredTools>[0]) {
  const mounted = withSetup(() => useRegisteredTools(options))
  cleanups.push(mounted.unmount)
  return mounted.result
}

describe(`useRegisteredTools (${lane})`, () => {
  // First in the file: detection is remembered per document, and each test file gets a fresh one.
  it('calls in the form its engine takes: the JSON string on Chromium 150 and the polyfills, the object on Chromium 156', async (context) => {
    needs(context, 'executeTool')
    const name = uniqueName('format')
    const raw = new AbortController()
    const execute = vi.fn(() => null)
    await registerTool(mc, { name, description: 'd', execute }, { signal: raw.signal })
    cleanups.push(() => raw.abort())
    const list = panel()
    await until(() => list.tools.value.some(t => t.name === name))
    const executeTool = vi.spyOn(mc, 'executeTool')
    const registered = list.tools.value.find(t => t.name === name)!
    // First, calls whose arguments JSON cannot carry: refused with a TypeError
    // before the browser sees them (as Chromium 156 refuses them), and no answer
    // to them is taken for the browser's argument form: the calls after them
    // run, and detect it as below.
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    await expect(list.execute(registered, { n: 1n })).rejects.toThrow(TypeError)
    await expect(list.execute(registered, cycle)).rejects.toThrow(TypeError)
    expect(executeTool).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
    // A raw tool returning null: the browser sends "null", and it stays null.
    expect(await list.execute(registered, { q: 1 })).toBeNull()
    // Chromium 150 and the polyfills take the JSON string; Chromium 156 the object, at the first try.
    const form = jsonArguments ? ['string'] : ['object']
    expect(executeTool.mock.calls.map(c => typeof c[1])).toEqual(form)
    await list.execute(registered, { q: 2 })
    expect(executeTool.mock.calls.map(c => typeof c[1])).toEqual([...form, form.at(-1)])
    // A preference the browser has already answered changes nothing: its answer wins.
    const pinned = panel({ argumentFormat: 'object' })
    executeTool.mockClear()
    await pinned.execute(registered, {})
    expect(executeTool.mock.calls.map(c => typeof c[1])).toEqual([form.at(-1)])
  })

  it('lists tools other components register, sorted, and drops them when they unmount', async () => {
    const list = panel()
    expect(list.isSupported.value).toBe(true)
    const [b, a] = [uniqueName('zz_b'), uniqueName('zz_a')]
    const first = withSetup(() => useWebMCPTool({ name: b, description: 'Bee', execute: () => 'b' }))
    const second = withSetup(() => useWebMCPTool({ name: a, description: 'Ay', execute: () => 'a' }))
    await until(() => list.tools.value.some(t => t.name === a) && list.tools.value.some(t => t.name === b))
    const all = list.tools.value.map(t => t.name)
    expect(all).toEqual([...all].sort())
    first.unmount()
    await until(() => !list.tools.value.some(t => t.name === b))
    expect(list.tools.value.some(t => t.name === a)).toBe(true)
    second.unmount()
    await until(() => !list.tools.value.some(t => t.name === a))
    expect(list.error.value).toBeNull()
  })

  it('lists every inputSchema as an object (Chromium 150 hands out a JSON string)', async () => {
    const list = panel()
    const [withSchema, without] = [uniqueName('schema'), uniqueName('plain')]
    const inputSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }
    const first = withSetup(() => useWebMCPTool({ name: withSchema, description: 'd', inputSchema, execute: () => '' }))
    const second = withSetup(() => useWebMCPTool({ name: without, description: 'd', execute: () => '' }))
    cleanups.push(first.unmount, second.unmount)
    await until(() => list.tools.value.some(t => t.name === withSchema) && list.tools.value.some(t => t.name === without))
    expect(list.tools.value.find(t => t.name === withSchema)!.inputSchema).toEqual(inputSchema)
    expect(list.tools.value.find(t => t.name === without)!.inputSchema).toBeNull()
  })

  it('lists plain data that spreads, serializes and clones with its members, whatever getTools() returns', async (context) => {
    needs(context, 'listedDetails', 'origins')
    const list = panel()
    const name = uniqueName('entry')
    const inputSchema = { type: 'object', properties: { n: { type: 'number' } } }
    const tool = withSetup(() => useWebMCPTool({ name, title: 'Entry', description: 'd', inputSchema, annotations: { readOnlyHint: true }, execute: ({ n }) => `got ${n as number}` }))
    cleanups.push(tool.unmount)
    await until(() => list.tools.value.some(t => t.name === name))
    const entry = list.tools.value.find(t => t.name === name)!
    const members = {
      name,
      title: 'Entry',
      description: 'd',
      origin: location.origin,
      inputSchema,
      // Raw registerTool with an outputSchema is the contract suite's; a tool option is not this test's.
      outputSchema: null,
      annotations: expect.objectContaining({ readOnlyHint: true }),
      frame: 'self',
    }
    expect({ ...entry }).toEqual(members)
    expect(JSON.parse(JSON.stringify(entry))).toEqual(members)
    expect(structuredClone(entry)).toEqual(members)
    // The window is there to read, under both names, and in none of the copies.
    expect(entry.source).toBe(window)
    expect(entry.window).toBe(window)
    expect(Object.isFrozen(entry)).toBe(true)
    // The entry, and a copy of it, run the tool.
    expect(await list.execute(entry, { n: 1 })).toEqual({ content: [{ type: 'text', text: 'got 1' }] })
    expect(await list.execute({ ...entry }, { n: 2 })).toEqual({ content: [{ type: 'text', text: 'got 2' }] })
  })

  it('lists a raw tool\'s outputSchema where the browser lists it (Chrome 160), null elsewhere', async () => {
    const list = panel()
    const name = uniqueName('output')
    const outputSchema = { type: 'object', properties: { total: { type: 'number' } } }
    const raw = new AbortController()
    cleanups.push(() => raw.abort())
    await registerTool(mc, { name, description: 'd', outputSchema, execute: () => ({ total: 1 }) } as WebMCP.ModelContextTool, { signal: raw.signal })
    // Firefox fires no toolchange, and the package hears only of its own registrations there.
    if (firefox)
      await list.refresh()
    await until(() => list.tools.value.some(t => t.name === name))
    const entry = list.tools.value.find(t => t.name === name)!
    expect(entry.outputSchema).toEqual(listsToolObjects ? outputSchema : null)
    expect(await list.execute(entry)).toEqual({ total: 1 })
  })

  /** A panel whose getTools calls are counted from now on, and the toolchange events it has seen. */
  async function counting() {
    const list = panel()
    await list.refresh()
    const getTools = vi.spyOn(mc, 'getTools')
    // Added after the panel's listener: when this one has seen an event, the panel has too.
    const seen = { changes: 0 }
    const counted = () => seen.changes++
    mc.addEventListener('toolchange', counted)
    cleanups.push(() => mc.removeEventListener('toolchange', counted))
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const register = (names: string[]) => scope.run(() => names.forEach(name => useWebMCPTool({ name, description: 'd', execute: () => '' })))
    /** Lets the implementation deliver the toolchange events up to the `count`th, without moving the fake clock. */
    async function delivered(count: number): Promise<void> {
      while (seen.changes < count) {
        vi.advanceTimersByTime(0) // vue-webmcp/testing and @mcp-b/global fire each toolchange from a timer due now
        await realTask() // Chromium, from tasks of its own
      }
    }
    return { list, getTools, register, delivered }
  }

  it('coalesces a burst of toolchange events into one getTools call while its window is open', async (context) => {
    needs(context, 'toolchange')
    const { list, getTools, register, delivered } = await counting()
    const names = Array.from({ length: 100 }, () => uniqueName('burst'))
    // The window is a timer: with fake ones, no time passes during the burst however slowly a
    // loaded machine delivers it, so the window is open for every event. @mcp-b/global spaces its
    // events with timers of its own (about 10 ms apart in real time): faked, they are due at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      register(names)
      await delivered(names.length)
      expect(getTools).not.toHaveBeenCalled()
      vi.runOnlyPendingTimers() // the window closes
    }
    finally {
      vi.useRealTimers()
    }
    expect(getTools).toHaveBeenCalledOnce()
    // That query may wait on a timer of the implementation's own, which the fake ones dropped: ask again.
    await list.refresh()
    expect(names.every(n => list.tools.value.some(t => t.name === n))).toBe(true)
  })

  it('queries every 250 ms during a burst that never goes quiet: 100 changes 10 ms apart make 4 getTools calls', async (context) => {
    needs(context, 'toolchange')
    const { list, getTools, register, delivered } = await counting()
    const names = Array.from({ length: 100 }, () => uniqueName('spaced'))
    // @mcp-b/global delivers 100 registrations this way, about 10 ms apart: each event restarts
    // the 16 ms window, so only the 250 ms deadline from a burst's first event ends it. On a fake
    // clock moved only here, event i is at 10 i ms whatever the machine's load.
    const queriedAt: number[] = []
    let now = 0
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      for (const [i, name] of names.entries()) {
        register([name])
        await delivered(i + 1)
        vi.advanceTimersByTime(10)
        now += 10
        if (getTools.mock.calls.length > queriedAt.length)
          queriedAt.push(now)
      }
      vi.advanceTimersByTime(250)
    }
    finally {
      vi.useRealTimers()
    }
    // Events at 0..240 end with the deadline at 250; the event at 250 comes after it and opens the next.
    expect(queriedAt).toEqual([250, 500, 750, 1000])
    expect(getTools).toHaveBeenCalledTimes(4)
    await list.refresh()
    expect(names.every(n => list.tools.value.some(t => t.name === n))).toBe(true)
  })

  it('executes a tool and parses the JSON the browser returns', async () => {
    const name = uniqueName('exec')
    const tool = withSetup(() => useWebMCPTool({ name, description: 'd', execute: ({ n }) => ({ doubled: (n as number) * 2 }) }))
    cleanups.push(tool.unmount)
    const list = panel()
    await until(() => list.tools.value.some(t => t.name === name))
    const registered = list.tools.value.find(t => t.name === name)!
    expect(await list.execute(registered, { n: 4 })).toEqual({ content: [{ type: 'text', text: '{"doubled":8}' }] })
  })

  it('rejects with the browser\'s DOMException when the tool fails, and AbortError when cancelled', async () => {
    const name = uniqueName('raw')
    const raw = new AbortController()
    await registerTool(mc, { name, description: 'd', execute: () => { throw new Error(DELIBERATE_FAILURE) } }, { signal: raw.signal })
    const slow = uniqueName('slow')
    const running = deferred()
    await registerTool(mc, { name: slow, description: 'd', execute: () => {
      running.resolve()
      return new Promise(() => {})
    } }, { signal: raw.signal })
    cleanups.push(() => raw.abort())
    const list = panel({ argumentFormat: 'object' })
    await until(() => list.tools.value.some(t => t.name === slow) && list.tools.value.some(t => t.name === name))
    // Firefox's invokeTool rethrows what execute threw; Chromium and the polyfills hide it behind UnknownError.
    await expect(list.execute(list.tools.value.find(t => t.name === name)!)).rejects.toMatchObject(firefox ? { message: DELIBERATE_FAILURE } : { name: 'UnknownError' })
    const controller = new AbortController()
    const pending = list.execute(list.tools.value.find(t => t.name === slow)!, {}, { signal: controller.signal })
    await running.promise
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('refresh() queries again; error holds a getTools failure and clears on success', async () => {
    const list = panel()
    await list.refresh()
    const getTools = vi.spyOn(mc, 'getTools').mockRejectedValueOnce(new DOMException('nope', 'UnknownError'))
    await list.refresh()
    expect(list.error.value!.name).toBe('UnknownError')
    await list.refresh()
    expect(list.error.value).toBeNull()
    expect(getTools).toHaveBeenCalledTimes(2)
  })

  it('stops listening when its scope ends', async (context) => {
    needs(context, 'toolchange')
    const scope = effectScope()
    const list = scope.run(() => useRegisteredTools())!
    // It follows a change while its scope lasts.
    const before = uniqueName('before')
    const raw = new AbortController()
    cleanups.push(() => raw.abort())
    await registerTool(mc, { name: before, description: 'd', execute: () => '' }, { signal: raw.signal })
    await until(() => list.tools.value.some(t => t.name === before))
    scope.stop()
    const getTools = vi.spyOn(mc, 'getTools')
    // Added after the stopped list's listener: if that one still ran, it has opened its
    // coalescing window (a timer) by the time this one runs; fake timers then fire it at once.
    const seen = { value: false }
    mc.addEventListener('toolchange', () => (seen.value = true), { once: true })
    const name = uniqueName('after')
    const other = effectScope()
    cleanups.push(() => other.stop())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      other.run(() => useWebMCPTool({ name, description: 'd', execute: () => '' }))
      while (!seen.value) {
        vi.runOnlyPendingTimers() // vue-webmcp/testing fires toolchange from a timer
        await realTask() // Chromium and the polyfills, from a task of their own
      }
      vi.runOnlyPendingTimers()
    }
    finally {
      vi.useRealTimers()
    }
    expect(getTools).not.toHaveBeenCalled()
    expect(list.tools.value.some(t => t.name === name)).toBe(false)
  })
})
