// Fakes of the quirks each WebMCP implementation users have shows (measured on
// Chromium 150, Chromium 156, @mcp-b/webmcp-polyfill and @mcp-b/global 5.1.0),
// so the composables' handling of each runs in happy-dom on every change. The
// compatibility lanes run the same composables against the real thing.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, watch } from 'vue'
import { useRegisteredTools, useWebMCPForm, useWebMCPTool } from '../../../src'
import { InMemoryModelContext, uninstall } from '../../../src/testing'
import { until, withSetup } from '../../helpers'

/** The in-memory context with one method replaced, the way an implementation differs. */
function fake(overrides: Partial<Record<'registerTool' | 'getTools' | 'executeTool', unknown>> = {}) {
  const mc = new InMemoryModelContext()
  Object.assign(mc, overrides)
  return mc
}

/** Puts `mc` on `document.modelContext` the way a polyfill does, without telling the package. */
function place(mc: unknown): void {
  Object.defineProperty(document, 'modelContext', { configurable: true, enumerable: true, value: mc })
}

function remove(): void {
  delete (document as { modelContext?: unknown }).modelContext
}

afterEach(() => {
  remove()
  uninstall()
  vi.restoreAllMocks()
})

function tool(name: string) {
  const scope = effectScope()
  const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => 'ok' }))!
  return { ...state, stop: () => scope.stop() }
}

describe('registerTool result forms', () => {
  it('Chromium 150: registerTool returns undefined -> registered, no error', async () => {
    const base = new InMemoryModelContext()
    const registerTool = vi.fn((t: WebMCP.ModelContextTool, o?: WebMCP.ModelContextRegisterToolOptions) => {
      base.registerTool(t, o).catch(() => {})
      return undefined
    })
    place(fake({ registerTool }))
    const state = tool('t150')
    await until(() => state.isRegistered.value)
    expect(state.error.value).toBeNull()
    expect(registerTool).toHaveBeenCalledTimes(1)
    state.stop()
  })

  it('Chromium 150: registerTool throws synchronously -> error with the DOMException name', async () => {
    place(fake({ registerTool: () => { throw new DOMException('Duplicate tool name', 'InvalidStateError') } }))
    const state = tool('dup')
    await until(() => state.error.value)
    expect(state.error.value!.name).toBe('InvalidStateError')
    expect(state.isRegistered.value).toBe(false)
    state.stop()
  })

  it('a rejected promise -> error, not registered', async () => {
    place(fake({ registerTool: () => Promise.reject(new DOMException('nope', 'NotAllowedError')) }))
    const state = tool('rejected')
    await until(() => state.error.value)
    expect(state.error.value!.name).toBe('NotAllowedError')
    expect(state.isRegistered.value).toBe(false)
    state.stop()
  })
})

describe('useRegisteredTools on other implementations', () => {
  it('Chromium 150: a JSON-string inputSchema reaches callers as an object', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } }
    place(fake({ getTools: async () => [
      { name: 'a', title: '', description: 'd', inputSchema: JSON.stringify(schema), origin: location.origin, window },
      { name: 'b', title: '', description: 'd', inputSchema: '', origin: location.origin, window },
      { name: 'c', title: '', description: 'd', inputSchema: schema, origin: location.origin, window },
    ] }))
    const { result, unmount } = withSetup(() => useRegisteredTools())
    await until(() => result.tools.value.length === 3)
    expect(result.tools.value.map(t => t.inputSchema)).toEqual([schema, null, schema])
    unmount()
  })

  it('Chrome 160: a tool replaced under its name since it was listed is not run through the old entry', async () => {
    // The in-memory context names each registration in its `Tool`, as Chrome 160's internal id does.
    const mc = new InMemoryModelContext()
    place(mc)
    const first = new AbortController()
    await mc.registerTool({ name: 'swap', description: 'd', execute: () => 'first' }, { signal: first.signal })
    const { result, unmount } = withSetup(() => useRegisteredTools())
    await until(() => result.tools.value.length === 1)
    const old = result.tools.value[0]!
    expect(await result.execute(old)).toBe('first')
    first.abort()
    const second = new AbortController()
    await mc.registerTool({ name: 'swap', description: 'd', execute: () => 'second' }, { signal: second.signal })
    await expect(result.execute(old)).rejects.toMatchObject({ name: 'UnknownError' })
    await until(() => result.tools.value[0] !== old)
    expect(await result.execute(result.tools.value[0]!)).toBe('second')
    second.abort()
    unmount()
  })

  it('hands executeTool the very object getTools() listed, not the entry', async () => {
    const listed = { name: 'a', title: '', description: 'd', origin: location.origin, window }
    const executeTool = vi.fn(async () => '"ok"')
    place(fake({ getTools: async () => [listed], executeTool }))
    const { result, unmount } = withSetup(() => useRegisteredTools({ argumentFormat: 'object' }))
    await until(() => result.tools.value.length === 1)
    const entry = result.tools.value[0]!
    expect(entry).not.toBe(listed)
    await result.execute(entry)
    await result.execute(JSON.parse(JSON.stringify(entry)))
    expect(executeTool.mock.calls.map(c => (c as unknown[])[0])).toEqual([listed, listed])
    expect(executeTool.mock.calls.every(c => (c as unknown[])[0] === listed)).toBe(true)
    unmount()
  })

  it('Chromium 150: an object argument the browser cannot parse switches to the JSON string', async () => {
    const executeTool = vi.fn(async (_tool: unknown, input: unknown) => {
      if (typeof input !== 'string')
        throw new DOMException('Failed to parse input arguments', 'UnknownError')
      return input
    })
    place(fake({ executeTool }))
    const { result, unmount } = withSetup(() => useRegisteredTools({ argumentFormat: 'object' }))
    const registered = { name: 'x', title: '', description: 'd', origin: location.origin, window } as never
    expect(await result.execute(registered, { q: 1 })).toEqual({ q: 1 })
    expect(await result.execute(registered, { q: 2 })).toEqual({ q: 2 })
    expect(executeTool.mock.calls.map(c => typeof c[1])).toEqual(['object', 'string', 'string'])
    unmount()
  })

  it('a tool failure in the known-good form is not retried in the other', async () => {
    const executeTool = vi.fn(async (_tool: unknown, input: unknown) => {
      if (typeof input === 'string')
        throw new TypeError('invalid input object')
      if ((input as { fail?: boolean }).fail)
        throw new DOMException('Failed to parse input arguments', 'UnknownError')
      return '"ok"'
    })
    place(fake({ executeTool }))
    const { result, unmount } = withSetup(() => useRegisteredTools())
    const registered = { name: 'x', title: '', description: 'd', origin: location.origin, window } as never
    expect(await result.execute(registered, {})).toBe('ok')
    await expect(result.execute(registered, { fail: true })).rejects.toMatchObject({ name: 'UnknownError' })
    // A context shaped like Chromium 156 (toolcancel) is handed an object first: no string is tried.
    expect(executeTool.mock.calls.map(c => typeof c[1])).toEqual(['object', 'object'])
    unmount()
  })
})

describe('a context replaced or removed after the first read', () => {
  it('new registrations go to the object there now, and registered tools move with it', async () => {
    const first = new InMemoryModelContext()
    place(first)
    const a = tool('moving_a')
    await until(() => a.isRegistered.value)
    expect(first.toolNames).toEqual(['moving_a'])

    // A polyfill (or the next test's mock) replaces it without telling anyone.
    const second = new InMemoryModelContext()
    place(second)
    const b = tool('moving_b')
    await until(() => second.toolNames.length === 2)
    expect(second.toolNames).toEqual(['moving_a', 'moving_b'])
    expect(first.toolNames).toEqual([])
    await until(() => a.isRegistered.value && b.isRegistered.value)
    a.stop()
    b.stop()
  })

  it('is noticed with no new component, by the poll', async () => {
    const first = new InMemoryModelContext()
    place(first)
    const a = tool('polled')
    await until(() => a.isRegistered.value)
    const second = new InMemoryModelContext()
    place(second)
    await until(() => second.toolNames.includes('polled'))
    expect(first.toolNames).toEqual([])
    a.stop()
  })

  it('a removed context unregisters and clears isSupported; a new one gets the tools back', async () => {
    const first = new InMemoryModelContext()
    place(first)
    const a = tool('comeback')
    await until(() => a.isRegistered.value)
    remove()
    await until(() => !a.isSupported.value)
    expect(a.isRegistered.value).toBe(false)
    expect(first.toolNames).toEqual([])
    const second = new InMemoryModelContext()
    place(second)
    await until(() => a.isRegistered.value)
    expect(second.toolNames).toEqual(['comeback'])
    a.stop()
  })

  it('useRegisteredTools lists and calls through the new object', async () => {
    const first = new InMemoryModelContext()
    place(first)
    const { result, unmount } = withSetup(() => useRegisteredTools())
    const second = new InMemoryModelContext()
    const c = new AbortController()
    await second.registerTool({ name: 'on_second', description: 'd', execute: () => 'second' }, { signal: c.signal })
    place(second)
    await until(() => result.tools.value.some(t => t.name === 'on_second'))
    expect(await result.execute(result.tools.value[0]!, {})).toBe('second')
    c.abort()
    unmount()
  })
})

describe('activation events', () => {
  function form(name: string) {
    return withSetup(() => useWebMCPForm({ name, description: 'd', execute: () => 'ok' }))
  }
  const event = (type: string, toolName: string) => Object.assign(new Event(type), { toolName })

  it('@mcp-b/global over native: toolactivated fired on the wrapped native object reaches isAgentActive', async () => {
    const native = new InMemoryModelContext()
    const wrapper = Object.assign(new InMemoryModelContext(), { native })
    place(wrapper)
    const { result, unmount } = form('wrapped')
    native.dispatchEvent(event('toolactivated', 'wrapped'))
    expect(result.isAgentActive.value).toBe(true)
    native.dispatchEvent(event('toolcancel', 'wrapped'))
    expect(result.isAgentActive.value).toBe(false)
    unmount()
  })

  it('on window (Chromium 150, the polyfills) and on the context (Chromium 156)', () => {
    const mc = new InMemoryModelContext()
    place(mc)
    const { result, unmount } = form('either')
    window.dispatchEvent(event('toolactivated', 'either'))
    expect(result.isAgentActive.value).toBe(true)
    mc.dispatchEvent(event('toolcancel', 'either'))
    expect(result.isAgentActive.value).toBe(false)
    unmount()
  })

  it('two sources firing the same activation change the state once', async () => {
    const native = new InMemoryModelContext()
    const wrapper = Object.assign(new InMemoryModelContext(), { native })
    place(wrapper)
    const { result, unmount } = form('twice')
    const changes: boolean[] = []
    const stop = watch(result.isAgentActive, v => changes.push(v), { flush: 'sync' })
    for (const target of [native, wrapper, window])
      target.dispatchEvent(event('toolactivated', 'twice'))
    for (const target of [window, native])
      target.dispatchEvent(event('toolcancel', 'twice'))
    expect(changes).toEqual([true, false])
    stop()
    unmount()
  })

  it('follows a context replaced after mount, and leaves the old one', async () => {
    const first = new InMemoryModelContext()
    place(first)
    const { result, unmount } = form('follow')
    const second = new InMemoryModelContext()
    place(second)
    // Noticed by the poll (or the next composable's setup).
    await until(() => {
      second.dispatchEvent(event('toolactivated', 'follow'))
      return result.isAgentActive.value
    })
    second.dispatchEvent(event('toolcancel', 'follow'))
    first.dispatchEvent(event('toolactivated', 'follow'))
    expect(result.isAgentActive.value).toBe(false)
    unmount()
  })

  it('a context that is not an EventTarget degrades without throwing', async () => {
    const plain = {
      registerTool: vi.fn(async () => {}),
      getTools: async () => [],
      executeTool: async () => '',
    }
    place(plain)
    const { result, unmount } = form('plain')
    expect(result.isAgentActive.value).toBe(false)
    const list = withSetup(() => useRegisteredTools())
    await until(() => list.result.isSupported.value)
    const t = tool('on_plain')
    await until(() => t.isRegistered.value)
    t.stop()
    list.unmount()
    unmount()
  })
})

describe('the deprecated navigator.modelContext', () => {
  it('warns once in development when it is the only one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.resetModules()
    const env = await import('../../../src/platform/context')
    const legacy = new InMemoryModelContext()
    Object.defineProperty(navigator, 'modelContext', { configurable: true, value: legacy })
    try {
      expect(env.findModelContext(document)).toBe(legacy)
      expect(env.findModelContext(document)).toBe(legacy)
      place(new InMemoryModelContext())
      env.findModelContext(document)
      const messages = warn.mock.calls.map(c => String(c[0])).filter(m => m.includes('navigator.modelContext'))
      expect(messages).toHaveLength(1)
    }
    finally {
      delete (navigator as { modelContext?: unknown }).modelContext
    }
  })
})
