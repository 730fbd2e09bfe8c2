// One contract, two implementations: this file runs in the happy-dom lane
// against vue-webmcp/testing and in the browser lane against Chromium's native
// ModelContext. When they differ, the native one is right.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InMemoryModelContext } from 'vue-webmcp/testing'
import { until } from '../helpers'
import { cannot, chromium156, DELIBERATE_FAILURE, executeTool, expectEmpty, firefox, FIREFOX_FRAME_CONTEXT, jsonArguments, lane, laneSuite, listedNames, listsToolObjects, needs, polyfilled, registerTool, tick, uniqueName, unregisterByName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

function register(tool: Partial<WebMCP.ModelContextTool> & { name: string }, options: WebMCP.ModelContextRegisterToolOptions = {}) {
  const controller = new AbortController()
  // Firefox ignores the signal: its tools leave by name.
  cleanups.push(() => firefox ? unregisterByName(mc, tool.name) : controller.abort())
  const promise = registerTool(mc, { description: 'A test tool', execute: () => 'ok', ...tool }, { signal: controller.signal, ...options })
  return { controller, promise }
}

const names = () => listedNames(mc)

/** A tool whose `execute` never settles, and what it was called with. */
async function hangingTool(prefix: string) {
  const name = uniqueName(prefix)
  const execution: { calls: number, signal?: AbortSignal } = { calls: 0 }
  await register({ name, execute: (_input, options) => {
    execution.calls++
    execution.signal = options?.signal
    return new Promise(() => {})
  } }).promise
  return { tool: (await mc.getTools()).find(t => t.name === name)!, execution }
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

// The forms a test added: removed after it, before laneSuite checks that their tools are gone.
const containers: HTMLElement[] = []
afterEach(() => containers.splice(0).forEach(c => c.remove()))

function addForm(attrs: string, inner: string, respond?: (fields: FormData, event: SubmitEvent) => unknown): HTMLFormElement {
  const container = document.createElement('div')
  container.innerHTML = `<form ${attrs}>${inner}</form>`
  document.body.append(container)
  containers.push(container)
  const form = container.querySelector('form')!
  if (respond) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const answer = respond(new FormData(form), event as SubmitEvent)
      if (answer !== undefined) {
        ;(event as SubmitEvent).respondWith(Promise.resolve(answer))
      }
    })
  }
  return form
}

/** The tool `getTools()` lists under `name`, the object itself: Chrome 160's `executeTool` takes nothing else. */
async function listed(name: string) {
  return (await mc.getTools()).find(t => t.name === name)
}

/** A listed tool's input schema as an object: Chromium 150 lists a JSON string. */
function schemaOf(tool: WebMCP.RegisteredTool | undefined): unknown {
  const schema = tool?.inputSchema
  return typeof schema === 'string' ? JSON.parse(schema) : schema
}

describe(`toolchange counts (${lane})`, () => {
  // First in the file, on purpose. A toolchange says nothing about which change caused it, so
  // no later event can prove that an earlier test's events have all arrived (a loaded machine
  // delivers them late, and a wait for a quiet spell guesses). Here none can be pending: the
  // document is new, and each test's own events are all counted, up to the last, before the next.
  it('fires toolchange once per add and per remove, in a later task, to listeners and ontoolchange', async (context) => {
    needs(context, 'toolchange')
    const listener = vi.fn()
    const handler = vi.fn()
    mc.addEventListener('toolchange', listener)
    mc.ontoolchange = handler
    try {
      const { controller, promise } = register({ name: uniqueName() })
      expect(listener).not.toHaveBeenCalled()
      await promise
      await until(() => listener.mock.calls.length >= 1)
      expect(listener).toHaveBeenCalledTimes(1)
      controller.abort()
      expect(listener).toHaveBeenCalledTimes(1)
      await until(() => listener.mock.calls.length >= 2)
      expect(listener).toHaveBeenCalledTimes(2)
      expect(handler).toHaveBeenCalledTimes(2)
      // The barrier for "no more": a later change, whose event comes after every event the add
      // and the remove fired.
      await register({ name: uniqueName('sentinel') }).promise
      await until(() => listener.mock.calls.length >= 3)
      expect(listener).toHaveBeenCalledTimes(3)
      expect(handler).toHaveBeenCalledTimes(3)
    }
    finally {
      mc.removeEventListener('toolchange', listener)
      mc.ontoolchange = null
    }
  })

  it('removing the form or its tooldescription unregisters it; each add and remove fires toolchange, a changed description or control two', async (context) => {
    needs(context, 'forms', 'toolchange')
    const name = uniqueName('form_gone')
    const changes = vi.fn()
    mc.addEventListener('toolchange', changes)
    try {
      const form = addForm(`toolname="${name}" tooldescription="d"`, '<input name="a">')
      await until(async () => !!(await listed(name)))
      await until(() => changes.mock.calls.length === 1)
      form.removeAttribute('tooldescription')
      await until(async () => !(await listed(name)))
      await until(() => changes.mock.calls.length === 2)
      form.setAttribute('tooldescription', 'Back')
      await until(async () => (await listed(name))?.description === 'Back')
      await until(() => changes.mock.calls.length === 3)
      // A changed description: removed and added again.
      form.setAttribute('tooldescription', 'Changed')
      await until(() => changes.mock.calls.length === 5)
      // A control removed: the schema follows, removed and added again.
      form.querySelector('input')!.remove()
      await until(async () => JSON.stringify(schemaOf(await listed(name))) === '{"type":"object","properties":{},"required":[]}')
      await until(() => changes.mock.calls.length === 7)
      form.parentElement!.remove()
      await until(async () => !(await listed(name)))
      await until(() => changes.mock.calls.length === 8)
      // The barrier for "no more": a later change, whose event comes after all of the form's.
      await register({ name: uniqueName('sentinel') }).promise
      await until(() => changes.mock.calls.length >= 9)
      expect(changes).toHaveBeenCalledTimes(9)
    }
    finally {
      mc.removeEventListener('toolchange', changes)
    }
  })
})

describe(`ModelContext contract (${lane})`, () => {
  it('registerTool returns a promise and the tool is listed before it settles', async (context) => {
    needs(context, 'registrationPromise')
    const name = uniqueName()
    const controller = new AbortController()
    cleanups.push(() => controller.abort())
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

  it('aborting the signal unregisters; the same name registers again at once', async (context) => {
    needs(context, 'signal')
    const name = uniqueName()
    const first = register({ name })
    await first.promise
    first.controller.abort()
    expect(await names()).not.toContain(name)
    const second = register({ name })
    await expect(second.promise).resolves.toBeUndefined()
    expect(await names()).toContain(name)
  })

  it('aborting while the registration is pending rejects it with AbortError and leaves no tool', async (context) => {
    needs(context, 'signal', 'registrationPromise')
    const name = uniqueName()
    const { controller, promise } = register({ name })
    controller.abort()
    if (cannot.returnARegistrationPromise) // Chromium 150 registered synchronously: nothing was pending
      await expect(promise).resolves.toBeUndefined()
    else
      expect((await rejection(promise)).name).toBe('AbortError')
    expect(await names()).not.toContain(name)
  })

  it('an already-aborted signal rejects with AbortError and registers nothing', async (context) => {
    needs(context, 'signal')
    const name = uniqueName()
    const promise = mc.registerTool({ name, description: 'd', execute: () => '' }, { signal: AbortSignal.abort() })
    if (cannot.returnARegistrationPromise) // Chromium 150 logs a console warning and returns undefined
      expect(promise).toBeUndefined()
    else
      expect((await rejection(promise)).name).toBe('AbortError')
    expect(await names()).not.toContain(name)
  })

  it('rejects a duplicate name with InvalidStateError', async (context) => {
    needs(context, 'duplicates')
    const name = uniqueName()
    await register({ name }).promise
    if (cannot.returnARegistrationPromise) // Chromium 150 throws synchronously
      expect(() => mc.registerTool({ name, description: 'd', execute: () => '' })).toThrow(expect.objectContaining({ name: 'InvalidStateError' }))
    const error = await rejection(register({ name }).promise)
    expect(error.name).toBe('InvalidStateError')
    // The polyfills word it their own way; Chromium 150 prefixes "Failed to execute 'registerTool'...".
    expect(error.message).toMatch(polyfilled ? `Tool already registered: ${name}` : /Duplicate tool name$/)
  })

  it.for<[string, string]>([
    ['has a space', 'bad name'],
    ['is empty', ''],
    ['is 129 characters', 'a'.repeat(129)],
    ['has a non-ASCII letter', 'café'],
    ['has a slash', 'a/b'],
  ])('rejects a name that %s with InvalidStateError', async ([, name], context) => {
    needs(context, 'specChecks')
    expect((await rejection(register({ name }).promise)).name).toBe('InvalidStateError')
    expect(await names()).not.toContain(name)
  })

  it('accepts a 128-character name of the full grammar', async () => {
    const name = `Az09_.-${'x'.repeat(121)}`
    await expect(register({ name }).promise).resolves.toBeUndefined()
  })

  it('rejects an empty description with InvalidStateError', async (context) => {
    needs(context, 'specChecks')
    expect((await rejection(register({ name: uniqueName(), description: '' }).promise)).name).toBe('InvalidStateError')
  })

  it('rejects an insecure exposedTo origin with SecurityError', async (context) => {
    needs(context, 'origins')
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

  it('getTools is sorted by name, titles default to "", schemas are deep copies, annotations are filled in', async (context) => {
    needs(context, 'listedDetails')
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
    expectEmpty(toolA, 'inputSchema')
    expectEmpty(toolA, 'annotations')
    expect(toolB.title).toBe('Bee')
    expect(toolB.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
    if (cannot.listEveryAnnotation)
      expect(toolB.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: false })
    else
      expect(toolB.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: false, consequentialHint: false, debugging: false })
    expect(toolB.origin).toBe(location.origin)
    // Chrome 160 renamed `window` to `source`.
    expect(listsToolObjects ? (toolB as { source?: unknown }).source : toolB.window).toBe(window)

    ;(toolB.inputSchema as typeof schema).properties.q.type = 'boolean'
    const again = (await mc.getTools()).find(t => t.name === b)!
    expect(again.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
  })

  it('getTools lists Chrome 160 Tool objects (attributes only, no copy) or 150-159 dictionaries; executeTool runs the listed object', async (context) => {
    needs(context, 'executeTool')
    const name = uniqueName('shape')
    await register({ name, execute: () => 'ran' }).promise
    const tool = (await listed(name))!
    expect(tool.name).toBe(name)
    expect(tool.description).toBe('A test tool')
    if (listsToolObjects) {
      // Attributes are getters of the interface: a copy carries nothing, and a platform object does not clone.
      expect({ ...tool }).toEqual({})
      expect(JSON.stringify(tool)).toBe('{}')
      expect(() => structuredClone(tool)).toThrow()
      expect(Object.prototype.toString.call(tool)).toBe('[object Tool]')
      // A copy is not a Tool: refused before anything runs.
      const copy = { name, title: '', description: 'A test tool', origin: location.origin, window }
      expect((await rejection(executeTool(mc, copy, {}))).name).toBe('TypeError')
    }
    else {
      expect({ ...tool }).toMatchObject({ name, description: 'A test tool', origin: location.origin })
    }
    expect(await executeTool(mc, tool, {})).toBe('ran')
  })

  it('registerTool takes an outputSchema (Chrome 159): Chrome 160 lists it, older implementations ignore it', async () => {
    const outputSchema = { type: 'object', properties: { total: { type: 'number' } } }
    const name = uniqueName('output')
    await register({ name, outputSchema } as Partial<WebMCP.ModelContextTool> & { name: string }).promise
    const tool = (await listed(name))!
    if (listsToolObjects)
      expect((tool as { outputSchema?: unknown }).outputSchema).toEqual(outputSchema)
    else
      expect(tool).not.toHaveProperty('outputSchema')
    expect(await executeTool(mc, tool, {})).toBe('ok')
  })

  describe('executeTool', () => {
    async function toolReturning(value: unknown) {
      const name = uniqueName('ret')
      const execute = vi.fn(() => value)
      await register({ name, execute }).promise
      const tool = (await mc.getTools()).find(t => t.name === name)!
      return { tool, execute }
    }

    it.for([
      ['a string as it is', 'hi', 'hi'],
      ['"" as "Operation succeeded"', '', 'Operation succeeded'],
      ['an object as JSON', { a: 1 }, '{"a":1}'],
      ['an MCP result as JSON', { content: [{ type: 'text', text: 'x' }] }, '{"content":[{"type":"text","text":"x"}]}'],
      ['a number as JSON', 1, '1'],
      ['null as "null"', null, 'null'],
      ['undefined as "undefined"', undefined, 'undefined'],
      ['an array as JSON', [1, 2], '[1,2]'],
    ])('resolves to %s', async ([, value, expected], context) => {
      needs(context, 'chromiumResults')
      const { tool } = await toolReturning(value)
      await expect(executeTool(mc, tool, {})).resolves.toBe(expected)
    })

    it('hands execute a copy of the input object and an AbortSignal', async (context) => {
      needs(context, 'executeSignal')
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

    it('rejects a JSON string argument with TypeError (the object form of spec PR #246)', async (context) => {
      needs(context, 'executeTool')
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

    it('rejects with UnknownError, hiding the message, when execute throws or rejects', async (context) => {
      needs(context, 'chromiumResults')
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
        // Chromium 150 also reports each failure as an uncaught page error.
        if (cannot.keepToolFailuresInside)
          await until(() => pageErrors.length >= 2)
        // A thrown error is reported in the task that ran execute, before the caller's answer; a
        // rejection left unhandled, in a task of its own queued then, before this one.
        await tick()
        expect(pageErrors.length).toBe(cannot.keepToolFailuresInside ? 2 : 0)
      }
      finally {
        window.removeEventListener('error', onError)
        window.removeEventListener('unhandledrejection', onError)
      }
    })

    it('rejects with AbortError when the caller cancels, and aborts execute\'s signal', async () => {
      const { tool, execution } = await hangingTool('slow')
      const controller = new AbortController()
      const call = executeTool(mc, tool, {}, { signal: controller.signal })
      await until(() => execution.calls > 0)
      controller.abort()
      expect((await rejection(call)).name).toBe('AbortError')
      if (cannot.passExecuteSignal) { // execute(args) alone: the tool never learns of the cancel
        expect(execution.signal).toBeUndefined()
        return
      }
      // Chromium forwards the cancel to the page a task (or, under load, a few) later.
      await until(() => execution.signal?.aborted)
    })

    it('rejects with UnknownError for a tool that is no longer registered', async (context) => {
      needs(context, 'chromiumResults')
      const name = uniqueName('gone')
      const { controller, promise } = register({ name })
      await promise
      const tool = (await mc.getTools()).find(t => t.name === name)!
      controller.abort()
      expect((await rejection(executeTool(mc, tool, {}))).name).toBe('UnknownError')
    })
  })

  it('delivers toolactivated and toolcancel events dispatched on it', (context) => {
    needs(context, 'toolchange')
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

  describe('declarative forms', () => {
    /** A form call refused: Chromium's words, or on the polyfills their own, naming the parameter. */
    async function refused(call: Promise<unknown>, chromium: string | RegExp, parameter: string) {
      const error = await rejection(call)
      expect(error.name).toBe('UnknownError')
      if (cannot.wordFormErrorsAsChromium)
        expect(error.message).toContain(parameter)
      else
        expect(error.message).toMatch(typeof chromium === 'string' ? new RegExp(`^${chromium.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : chromium)
    }

    const CONTROLS = `
      <label>Title <input name="title" required toolparamdescription="What to do"></label>
      <label>Notes <textarea name="notes"></textarea></label>
      <label>Priority <select name="priority"><option value="low">Low</option><option value="high">High</option></select></label>
      <label><input type="checkbox" name="tags" value="home"> Home</label>
      <label><input type="checkbox" name="tags" value="work"> Work</label>
      <label><input type="radio" name="size" value="s"> Small</label>
      <label><input type="radio" name="size" value="m"> Medium</label>
      <input type="checkbox" name="urgent">
      <input name="count" type="number" min="1" max="9">
      <input name="due" type="date">
      <input name="code" pattern="[a-z]+">
      <input type="hidden" name="secret" value="x"><input name="off" disabled>
      <button>Go</button>`

    it('lists a connected form with toolname and tooldescription, with the schema built from its controls', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_schema')
      addForm(`toolname="${name}" tooldescription="Creates a task."`, CONTROLS)
      addForm(`toolname="${uniqueName('no_description')}"`, '<input name="a">')
      await until(async () => !!(await listed(name)))
      const tool = (await listed(name))!
      expect(tool.description).toBe('Creates a task.')
      expect(tool.title).toBe('')
      expectEmpty(tool, 'annotations')
      expect(schemaOf(tool)).toEqual({
        type: 'object',
        properties: {
          title: { type: 'string', description: 'What to do' },
          notes: { type: 'string', description: 'Notes' },
          priority: {
            type: 'string',
            anyOf: [{ type: 'string', const: 'low', title: 'Low' }, { type: 'string', const: 'high', title: 'High' }],
            enum: ['low', 'high'],
            description: 'Priority',
          },
          tags: {
            type: 'array',
            items: { type: 'string', anyOf: [{ type: 'string', const: 'home', title: 'Home' }, { type: 'string', const: 'work', title: 'Work' }], enum: ['home', 'work'] },
            uniqueItems: true,
          },
          size: { type: 'string', anyOf: [{ type: 'string', const: 's', title: 'Small' }, { type: 'string', const: 'm', title: 'Medium' }], enum: ['s', 'm'] },
          urgent: { type: 'boolean' },
          count: { type: 'number', minimum: 1, maximum: 9, multipleOf: 1 },
          due: { type: 'string', format: 'date', description: 'Dates MUST be provided in \'YYYY-MM-DD\' format.' },
          code: { type: 'string', pattern: '[a-z]+' },
        },
        required: ['title'],
      })
      expect((await mc.getTools()).filter(t => t.name.startsWith('no_description'))).toEqual([])
    })

    it('the schema of the other controls: time formats, steps, multiple select, labels by for, and what is left out', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_more')
      addForm(`toolname="${name}" tooldescription="More controls."`, `
        <label for="${name}_by_for">By for</label><input id="${name}_by_for" name="by_for">
        <input name="titled" toolparamtitle="A title" toolparamdescription="Described">
        <select name="multi" multiple><option value="a">A</option><option>Plain</option></select>
        <input name="dl" type="datetime-local"><input name="t" type="time"><input name="mo" type="month"><input name="wk" type="week"><input name="co" type="color">
        <input name="ra" type="range" min="0" max="10"><input name="n_any" type="number" step="any"><input name="n_half" type="number" step="0.5">
        <input name="due" type="date" toolparamdescription="Due">
        <input name="dup"><input name="dup">
        <input type="file" name="upload"><button name="go" value="1">Go</button>`)
      await until(async () => !!(await listed(name)))
      expect(schemaOf(await listed(name))).toEqual({
        type: 'object',
        properties: {
          by_for: { type: 'string', description: 'By for' },
          titled: { type: 'string', description: 'Described' },
          multi: {
            type: 'array',
            items: { type: 'string', anyOf: [{ type: 'string', const: 'a', title: 'A' }, { type: 'string', const: 'Plain', title: 'Plain' }], enum: ['a', 'Plain'] },
            uniqueItems: true,
          },
          dl: { type: 'string', format: '^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$' },
          t: { type: 'string', format: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
          mo: { type: 'string', format: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
          wk: { type: 'string', format: '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$' },
          co: { type: 'string', format: '^#[0-9a-zA-Z]{6}$' },
          ra: { type: 'number', minimum: 0, maximum: 10, multipleOf: 1 },
          n_any: { type: 'number' },
          n_half: { type: 'number', multipleOf: 0.5 },
          due: { type: 'string', format: 'date', description: 'Due (Dates MUST be provided in \'YYYY-MM-DD\' format.)' },
        },
        required: [],
      })
    })

    it('autosubmit: executeTool fills the named controls, submits as the agent, and resolves with the response', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_auto')
      const events: string[] = []
      const seen: unknown[] = []
      const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, CONTROLS, (fields, event) => {
        seen.push(event.agentInvoked)
        return { title: fields.get('title'), priority: fields.get('priority'), tags: fields.getAll('tags'), urgent: fields.get('urgent'), count: fields.get('count') }
      })
      form.addEventListener('change', e => events.push((e.target as HTMLInputElement).name))
      await until(async () => !!(await listed(name)))
      const tool = (await listed(name))!
      expect(await executeTool(mc, tool, { title: 'Pay rent', priority: 'high', tags: ['work'], urgent: true, count: 3 }))
        .toBe('{"title":"Pay rent","priority":"high","tags":["work"],"urgent":"on","count":"3"}')
      expect(seen).toEqual([true])
      expect(events).toEqual(expect.arrayContaining(['title', 'priority', 'tags', 'urgent', 'count']))
      // What the input leaves out keeps its value; a group is set exactly.
      expect(await executeTool(mc, tool, { tags: ['home'] }))
        .toBe('{"title":"Pay rent","priority":"high","tags":["home"],"urgent":"on","count":"3"}')
    })

    it('autosubmit: the browser\'s errors for a bad input, a missing required field, and a page that never responds', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_errors')
      const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, CONTROLS, () => 'ok')
      await until(async () => !!(await listed(name)))
      const tool = (await listed(name))!
      await refused(executeTool(mc, tool, { title: 'x', bogus: 1 }), 'Input contains a parameter "bogus" but there is no such parameter for the tool', 'bogus')
      await refused(executeTool(mc, tool, { title: 'x', priority: 'urgent' }), 'Invalid value "urgent" for parameter priority', 'priority')
      await refused(executeTool(mc, tool, { title: 'x', tags: 'home' }), 'Invalid value "home" for parameter tags', 'tags')
      await refused(executeTool(mc, tool, { notes: 'no title' }), /^Form validation failed: title: /, 'title')

      const silent = uniqueName('form_silent')
      addForm(`toolname="${silent}" tooldescription="d" toolautosubmit`, '<input name="a">', () => undefined)
      await until(async () => !!(await listed(silent)))
      await refused(executeTool(mc, (await listed(silent))!, { a: 'x' }), 'The site has a programming error: it called preventDefault() on the \'submit\' event, without also calling respondWith() with the tool result', '')
      expect(form.isConnected).toBe(true)
    })

    it('a reset while the call runs cancels it; a reset a task after the response does not', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_reset')
      let release = () => {}
      let submitted = 0
      const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="a">', () => new Promise((r) => {
        submitted++
        release = () => r('done')
      }))
      await until(async () => !!(await listed(name)))
      const tool = (await listed(name))!
      const call = executeTool(mc, tool, { a: 'x' })
      await until(() => submitted === 1)
      form.reset()
      await refused(call, 'Tool execution cancelled by a form reset', 'cancelled by form reset')
      release()
      const second = executeTool(mc, tool, { a: 'y' })
      await until(() => submitted === 2)
      release()
      await tick() // the task after: the response has been sent
      form.reset()
      await expect(second).resolves.toBe('done')
    })

    it('without autosubmit: executeTool fills the form, fires toolactivated, and a click completes the call', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('form_click')
      const activated: string[] = []
      const listener = (event: Event) => activated.push((event as Event & { toolName: string }).toolName)
      // Chromium 156 fires it on the context; 150 and the polyfills on window; a wrapper's native context keeps its own.
      const targets = [mc, window, (mc as { native?: EventTarget }).native].filter((t): t is EventTarget => !!t)
      targets.forEach(t => t.addEventListener('toolactivated', listener))
      try {
        const form = addForm(`toolname="${name}" tooldescription="d"`, CONTROLS, (fields, event) => `${fields.get('title')} by ${event.agentInvoked ? 'agent' : 'person'}`)
        await until(async () => !!(await listed(name)))
        const call = executeTool(mc, (await listed(name))!, { title: 'Review me' })
        await until(() => activated.includes(name))
        expect((form.elements.namedItem('title') as HTMLInputElement).value).toBe('Review me')
        form.querySelector('button')!.click()
        await expect(call).resolves.toBe('Review me by agent')
      }
      finally {
        targets.forEach(t => t.removeEventListener('toolactivated', listener))
      }
    })
  })
})

/** Records `toolactivated` / `toolcancel` on the context as `type:toolName`, until `stop()`. */
function toolEvents() {
  const seen: string[] = []
  const events: Event[] = []
  const listener = (event: Event) => {
    seen.push(`${event.type}:${(event as Event & { toolName?: string }).toolName}`)
    events.push(event)
  }
  mc.addEventListener('toolactivated', listener)
  mc.addEventListener('toolcancel', listener)
  const stop = () => {
    mc.removeEventListener('toolactivated', listener)
    mc.removeEventListener('toolcancel', listener)
  }
  cleanups.push(stop)
  return { seen, events }
}

/** A tool that returns what `execute` is given, for the tests of the input. */
async function echoTool() {
  const name = uniqueName('echo')
  const execute = vi.fn((input: unknown) => input as Record<string, unknown>)
  await register({ name, execute }).promise
  return { tool: (await mc.getTools()).find(t => t.name === name)!, execute }
}

describe.runIf(chromium156)(`where users' tests look: calls (${lane})`, () => {
  it('fires toolactivated, a ToolActivatedEvent that neither bubbles nor cancels, once execute has been called', async () => {
    const name = uniqueName('activated')
    const { seen, events } = toolEvents()
    let atExecute: string[] = []
    await register({ name, execute: () => {
      atExecute = [...seen]
      return 'ok'
    } }).promise
    await expect(executeTool(mc, (await mc.getTools()).find(t => t.name === name)!, {})).resolves.toBe('ok')
    expect(atExecute).toEqual([])
    expect(seen).toEqual([`toolactivated:${name}`])
    const ToolActivatedEvent = (globalThis as { ToolActivatedEvent?: typeof Event }).ToolActivatedEvent!
    expect(events[0]).toBeInstanceOf(ToolActivatedEvent)
    expect(events[0]!.bubbles).toBe(false)
    expect(events[0]!.cancelable).toBe(false)
    expect(new ToolActivatedEvent('toolactivated', { toolName: 'x' } as EventInit)).toMatchObject({ toolName: 'x', bubbles: false })
  })

  it('starts the call in a task of its own: an abort right after executeTool rejects at once, the page still runs it, then gets the cancel (toolcancel)', async () => {
    const { tool, execution } = await hangingTool('late_abort')
    const name = tool.name
    const { seen, events } = toolEvents()
    const controller = new AbortController()
    const call = executeTool(mc, tool, {}, { signal: controller.signal })
    await Promise.resolve()
    await Promise.resolve()
    expect(execution.calls).toBe(0) // not inside executeTool, nor in the microtasks after it
    controller.abort()
    expect((await rejection(call)).name).toBe('AbortError')
    await until(() => seen.length >= 2)
    expect(execution.calls).toBe(1)
    expect(execution.signal?.aborted).toBe(true)
    expect(seen).toEqual([`toolactivated:${name}`, `toolcancel:${name}`])
    expect(events[1]).toBeInstanceOf((globalThis as { ToolCancelEvent?: typeof Event }).ToolCancelEvent!)
  })

  it.each([
    ['a cycle', () => {
      const value: Record<string, unknown> = {}
      value.self = value
      return value
    }],
    ['a BigInt inside an object', () => ({ n: 1n })],
    ['a BigInt inside an array', () => [1n]],
    ['an object whose getter throws', () => ({ get broken() { throw new Error('getter') } })],
  ])('rejects with UnknownError when execute returns %s, and leaves no unhandled rejection', async (_, make) => {
    const name = uniqueName('unserializable')
    await register({ name, execute: make }).promise
    const error = await rejection(executeTool(mc, (await mc.getTools()).find(t => t.name === name)!, {}))
    expect(error).toEqual({ name: 'UnknownError', message: 'Tool was executed but the invocation failed. For example, the script function threw an error' })
  })

  it('hands execute the input as JSON makes it: functions and undefined dropped, a Date as its string, an array as it is', async () => {
    const { tool, execute } = await echoTool()
    await executeTool(mc, tool, { f: () => 1, u: undefined, d: new Date(0), a: 1 })
    await executeTool(mc, tool, [1, 2])
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ d: '1970-01-01T00:00:00.000Z', a: 1 }, [1, 2]])
  })

  it('refuses input JSON cannot carry with a TypeError naming executeTool, and input whose JSON is no object with UnknownError', async () => {
    const { tool, execute } = await echoTool()
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    const prefix = 'Failed to execute \'executeTool\' on \'ModelContext\': '
    expect(await rejection(mc.executeTool(tool, { toJSON: () => undefined }))).toEqual({ name: 'TypeError', message: `${prefix}invalid input object: toJSON() returns undefined` })
    expect(await rejection(mc.executeTool(tool, cycle))).toEqual({ name: 'TypeError', message: expect.stringMatching(new RegExp(`^${prefix}Converting circular structure to JSON`)) })
    expect(await rejection(mc.executeTool(tool, { n: 1n }))).toEqual({ name: 'TypeError', message: `${prefix}Do not know how to serialize a BigInt` })
    // A getter's own exception reaches the caller as it is.
    expect(await rejection(mc.executeTool(tool, { get broken() { throw new RangeError('getter') } }))).toEqual({ name: 'RangeError', message: 'getter' })
    expect(await rejection(mc.executeTool(tool, { toJSON: () => 5 }))).toEqual({ name: 'UnknownError', message: 'Failed to parse input arguments' })
    expect(execute).not.toHaveBeenCalled()
  })
})

describe.runIf(chromium156)(`where users' tests look: registration (${lane})`, () => {
  const ACCEPTED = ['http://127.0.0.2:8080', 'http://127.1', 'http://app.localhost', 'http://LOCALHOST', 'http://[::1]:3000', 'ws://127.0.0.2', 'wss://agent.example', 'blob:https://agent.example/id', 'file:///x', 'https://agent.example/a/path?q']
  const REFUSED = ['http://10.0.0.1', 'http://0.0.0.0', 'http://[::2]', 'http://128.0.0.1', 'http://localhost.localdomain', 'http://localhost:99999', 'data:text/plain,x', 'about:blank', 'ftp://agent.example', 'javascript:1', '*', '']

  it('takes the origins Chromium counts secure in exposedTo, and refuses the others with SecurityError', async () => {
    for (const origin of ACCEPTED) {
      const { promise, controller } = register({ name: uniqueName('exposed') }, { exposedTo: [origin] })
      await expect(promise, origin).resolves.toBeUndefined()
      controller.abort()
    }
    for (const origin of REFUSED)
      expect((await rejection(register({ name: uniqueName('exposed') }, { exposedTo: [origin] }).promise)).name, origin).toBe('SecurityError')
  })

  it('refuses an insecure fromOrigins with SecurityError; a secure one still lists the page\'s own tools', async () => {
    const name = uniqueName('own')
    await register({ name }).promise
    for (const origin of REFUSED.concat('not an origin', 'http://example.com'))
      expect((await rejection(mc.getTools({ fromOrigins: [origin] }))).name, origin).toBe('SecurityError')
    for (const fromOrigins of [ACCEPTED, [location.origin], []])
      expect((await mc.getTools({ fromOrigins })).map(t => t.name)).toContain(name)
  })

  it('keeps the schema as JSON: a cycle or a BigInt is a TypeError naming registerTool, functions and symbols drop out, toJSON is used', async () => {
    const prefix = 'Failed to execute \'registerTool\' on \'ModelContext\': '
    const cycle: Record<string, unknown> = { type: 'object' }
    cycle.self = cycle
    const cyclic = uniqueName('cyclic')
    expect(await rejection(register({ name: cyclic, inputSchema: cycle }).promise)).toEqual({ name: 'TypeError', message: expect.stringMatching(new RegExp(`^${prefix}Converting circular structure to JSON`)) })
    expect(await rejection(register({ name: uniqueName('big'), inputSchema: { type: 'object', n: 1n } }).promise)).toEqual({ name: 'TypeError', message: `${prefix}Do not know how to serialize a BigInt` })
    expect(await names()).not.toContain(cyclic)

    const kept = uniqueName('kept')
    await register({ name: kept, inputSchema: {
      type: 'object',
      properties: { a: { type: 'string', f: () => 1 }, b: { toJSON: () => ({ type: 'number' }) } },
      s: Symbol('s'),
      u: undefined,
    } as unknown as WebMCP.ModelContextTool['inputSchema'] }).promise
    const tool = (await mc.getTools()).find(t => t.name === kept)!
    expect(tool.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } })
  })

  it('refuses a schema that is not an object with a TypeError', async () => {
    for (const inputSchema of ['x', 5, null]) {
      const name = uniqueName('not_object')
      expect((await rejection(register({ name, inputSchema: inputSchema as unknown as object }).promise)).name).toBe('TypeError')
      expect(await names()).not.toContain(name)
    }
  })

  it('lists the four annotations as booleans and drops any other; title and description as strings', async () => {
    const name = uniqueName('coerced')
    await register({
      name,
      title: 5 as unknown as string,
      description: 7 as unknown as string,
      annotations: { readOnlyHint: 1, debugging: 'yes', untrustedContentHint: 0, consequentialHint: null, destructiveHint: true } as unknown as WebMCP.ToolAnnotations,
    }).promise
    const tool = (await mc.getTools()).find(t => t.name === name)!
    expect([tool.title, tool.description]).toEqual(['5', '7'])
    expect({ ...tool.annotations }).toEqual({ readOnlyHint: true, debugging: true, untrustedContentHint: false, consequentialHint: false })
  })
})

describe.runIf(chromium156)(`where users' tests look: declarative forms (${lane})`, () => {
  /** A form call's outcome: the text, or the error's name and message. */
  async function outcome(call: Promise<unknown>) {
    try {
      return { value: await call }
    }
    catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}` }
    }
  }

  async function formTool(name: string) {
    await until(async () => !!(await listed(name)))
    return (await mc.getTools()).find(t => t.name === name)!
  }

  it('resolves null for a submission the page lets happen, or makes itself with form.submit(); preventDefault alone is the programming error', async () => {
    // method="dialog": the submission closes the dialog instead of leaving the test's page.
    const results: unknown[] = []
    for (const handler of [
      () => {},
      (event: Event, form: HTMLFormElement) => {
        event.preventDefault()
        form.submit()
      },
      (event: Event) => event.preventDefault(),
    ]) {
      const name = uniqueName('plain_submit')
      const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit method="dialog"`, '<input name="a">')
      const dialog = document.createElement('dialog')
      dialog.open = true
      form.parentElement!.append(dialog)
      dialog.append(form)
      form.addEventListener('submit', event => handler(event, form))
      results.push(await outcome(executeTool(mc, await formTool(name), { a: 'x' })))
    }
    expect(results).toEqual([
      { value: null },
      { value: null },
      { error: 'UnknownError: The site has a programming error: it called preventDefault() on the \'submit\' event, without also calling respondWith() with the tool result' },
    ])
  })

  it('hands over the response: a string as it is ("" too), anything else as JSON; a rejected or unserializable response fails', async () => {
    const name = uniqueName('responses')
    let response: unknown
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="a">')
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      ;(event as SubmitEvent).respondWith(response as Promise<unknown>)
    })
    const tool = await formTool(name)
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    const results: unknown[] = []
    // Chromium 156 also reports a rejected response as an uncaught page error, handled or not:
    // a deliberate failure, which vitest.config.ts lets through.
    const rejected = () => {
      const promise = Promise.reject(new Error(DELIBERATE_FAILURE))
      promise.catch(() => {})
      return promise
    }
    for (const value of [null, undefined, '', 'text', 3, { a: 1 }, rejected, cycle]) {
      response = typeof value === 'function' ? value() : value
      results.push(await outcome(executeTool(mc, tool, {})))
    }
    expect(results).toEqual([
      { value: 'null' },
      { value: 'undefined' },
      { value: '' },
      { value: 'text' },
      { value: '3' },
      { value: '{"a":1}' },
      { error: 'UnknownError: respondWith promise was rejected' },
      { error: 'UnknownError: respondWith promise resolved with an object that could not be serialized to JSON' },
    ])
  })

  it('fills in a task after executeTool, and answers a task after the response; toolactivated follows the page\'s own microtasks', async () => {
    const name = uniqueName('timing')
    const log: string[] = []
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="a">')
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      ;(event as SubmitEvent).respondWith(Promise.resolve('ok'))
      log.push('submit')
      queueMicrotask(() => log.push('microtask'))
      setTimeout(() => log.push('task'))
    })
    const tool = await formTool(name)
    const { seen } = toolEvents()
    const call = executeTool(mc, tool, { a: 'x' })
    log.push('returned')
    await call
    log.push('answered')
    expect(log).toEqual(['returned', 'submit', 'microtask', 'task', 'answered'])
    expect(seen).toEqual([`toolactivated:${name}`])
  })

  it('fires input and change only for what changed; a checkbox or the radio chosen fires change even when it already was so', async () => {
    const name = uniqueName('fill_events')
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, `
      <input name="t" value="same"><select name="s"><option>x</option><option>y</option></select>
      <select name="m" multiple><option value="a" selected>A</option><option value="b">B</option></select>
      <input type="checkbox" name="c" checked><input type="radio" name="r" value="a" checked><input type="radio" name="r" value="b">
      <input type="checkbox" name="g" value="1" checked><input type="checkbox" name="g" value="2">`, () => 'ok')
    const log: string[] = []
    for (const type of ['input', 'change'])
      form.addEventListener(type, event => log.push(`${type}:${(event.target as HTMLInputElement).name}:${(event.target as HTMLInputElement).value}`))
    const tool = await formTool(name)
    await executeTool(mc, tool, { t: 'same', s: 'x', m: ['a'], c: true, r: 'a', g: ['1'] })
    expect(log.splice(0)).toEqual(['change:c:on', 'change:r:a', 'change:g:1', 'change:g:2'])
    await executeTool(mc, tool, { t: 'new', s: 'y', m: ['b'], c: false, r: 'b', g: ['2'] })
    expect(log.splice(0)).toEqual([
      'input:t:new',
      'change:t:new',
      'input:s:y',
      'change:s:y',
      'input:m:b',
      'change:m:b',
      'input:c:on',
      'change:c:on',
      'input:r:b',
      'change:r:b',
      'input:g:1',
      'change:g:1',
      'input:g:2',
      'change:g:2',
    ])
  })

  it('refuses a value the control cannot hold, before filling anything, and still fires toolactivated', async () => {
    const name = uniqueName('refused')
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="n" type="number"><input name="d" type="date"><input name="mo" type="month"><input name="t">', fields => JSON.stringify(Object.fromEntries(fields)))
    const changes: string[] = []
    form.addEventListener('change', event => changes.push((event.target as HTMLInputElement).name))
    const tool = await formTool(name)
    const { seen } = toolEvents()
    const results: unknown[] = []
    for (const input of [{ n: 'abc' }, { n: true }, { d: '2026-02-30' }, { d: 5 }, { mo: '2026-13' }, { t: { a: 1 } }, { t: null }, { t: ['a'] }])
      results.push(await outcome(executeTool(mc, tool, { ...input, n: input.n ?? '1' })))
    expect(results).toEqual([
      { error: 'UnknownError: Invalid value "abc" for parameter n' },
      { error: 'UnknownError: Invalid value "true" for parameter n' },
      { error: 'UnknownError: Invalid value "2026-02-30" for parameter d' },
      { error: 'UnknownError: Invalid value "5" for parameter d' },
      { error: 'UnknownError: Invalid value "2026-13" for parameter mo' },
      { error: 'UnknownError: Invalid value for parameter t' },
      { error: 'UnknownError: Invalid value for parameter t' },
      { error: 'UnknownError: Invalid value for parameter t' },
    ])
    expect(changes).toEqual([])
    expect(seen).toEqual(Array.from({ length: 8 }).fill(`toolactivated:${name}`))
    // What the control can hold: a number's text, a number or boolean for a text field.
    expect(await executeTool(mc, tool, { n: 5, d: '2024-02-29', mo: '2026-12', t: false })).toBe('{"n":"5","d":"2024-02-29","mo":"2026-12","t":"false"}')
    expect(await executeTool(mc, tool, { n: '-3', t: 7 })).toBe('{"n":"-3","d":"2024-02-29","mo":"2026-12","t":"7"}')
  })

  it('names every control that fails validation, fires toolactivated and does not submit', async () => {
    const name = uniqueName('invalid')
    let submitted = 0
    addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="first" required><input name="second" required><input name="other">', () => {
      submitted++
      return 'ok'
    })
    const tool = await formTool(name)
    const { seen } = toolEvents()
    expect(await outcome(executeTool(mc, tool, { other: 'x' }))).toEqual({ error: 'UnknownError: Form validation failed: first: Please fill out this field.. second: Please fill out this field.. ' })
    expect(seen).toEqual([`toolactivated:${name}`])
    expect(submitted).toBe(0)
  })

  it('submits a novalidate form as filled, invalid values too: the page validates', async () => {
    const name = uniqueName('novalidate')
    let valid: boolean | undefined
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit novalidate`, '<input name="email" type="email"><input name="first" required>', (fields) => {
      valid = form.checkValidity()
      return JSON.stringify(Object.fromEntries(fields))
    })
    const tool = await formTool(name)
    expect(await executeTool(mc, tool, { email: 'nope' })).toBe('{"email":"nope","first":""}')
    expect(valid).toBe(false)
  })

  it('without toolautosubmit, refuses a form that has no submit button', async () => {
    const name = uniqueName('no_button')
    addForm(`toolname="${name}" tooldescription="d"`, '<input name="a"><button type="button">Not a submit</button>')
    const { seen } = toolEvents()
    expect(await outcome(executeTool(mc, await formTool(name), { a: 'x' }))).toEqual({ error: 'UnknownError: No submit button was found, but for a form without `toolautosubmit`, there must be a submit button' })
    expect(seen).toEqual([`toolactivated:${name}`])
  })

  it('an abort right after executeTool rejects at once; the form is still filled and submitted, then toolcancel fires', async () => {
    const name = uniqueName('form_abort')
    let submitted = 0
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="a">', () => {
      submitted++
      return new Promise(() => {})
    })
    const tool = await formTool(name)
    const { seen } = toolEvents()
    const controller = new AbortController()
    const call = executeTool(mc, tool, { a: 'late' }, { signal: controller.signal })
    controller.abort()
    expect((await rejection(call)).name).toBe('AbortError')
    await until(() => seen.length >= 2)
    expect(seen).toEqual([`toolactivated:${name}`, `toolcancel:${name}`])
    expect(submitted).toBe(1)
    expect((form.elements.namedItem('a') as HTMLInputElement).value).toBe('late')
  })

  it('lists the tools of a same-origin frame with its window, and runs them there; a removed frame\'s are gone', async () => {
    const frame = document.createElement('iframe')
    frame.srcdoc = '<p>A frame</p>'
    const container = document.createElement('div')
    container.append(frame)
    document.body.append(container)
    containers.push(container)
    await until(() => frame.contentDocument?.body?.textContent === 'A frame')
    const doc = frame.contentDocument!
    // A browser with WebMCP gives every document its own context; without it, the test does.
    if (lane === 'memory' || lane === 'memory-browser')
      Object.defineProperty(doc, 'modelContext', { configurable: true, value: new InMemoryModelContext(doc) })
    const inFrame = doc.modelContext!
    const [own, shared] = [uniqueName('in_frame'), uniqueName('shared')]
    // Never aborted: the frame's registrations end with the frame.
    await inFrame.registerTool({ name: own, description: 'd', execute: () => 'from the frame' })
    await inFrame.registerTool({ name: shared, description: 'in the frame', execute: () => 'frame' })
    await register({ name: shared, description: 'in the page', execute: () => 'page' }).promise

    const tools = await mc.getTools()
    const fromFrame = tools.find(t => t.name === own)!
    // Chrome 160's `Tool` (and the in-memory context) names the window `source`; 150-159 `window`.
    const windowOf = (t: WebMCP.RegisteredTool) => (t as { source?: Window }).source ?? t.window
    expect(windowOf(fromFrame)).toBe(frame.contentWindow)
    expect(await mc.executeTool(fromFrame, {})).toBe('from the frame')
    const both = tools.filter(t => t.name === shared)
    expect(await Promise.all(both.map(async t => [t.description, windowOf(t) === window, await mc.executeTool(t, {})]))).toEqual([
      ['in the page', true, 'page'],
      ['in the frame', false, 'frame'],
    ])

    container.remove()
    expect((await mc.getTools()).map(t => t.name)).not.toContain(own)
    expect(await rejection(mc.executeTool(fromFrame, {}))).toEqual({ name: 'InvalidStateError', message: 'Target frame is detached.' })
  })
})

// Where the in-memory context differed from Chromium 156 (issue #35), measured in the browser lane.
describe.runIf(chromium156)(`where memory differed from Chromium 156 (${lane})`, () => {
  async function callWith(execute: () => unknown): Promise<string> {
    const name = uniqueName('differed')
    await register({ name, execute }).promise
    return executeTool(mc, (await listed(name))!, {})
  }

  it('hands the caller "NaN" for an execute that returns NaN, as its string', async () => {
    await expect(callWith(() => Number.NaN)).resolves.toBe('NaN')
  })

  it('hands the caller null for a result string holding a lone surrogate', async () => {
    await expect(callWith(() => 'broken \uD800 text')).resolves.toBe(null)
  })

  it('refuses an inputSchema that is a function with a TypeError', async () => {
    const name = uniqueName('function_schema')
    const schema = Object.assign(() => {}, { type: 'object' })
    const error = await rejection(register({ name, inputSchema: schema as unknown as object }).promise)
    expect(error.name).toBe('TypeError')
    expect(await names()).not.toContain(name)
  })

  it('lists a description holding a lone surrogate as "", wherever it is: an emoji cut in half by slice() empties it', async () => {
    const described = async (description: string) => {
      const name = uniqueName('surrogate_description')
      await register({ name, description }).promise
      return (await listed(name))?.description
    }
    expect(await described('Packs a suitcase \u{1F9F3}'.slice(0, -1))).toBe('')
    expect(await described('a \uDE00 b')).toBe('')
    expect(await described('Packs a suitcase \u{1F9F3}')).toBe('Packs a suitcase \u{1F9F3}')
  })

  it('lists a title holding a lone surrogate with U+FFFD in its place', async () => {
    const name = uniqueName('surrogate_title')
    await register({ name, title: 'Trip \uD83D' }).promise
    expect((await listed(name))?.title).toBe('Trip \uFFFD')
  })

  it('lists a form whose tooldescription holds a lone surrogate with ""', async () => {
    const name = uniqueName('surrogate_form')
    const form = addForm(`toolname="${name}" tooldescription="d"`, '<input name="a"><button>Go</button>')
    form.setAttribute('tooldescription', 'Packs a suitcase \u{1F9F3}'.slice(0, -1))
    await until(async () => (await listed(name))?.description === '')
  })

  it('a caller\'s abort reaches execute\'s signal first: what its listeners queue runs before toolcancel, toolcancel before their tasks', async () => {
    // A tool waiting for the person (a confirmation) settles its own result on the abort, a few microtasks deep.
    const name = uniqueName('abort_order')
    const log: string[] = []
    await register({ name, execute: (_input, options) => new Promise((resolve) => {
      options!.signal!.addEventListener('abort', () => {
        log.push('abort')
        setTimeout(() => log.push('task queued on abort'))
        void Promise.resolve().then(() => undefined).then(() => undefined).then(() => {
          log.push('result')
          resolve('ABORTED')
        })
      })
    }) }).promise
    const { seen } = toolEvents()
    mc.addEventListener('toolcancel', () => log.push('toolcancel'))
    const controller = new AbortController()
    const call = executeTool(mc, (await listed(name))!, {}, { signal: controller.signal })
    await until(() => seen.length === 1)
    controller.abort()
    expect((await rejection(call)).name).toBe('AbortError')
    await until(() => log.includes('task queued on abort'))
    expect(log).toEqual(['abort', 'result', 'toolcancel', 'task queued on abort'])
  })

  it('submits an autosubmit form with a SubmitEvent whose submitter is its first enabled submit button, null without one', async () => {
    const seen: unknown[] = []
    for (const controls of [
      '<button name="first" value="1">One</button><button name="second" value="2">Two</button>',
      '<button type="button">Not a submit</button><button name="off" value="x" disabled>Off</button><input type="submit" name="on" value="On">',
      '',
    ]) {
      const name = uniqueName('submitter')
      const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, `<input name="a">${controls}`, (_fields, event) => {
        const submitter = event.submitter as HTMLButtonElement | null
        return `${event instanceof SubmitEvent} ${submitter ? `${submitter.name}=${submitter.value}` : submitter}`
      })
      await until(async () => !!(await listed(name)))
      seen.push(await executeTool(mc, (await listed(name))!, { a: 'x' }))
      expect(form.isConnected).toBe(true)
    }
    expect(seen).toEqual(['true first=1', 'true on=On', 'true null'])
  })

  it('while an autosubmitted call waits for the page\'s answer, a person\'s click on submit is the agent\'s; the first answer to settle answers the call', async () => {
    const name = uniqueName('busy_form')
    const form = addForm(`toolname="${name}" tooldescription="d" toolautosubmit`, '<input name="a"><button>Go</button>')
    const submissions: { agentInvoked: unknown, respondWith: string }[] = []
    let person: 'answer' | 'no answer' = 'answer'
    let releaseAgent = (_value: string) => {}
    form.addEventListener('submit', (event) => {
      const submit = event as SubmitEvent
      submit.preventDefault()
      const first = submissions.length === 0
      submissions.push({ agentInvoked: submit.agentInvoked, respondWith: typeof submit.respondWith })
      if (!submit.agentInvoked)
        return
      if (first)
        submit.respondWith(new Promise<string>(resolve => (releaseAgent = resolve)))
      else if (person === 'answer')
        submit.respondWith(Promise.resolve(`from the click: ${new FormData(form).get('a')}`))
    })
    await until(async () => !!(await listed(name)))
    const tool = (await listed(name))!
    const agent = { agentInvoked: true, respondWith: 'function' }

    const call = executeTool(mc, tool, { a: 'agent' })
    await until(() => submissions.length === 1)
    form.querySelector('button')!.click()
    expect(submissions).toEqual([agent, agent])
    await expect(call).resolves.toBe('from the click: agent')
    releaseAgent('too late')
    // Once the call is answered, a click is the person's own.
    form.querySelector('button')!.click()
    expect(submissions[2]!.agentInvoked).not.toBe(true)

    // A click the page prevents without answering fails the pending call, as an agent's submission would.
    submissions.length = 0
    person = 'no answer'
    const unanswered = executeTool(mc, tool, { a: 'agent' })
    await until(() => submissions.length === 1)
    form.querySelector('button')!.click()
    expect(submissions).toEqual([agent, agent])
    expect(await rejection(unanswered)).toEqual({ name: 'UnknownError', message: 'The site has a programming error: it called preventDefault() on the \'submit\' event, without also calling respondWith() with the tool result' })
    releaseAgent('too late')
  })

  it('refuses a hand-made dictionary missing a required member with a TypeError, where tools are listed as dictionaries', async () => {
    // Chromium 156 lists dictionaries; a memory context does when asked to (toolObjects: false).
    const context = listsToolObjects ? new InMemoryModelContext(undefined, { toolObjects: false }) : mc
    const name = uniqueName('dictionary')
    let calls = 0
    const controller = new AbortController()
    cleanups.push(() => controller.abort())
    await context.registerTool({ name, description: 'A test tool', execute: () => String(++calls) }, { signal: controller.signal })
    const missing = (member: string) => `Failed to execute 'executeTool' on 'ModelContext': Failed to read the '${member}' property from 'RegisteredTool': Required member is undefined.`
    expect(await rejection(context.executeTool({ name } as WebMCP.RegisteredTool, {}))).toEqual({ name: 'TypeError', message: missing('description') })
    expect(await rejection(context.executeTool({ name, description: 'x' } as WebMCP.RegisteredTool, {}))).toEqual({ name: 'TypeError', message: missing('origin') })
    expect(calls).toBe(0)
    // The listed dictionary, or a copy of it, runs the tool.
    const tool = (await context.getTools()).find(t => t.name === name)!
    await expect(context.executeTool({ ...tool }, {})).resolves.toBe('1')
  })
})

// Firefox's own ModelContext, as measured in Firefox ESR 153: what the package must work around.
// A change here (Firefox gaining signals, refusing duplicates, checking names) shows up as a
// failing test to update, and the package's handling of it with it.
describe.runIf(firefox)(`Firefox's own ModelContext (${lane})`, () => {
  const firefoxContext = () => mc as unknown as WebMCP.ModelContext & {
    unregisterTool: (name: string) => void
    invokeTool: (name: string, input?: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>
  }

  it('registerTool returns undefined and lists the tool at once; unregisterTool removes it by name, an unknown name quietly', async () => {
    const name = uniqueName('ff')
    expect(mc.registerTool({ name, description: 'd', execute: () => 'ok' })).toBeUndefined()
    cleanups.push(() => unregisterByName(mc, name))
    expect(await names()).toContain(name)
    expect(firefoxContext().unregisterTool(uniqueName('unknown'))).toBeUndefined()
    firefoxContext().unregisterTool(name)
    expect(await names()).not.toContain(name)
  })

  it('ignores the signal, replaces a tool of the same name silently, and takes names outside the spec\'s grammar', async () => {
    const name = uniqueName('ff')
    const controller = new AbortController()
    mc.registerTool({ name, description: 'first', execute: () => 'first' }, { signal: controller.signal })
    cleanups.push(() => unregisterByName(mc, name))
    mc.registerTool({ name, description: 'second', execute: () => 'second' })
    expect((await mc.getTools()).filter(t => t.name === name).map(t => t.description)).toEqual(['second'])
    await expect(firefoxContext().invokeTool(name, {})).resolves.toBe('second')
    controller.abort()
    expect(await names()).toContain(name)
    const outside = `${uniqueName('bad')} name!`
    mc.registerTool({ name: outside, description: '', execute: () => 'ok' })
    cleanups.push(() => unregisterByName(mc, outside))
    expect(await names()).toContain(outside)
  })

  it('lists name, description, inputSchema and readOnlyHint only', async () => {
    const name = uniqueName('ff')
    const inputSchema = { type: 'object', properties: { q: { type: 'string' } } }
    mc.registerTool({ name, title: 'T', description: 'd', inputSchema, annotations: { readOnlyHint: true, untrustedContentHint: true }, execute: () => 'ok' })
    cleanups.push(() => unregisterByName(mc, name))
    const listed = (await mc.getTools()).find(t => t.name === name)!
    expect(JSON.parse(JSON.stringify(listed))).toEqual({ name, description: 'd', inputSchema, annotations: { readOnlyHint: true } })
  })

  it('lists readOnlyHint true whenever one is given, false included; false when left out of the annotations', async () => {
    const [given, left] = [uniqueName('ff'), uniqueName('ff')]
    mc.registerTool({ name: given, description: 'd', annotations: { readOnlyHint: false }, execute: () => 'ok' })
    cleanups.push(() => unregisterByName(mc, given))
    mc.registerTool({ name: left, description: 'd', annotations: { untrustedContentHint: true }, execute: () => 'ok' })
    cleanups.push(() => unregisterByName(mc, left))
    const listed = await mc.getTools()
    expect(listed.find(t => t.name === given)!.annotations).toEqual({ readOnlyHint: true })
    expect(listed.find(t => t.name === left)!.annotations).toEqual({ readOnlyHint: false })
  })

  it('invokeTool hands back what execute returned as it is, rethrows what it threw, and refuses a string input and an unknown name', async () => {
    const name = uniqueName('ff')
    const failure = new RangeError(DELIBERATE_FAILURE)
    const answer = { content: [{ type: 'text', text: 'x' }] }
    let second: unknown
    mc.registerTool({ name, description: 'd', execute: (input, client) => {
      second = client
      if ((input as { fail?: boolean }).fail)
        throw failure
      return answer
    } })
    cleanups.push(() => unregisterByName(mc, name))
    await expect(firefoxContext().invokeTool(name, {})).resolves.toBe(answer)
    expect(Object.prototype.toString.call(second)).toBe('[object ModelContextClient]')
    await expect(firefoxContext().invokeTool(name, { fail: true })).rejects.toBe(failure)
    expect(await rejection(firefoxContext().invokeTool(name, '{}'))).toEqual({ name: 'TypeError', message: expect.stringContaining('Input must be an object') })
    expect((await rejection(firefoxContext().invokeTool(uniqueName('unknown'), {}))).name).toBe('NotFoundError')
  })

  it('invokeTool rejects with AbortError when the caller cancels', async () => {
    const { tool, execution } = await hangingTool('ff')
    cleanups.push(() => unregisterByName(mc, tool.name))
    const controller = new AbortController()
    const call = firefoxContext().invokeTool(tool.name, {}, { signal: controller.signal })
    await until(() => execution.calls > 0)
    controller.abort()
    expect((await rejection(call)).name).toBe('AbortError')
  })

  it('works in the top window only: a frame\'s own context refuses registerTool with NotAllowedError and lists nothing', async () => {
    const frameContext = (globalThis as Record<string, unknown>)[FIREFOX_FRAME_CONTEXT] as WebMCP.ModelContext
    expect(frameContext).not.toBe(mc)
    expect(() => frameContext.registerTool({ name: uniqueName('ff'), description: 'd', execute: () => 'ok' })).toThrow(expect.objectContaining({ name: 'NotAllowedError', message: expect.stringContaining('top window') }))
    expect(await frameContext.getTools()).toEqual([])
  })
})
