// One contract, two implementations: this file runs in the happy-dom lane
// against vue-webmcp/testing and in the browser lane against Chromium's native
// ModelContext. When they differ, the native one is right.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { until } from '../helpers'
import { cannot, DELIBERATE_FAILURE, executeTool, jsonArguments, lane, polyfilled, registerTool, releaseLaneModelContext, tick, uniqueName, useLaneModelContext } from '../lane'

let mc: WebMCP.ModelContext
const controllers: AbortController[] = []

function register(tool: Partial<WebMCP.ModelContextTool> & { name: string }, options: WebMCP.ModelContextRegisterToolOptions = {}) {
  const controller = new AbortController()
  controllers.push(controller)
  const promise = registerTool(mc, { description: 'A test tool', execute: () => 'ok', ...tool }, { signal: controller.signal, ...options })
  return { controller, promise }
}

async function names(): Promise<string[]> {
  return (await mc.getTools()).map(t => t.name)
}

async function rejection(promise: Promise<unknown>): Promise<{ name: string, message: string }> {
  try {
    await promise
  }
  catch (error) {
    return { name: (error as Error).name, message: (error as Error).message }
  }
  throw new Error('expected the promise to reject')
}

beforeAll(() => {
  mc = useLaneModelContext()
  return () => releaseLaneModelContext()
})

afterEach(async () => {
  controllers.splice(0).forEach(c => c.abort())
  // Let the removals' toolchange events go by before the next test listens.
  await tick(30)
})

describe(`ModelContext contract (${lane})`, () => {
  it('registerTool returns a promise and the tool is listed before it settles', async () => {
    const name = uniqueName()
    const controller = new AbortController()
    controllers.push(controller)
    const promise = mc.registerTool({ name, description: 'A test tool', execute: () => 'ok' }, { signal: controller.signal })
    if (cannot.returnARegistrationPromise) {
      // Chromium 150: undefined, and the tool is registered by the time it returns.
      expect(promise).toBeUndefined()
      expect(await names()).toContain(name)
      return
    }
    expect(promise).toBeInstanceOf(Promise)
    const listed = names()
    await expect(listed).resolves.toContain(name)
    await expect(promise).resolves.toBeUndefined()
  })

  it('aborting the signal unregisters; the same name registers again at once', async () => {
    const name = uniqueName()
    const first = register({ name })
    await first.promise
    first.controller.abort()
    expect(await names()).not.toContain(name)
    const second = register({ name })
    await expect(second.promise).resolves.toBeUndefined()
    expect(await names()).toContain(name)
  })

  it('aborting while the registration is pending rejects it with AbortError and leaves no tool', async () => {
    const name = uniqueName()
    const { controller, promise } = register({ name })
    controller.abort()
    if (cannot.returnARegistrationPromise) // Chromium 150 registered synchronously: nothing was pending
      await expect(promise).resolves.toBeUndefined()
    else
      expect((await rejection(promise)).name).toBe('AbortError')
    expect(await names()).not.toContain(name)
  })

  it('an already-aborted signal rejects with AbortError and registers nothing', async () => {
    const name = uniqueName()
    const promise = mc.registerTool({ name, description: 'd', execute: () => '' }, { signal: AbortSignal.abort() })
    if (cannot.returnARegistrationPromise) // Chromium 150 logs a console warning and returns undefined
      expect(promise).toBeUndefined()
    else
      expect((await rejection(promise)).name).toBe('AbortError')
    expect(await names()).not.toContain(name)
  })

  it('rejects a duplicate name with InvalidStateError', async () => {
    const name = uniqueName()
    await register({ name }).promise
    if (cannot.returnARegistrationPromise) // Chromium 150 throws synchronously
      expect(() => mc.registerTool({ name, description: 'd', execute: () => '' })).toThrow(expect.objectContaining({ name: 'InvalidStateError' }))
    const error = await rejection(register({ name }).promise)
    expect(error.name).toBe('InvalidStateError')
    // The polyfills word it their own way; Chromium 150 prefixes "Failed to execute 'registerTool'...".
    expect(error.message).toMatch(polyfilled ? `Tool already registered: ${name}` : /Duplicate tool name$/)
  })

  it.each([
    ['has a space', 'bad name'],
    ['is empty', ''],
    ['is 129 characters', 'a'.repeat(129)],
    ['has a non-ASCII letter', 'café'],
    ['has a slash', 'a/b'],
  ])('rejects a name that %s with InvalidStateError', async (_, name) => {
    expect((await rejection(register({ name }).promise)).name).toBe('InvalidStateError')
    expect(await names()).not.toContain(name)
  })

  it('accepts a 128-character name of the full grammar', async () => {
    const name = `Az09_.-${'x'.repeat(121)}`
    await expect(register({ name }).promise).resolves.toBeUndefined()
  })

  it('rejects an empty description with InvalidStateError', async () => {
    expect((await rejection(register({ name: uniqueName(), description: '' }).promise)).name).toBe('InvalidStateError')
  })

  it('rejects an insecure exposedTo origin with SecurityError', async () => {
    for (const origin of ['http://example.com', 'not an origin']) {
      const name = uniqueName()
      expect((await rejection(register({ name }, { exposedTo: [origin] }).promise)).name).toBe('SecurityError')
      expect(await names()).not.toContain(name)
    }
  })

  it('accepts a secure exposedTo origin; the polyfills on their own refuse exposedTo and fromOrigins with NotSupportedError', async () => {
    const name = uniqueName()
    const { promise } = register({ name }, { exposedTo: ['https://agent.example'] })
    if (cannot.exposeToOrigins) { // no cross-origin agents without the browser's own API
      expect((await rejection(promise)).name).toBe('NotSupportedError')
      expect(await names()).not.toContain(name)
      expect((await rejection(mc.getTools({ fromOrigins: ['https://agent.example'] }))).name).toBe('NotSupportedError')
    }
    else {
      await expect(promise).resolves.toBeUndefined()
      expect(await names()).toContain(name)
    }
  })

  it('getTools is sorted by name, titles default to "", schemas are deep copies, annotations are filled in', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } }
    const [b, a] = ['b', 'a'].map(p => uniqueName(`zz_${p}`))
    await register({ name: b!, title: 'Bee', inputSchema: schema, annotations: { readOnlyHint: true } }).promise
    await register({ name: a! }).promise
    schema.properties.q.type = 'number'

    const tools = await mc.getTools()
    const all = tools.map(t => t.name)
    if (cannot.sortGetTools) // Chromium 150 lists in registration order
      expect(all.filter(n => n === a || n === b)).toEqual([b, a])
    else
      expect(all).toEqual([...all].sort())
    const toolA = tools.find(t => t.name === a)!
    const toolB = tools.find(t => t.name === b)!
    expect(toolA.title).toBe('')
    if (cannot.listSchemaAsObject) { // Chromium 150: a JSON string
      expect(toolA.inputSchema).toBeUndefined()
      expect(JSON.parse(toolB.inputSchema as unknown as string)).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
      return
    }
    expect(toolA).not.toHaveProperty('inputSchema')
    expect(toolA).not.toHaveProperty('annotations')
    expect(toolB.title).toBe('Bee')
    expect(toolB.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
    if (cannot.listEveryAnnotation)
      expect(toolB.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: false })
    else
      expect(toolB.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: false, consequentialHint: false, debugging: false })
    expect(toolB.origin).toBe(location.origin)
    expect(toolB.window).toBe(window)

    ;(toolB.inputSchema as typeof schema).properties.q.type = 'boolean'
    const again = (await mc.getTools()).find(t => t.name === b)!
    expect(again.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
  })

  it('fires toolchange once per add and per remove, in a later task, to listeners and ontoolchange', async () => {
    const listener = vi.fn()
    const handler = vi.fn()
    mc.addEventListener('toolchange', listener)
    mc.ontoolchange = handler
    try {
      const { controller, promise } = register({ name: uniqueName() })
      expect(listener).not.toHaveBeenCalled()
      await promise
      await until(() => listener.mock.calls.length >= 1)
      await tick(30)
      expect(listener).toHaveBeenCalledTimes(1)
      controller.abort()
      expect(listener).toHaveBeenCalledTimes(1)
      await until(() => listener.mock.calls.length >= 2)
      await tick(30)
      expect(listener).toHaveBeenCalledTimes(2)
      expect(handler).toHaveBeenCalledTimes(2)
    }
    finally {
      mc.removeEventListener('toolchange', listener)
      mc.ontoolchange = null
    }
  })

  describe('executeTool', () => {
    async function toolReturning(value: unknown) {
      const name = uniqueName('ret')
      const execute = vi.fn(() => value)
      await register({ name, execute }).promise
      const tool = (await mc.getTools()).find(t => t.name === name)!
      return { tool, execute }
    }

    it.each([
      ['a string as it is', 'hi', 'hi'],
      ['"" as "Operation succeeded"', '', 'Operation succeeded'],
      ['an object as JSON', { a: 1 }, '{"a":1}'],
      ['an MCP result as JSON', { content: [{ type: 'text', text: 'x' }] }, '{"content":[{"type":"text","text":"x"}]}'],
      ['a number as JSON', 1, '1'],
      ['null as "null"', null, 'null'],
      ['undefined as "undefined"', undefined, 'undefined'],
      ['an array as JSON', [1, 2], '[1,2]'],
    ])('resolves to %s', async (_, value, expected) => {
      const { tool } = await toolReturning(value)
      await expect(executeTool(mc, tool, {})).resolves.toBe(expected)
    })

    it('hands execute a copy of the input object and an AbortSignal', async () => {
      const { tool, execute } = await toolReturning('ok')
      const input = { q: 'x', nested: { n: 1 } }
      await executeTool(mc, tool, input)
      const [received, options] = execute.mock.calls[0] as unknown as [unknown, { signal: AbortSignal } | undefined]
      expect(received).toEqual(input)
      expect(received).not.toBe(input)
      if (cannot.passExecuteSignal) // execute(args) alone
        expect(options).toBeUndefined()
      else
        expect(options!.signal).toBeInstanceOf(AbortSignal)
    })

    it('rejects a JSON string argument with TypeError (the object form of spec PR #246)', async () => {
      const { tool, execute } = await toolReturning('ok')
      if (jsonArguments) {
        // Chromium 150 and the polyfills take the JSON string and cannot read an object.
        const error = await rejection(mc.executeTool(tool, { q: 1 }))
        expect(error).toEqual({ name: 'UnknownError', message: expect.stringContaining('Failed to parse input arguments') })
      }
      else {
        const error = await rejection(mc.executeTool(tool, '{"q":1}' as unknown as object))
        expect(error.name).toBe('TypeError')
        expect(error.message).toContain('invalid input object')
      }
      expect(execute).not.toHaveBeenCalled()
    })

    it('rejects with UnknownError, hiding the message, when execute throws or rejects', async () => {
      const pageErrors: unknown[] = []
      const onError = (event: ErrorEvent | PromiseRejectionEvent) => pageErrors.push('error' in event ? event.error : event.reason)
      window.addEventListener('error', onError)
      window.addEventListener('unhandledrejection', onError)
      try {
        for (const execute of [() => { throw new Error(DELIBERATE_FAILURE) }, () => Promise.reject(new Error(DELIBERATE_FAILURE))]) {
          const name = uniqueName('throws')
          await register({ name, execute }).promise
          const tool = (await mc.getTools()).find(t => t.name === name)!
          const error = await rejection(executeTool(mc, tool, {}))
          expect(error.name).toBe('UnknownError')
          if (cannot.keepToolErrorMessagesPrivate) // the polyfills pass the tool's message on
            expect(error.message).toContain(DELIBERATE_FAILURE)
          else
            expect(error.message).not.toContain(DELIBERATE_FAILURE)
        }
        await tick(30)
        // Chromium 150 also reports each failure as an uncaught page error.
        expect(pageErrors.length).toBe(cannot.keepToolFailuresInside ? 2 : 0)
      }
      finally {
        window.removeEventListener('error', onError)
        window.removeEventListener('unhandledrejection', onError)
      }
    })

    it('rejects with AbortError when the caller cancels, and aborts execute\'s signal', async () => {
      const name = uniqueName('slow')
      let seen: AbortSignal | undefined
      await register({ name, execute: (_args, options) => {
        seen = options?.signal
        return new Promise(() => {})
      } }).promise
      const tool = (await mc.getTools()).find(t => t.name === name)!
      const controller = new AbortController()
      const call = executeTool(mc, tool, {}, { signal: controller.signal })
      await tick(10)
      controller.abort()
      expect((await rejection(call)).name).toBe('AbortError')
      if (cannot.passExecuteSignal) { // execute(args) alone: the tool never learns of the cancel
        expect(seen).toBeUndefined()
        return
      }
      // Chromium forwards the cancel to the page a task (or, under load, a few) later.
      await until(() => seen?.aborted)
    })

    it('rejects with UnknownError for a tool that is no longer registered', async () => {
      const name = uniqueName('gone')
      const { controller, promise } = register({ name })
      await promise
      const tool = (await mc.getTools()).find(t => t.name === name)!
      controller.abort()
      expect((await rejection(executeTool(mc, tool, {}))).name).toBe('UnknownError')
    })
  })

  it('delivers toolactivated and toolcancel events dispatched on it', () => {
    const seen: string[] = []
    const listener = (event: Event) => seen.push(`${event.type}:${(event as Event & { toolName?: string }).toolName}`)
    mc.addEventListener('toolactivated', listener)
    mc.addEventListener('toolcancel', listener)
    mc.dispatchEvent(Object.assign(new Event('toolactivated'), { toolName: 'form_a' }))
    mc.dispatchEvent(Object.assign(new Event('toolcancel'), { toolName: 'form_a' }))
    mc.removeEventListener('toolactivated', listener)
    mc.removeEventListener('toolcancel', listener)
    expect(seen).toEqual(['toolactivated:form_a', 'toolcancel:form_a'])
  })
})
