import type { UseWebMCPToolOptions } from '../../src'
// useWebMCPTool in both lanes: happy-dom with vue-webmcp/testing, and native Chromium.
import { describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref, shallowRef } from 'vue'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { refreshModelContext } from '../../src/registration/modelContext'
import { InMemoryModelContext } from '../../src/testing'
import { countRegistrations, deferred, until, withSetup } from '../helpers'
import { callTool, cannot, executeTool, lane, laneSuite, listedNames, needs, registerTool, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

async function tools() {
  return mc.getTools()
}
const names = () => listedNames(mc)
const call = (name: string, args: object = {}) => callTool(mc, name, args)
/** Resolves once `name` is no longer listed. */
const gone = (name: string) => until(async () => !(await names()).includes(name))

function mountTool(options: UseWebMCPToolOptions<any, any>) {
  const mounted = withSetup(() => useWebMCPTool(options))
  cleanups.push(mounted.unmount)
  return mounted
}

describe(`useWebMCPTool (${lane})`, () => {
  it('registers after mount what the agent sees, and unregisters on unmount', async (context) => {
    needs(context, 'listedDetails')
    const name = uniqueName('add_task')
    // Not in alphabetical order: the agent sees the parameters in the author's order.
    const schema = { type: 'object', properties: { title: { type: 'string', description: 'The task title' }, due: { type: 'string' } }, required: ['title'] }
    const { result, unmount } = mountTool({
      name,
      title: 'Add task',
      description: 'Adds a task to the board.',
      inputSchema: schema,
      annotations: { readOnlyHint: false, consequentialHint: false },
      execute: ({ title }) => `Added ${title as string}`,
    })
    expect(result.isSupported.value).toBe(true)
    await until(() => result.isRegistered.value)
    const tool = (await tools()).find(t => t.name === name)!
    // Chromium 150 lists the schema as a JSON string.
    const registered = typeof tool.inputSchema === 'string' ? JSON.parse(tool.inputSchema) : tool.inputSchema
    // Read by attribute: a Chrome 160 `Tool` spreads to nothing.
    expect({ title: tool.title, description: tool.description, inputSchema: registered }).toEqual({ title: 'Add task', description: 'Adds a task to the board.', inputSchema: schema })
    expect(Object.keys(registered)).toEqual(['type', 'properties', 'required'])
    expect(Object.keys(registered.properties)).toEqual(['title', 'due'])
    if (cannot.listEveryAnnotation) // the polyfill keeps readOnlyHint and untrustedContentHint only
      expect(tool.annotations).toEqual({ readOnlyHint: false, untrustedContentHint: false })
    else
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, consequentialHint: false })
    expect(await call(name, { title: 'Milk' })).toEqual({ content: [{ type: 'text', text: 'Added Milk' }] })
    unmount()
    cleanups.pop()
    await gone(name)
  })

  it('a description cut inside an emoji registers with the cut moved before the pair (Chromium would list it as ""); development builds say so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName('cut_description')
    // What slice() by UTF-16 units leaves: the high half of the suitcase emoji's pair.
    const { result } = mountTool({ name, description: 'Packs a suitcase \u{1F9F3}'.slice(0, -1), execute: () => 'packed' })
    await until(() => result.isRegistered.value || result.error.value)
    expect(result.error.value).toBeNull()
    expect((await tools()).find(t => t.name === name)!.description).toBe('Packs a suitcase ')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Tool "${name}": its description holds half of a character`))
  })

  it('isRegistered turns true only once registerTool has resolved', async (context) => {
    needs(context, 'registrationPromise')
    const name = uniqueName()
    const spy = vi.spyOn(mc, 'registerTool')
    try {
      const { result } = mountTool({ name, description: 'd', execute: () => '' })
      expect(spy).toHaveBeenCalledOnce()
      if (cannot.returnARegistrationPromise) {
        // Chromium 150 returns undefined once the tool is registered: nothing to wait for.
        expect(spy.mock.results[0]!.value).toBeUndefined()
        expect(result.isRegistered.value).toBe(true)
        expect(result.error.value).toBeNull()
        return
      }
      expect(result.isRegistered.value).toBe(false)
      await spy.mock.results[0]!.value
      await nextTick()
      expect(result.isRegistered.value).toBe(true)
    }
    finally {
      spy.mockRestore()
    }
  })

  it('registers at once in a bare effect scope, and the scope\'s end unregisters', async (context) => {
    needs(context, 'listFirst')
    const name = uniqueName()
    const scope = effectScope()
    const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => '' }))!
    expect(await names()).toContain(name)
    await until(() => state.isRegistered.value)
    scope.stop()
    expect(state.isRegistered.value).toBe(false)
    await gone(name)
  })

  it('re-registers only when what the agent sees changes, compared by content', async () => {
    const name = ref(uniqueName('a'))
    const schema = shallowRef<object>({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } })
    const annotations = shallowRef({ readOnlyHint: true, consequentialHint: false })
    const description = ref('first')
    const { result } = mountTool({ name, description, inputSchema: schema, annotations, execute: () => '' })
    await until(() => result.isRegistered.value)

    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    // New but equal objects, keys in another order: no churn.
    schema.value = { properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' }
    annotations.value = { consequentialHint: false, readOnlyHint: true }
    await nextTick()
    expect(registrations.count).toBe(0)

    expect(await names()).toContain(name.value)

    // A real change: unregister, then register.
    description.value = 'second'
    await nextTick()
    await until(() => result.isRegistered.value)
    expect(registrations.count).toBe(1)
    expect((await tools()).filter(t => t.name === name.value).map(t => t.description)).toEqual(['second'])

    const oldName = name.value
    name.value = uniqueName('b')
    await nextTick()
    await until(() => result.isRegistered.value)
    const list = await names()
    expect(list).toContain(name.value)
    expect(list).not.toContain(oldName)
  })

  it('reads execute, formatOutput and onError at call time without re-registering', async () => {
    const name = uniqueName()
    const options = {
      name,
      description: 'd',
      execute: (_: Record<string, unknown>): unknown => 'first',
      formatOutput: undefined as undefined | ((r: unknown) => unknown),
    }
    const { result } = mountTool(options)
    await until(() => result.isRegistered.value)
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    options.execute = () => 'second'
    options.formatOutput = r => `${r as string}!`
    expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'second!' }] })
    await nextTick()
    expect(registrations.count).toBe(0)
  })

  it('follows enabled: registers while true only', async () => {
    const name = uniqueName()
    const enabled = ref(false)
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    const { result } = mountTool({ name, description: 'd', enabled, execute: () => '' })
    // The package registers synchronously, in the mounted hook or a pre-flush watcher: a count read after nextTick is final.
    await nextTick()
    expect(registrations.count).toBe(0)
    expect(await names()).not.toContain(name)
    enabled.value = true
    await nextTick()
    await until(() => result.isRegistered.value)
    expect(await names()).toContain(name)
    enabled.value = false
    await nextTick()
    expect(result.isRegistered.value).toBe(false)
    await gone(name)
    expect(registrations.count).toBe(1)
  })

  it('hands registerTool plain values: no reactive proxy, and later changes to the options\' objects do not reach it', async () => {
    const { isProxy, reactive, toRaw } = await import('vue')
    const inputSchema = reactive({ type: 'object', properties: { q: { type: 'string' } } })
    const annotations = reactive({ readOnlyHint: true })
    const spy = vi.spyOn(mc, 'registerTool')
    try {
      const [objectsName, textName] = [uniqueName('objects'), uniqueName('text')]
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const [withObjects, textOnly] = scope.run(() => [
        useWebMCPTool({ name: objectsName, description: 'd', inputSchema, annotations, execute: () => '' }),
        // Only text: registered without a JSON round trip, as it is already a fresh plain object.
        useWebMCPTool({ name: textName, description: ref('d'), title: ref('T'), execute: () => '' }),
      ])!
      await until(() => withObjects!.isRegistered.value && textOnly!.isRegistered.value)
      const calls = spy.mock.calls as [WebMCP.ModelContextTool & Record<string, unknown>, WebMCP.ModelContextRegisterToolOptions][]
      const [objects, objectOptions] = calls.find(([tool]) => tool.name === objectsName)!
      const [text, textOptions] = calls.find(([tool]) => tool.name === textName)!
      for (const value of [objects, objects.inputSchema, objects.annotations, text])
        expect(isProxy(value)).toBe(false)
      // Changed behind Vue's back (no re-registration): the registered copy keeps what was registered.
      toRaw(inputSchema).properties.q.type = 'number'
      toRaw(annotations).readOnlyHint = false
      expect(objects.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } })
      expect(objects.annotations).toEqual({ readOnlyHint: true })
      expect(text).toMatchObject({ title: 'T', description: 'd' })
      // Firefox's registerTool is called with the tool alone.
      expect(objectOptions?.exposedTo).toBeUndefined()
      expect(textOptions?.exposedTo).toBeUndefined()
    }
    finally {
      spy.mockRestore()
    }
  })

  it('re-registers when exposedTo changes', async (context) => {
    needs(context, 'origins')
    const name = uniqueName()
    const exposedTo = shallowRef<string[] | undefined>(undefined)
    const spy = vi.spyOn(mc, 'registerTool')
    try {
      const { result } = mountTool({ name, description: 'd', exposedTo, execute: () => '' })
      await until(() => result.isRegistered.value)
      exposedTo.value = ['https://agent.example']
      await nextTick()
      if (cannot.exposeToOrigins) {
        // The polyfill has no cross-origin agents: it refuses, and the refusal lands in error.
        await until(() => result.error.value)
        expect(result.error.value!.name).toBe('NotSupportedError')
        expect(result.isRegistered.value).toBe(false)
        // A refusal is retried (at once, then on a toolchange), each time with the new exposedTo.
        expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2)
      }
      else {
        await until(() => result.isRegistered.value)
        expect(spy).toHaveBeenCalledTimes(2)
      }
      for (const call of spy.mock.calls.slice(1))
        expect(call[1]).toMatchObject({ exposedTo: ['https://agent.example'] })
    }
    finally {
      spy.mockRestore()
    }
  })

  it('puts a registration failure in error with its DOMException name, and isRegistered stays false', async () => {
    const name = uniqueName()
    const holder = new AbortController()
    await registerTool(mc, { name, description: 'taken', execute: () => '' }, { signal: holder.signal })
    cleanups.push(() => holder.abort())
    const { result } = mountTool({ name, description: 'd', execute: () => '' })
    await until(() => result.error.value)
    expect(result.error.value!.name).toBe('InvalidStateError')
    expect(result.isRegistered.value).toBe(false)
  })

  it.each([
    ['a name outside the grammar', { name: 'not valid', description: 'd' }, 'a name must be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."'],
    ['a name over 128 characters', { name: 'x'.repeat(129), description: 'd' }, 'a name must be 1-128 characters'],
    ['an empty description', { name: 'no_description', description: '' }, 'its description is empty'],
  ])('%s is refused before registerTool, with the reason in error (budgets off)', async (_, definition, reason) => {
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    const { result, unmount } = withSetup(() => useWebMCPTool({ ...definition, execute: () => '' }), { provide: { [WEBMCP_CONFIG]: { budgets: false } } })
    cleanups.push(unmount)
    // Set in the mounted hook itself: no browser round trip, so the same on every lane.
    expect(result.error.value).toMatchObject({ name: 'WebMCPDefinitionError', message: expect.stringContaining(reason) })
    expect(result.error.value!.message).toContain('the browser refuses it with InvalidStateError')
    expect(result.isRegistered.value).toBe(false)
    await nextTick()
    expect(registrations.count).toBe(0)
  })

  it('a name fixed reactively registers, and the error clears', async () => {
    const name = ref('not valid')
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', execute: () => 'ok' }))
    cleanups.push(unmount)
    expect(result.error.value!.name).toBe('WebMCPDefinitionError')
    name.value = uniqueName('fixed')
    await until(() => result.isRegistered.value)
    expect(result.error.value).toBeNull()
    expect(await callTool(mc, name.value)).toEqual({ content: [{ type: 'text', text: 'ok' }] })
  })

  describe('races leave exactly the tools that should exist', () => {
    it('enabled toggled off while the registration is pending', async () => {
      const name = uniqueName()
      const enabled = ref(true)
      const registrations = countRegistrations(mc)
      cleanups.push(registrations.stop)
      const scope = effectScope()
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', enabled, execute: () => '' }))!
      enabled.value = false
      await nextTick()
      // The registration the package abandoned has settled (rejected, AbortError), its handler has run.
      await registrations.settled()
      // On Firefox, the page's first registration waits for the code that registers by name: one
      // abandoned while it loads never reaches registerTool (later ones do, as elsewhere).
      if (lane === 'firefox')
        expect(registrations.count).toBeLessThanOrEqual(1)
      else
        expect(registrations.count).toBe(1)
      await gone(name)
      expect(state.isRegistered.value).toBe(false)
      expect(state.error.value).toBeNull()
      scope.stop()
    })

    it('name changed while the registration is pending', async () => {
      const first = uniqueName('first')
      const name = ref(first)
      const scope = effectScope()
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => '' }))!
      name.value = uniqueName('second')
      await nextTick()
      await until(() => state.isRegistered.value)
      const list = await names()
      expect(list).toContain(name.value)
      expect(list).not.toContain(first)
      expect(state.error.value).toBeNull()
      scope.stop()
    })

    it('scope ended while the registration is pending', async (context) => {
      needs(context, 'listFirst')
      const name = uniqueName()
      const scope = effectScope()
      const registrations = countRegistrations(mc)
      cleanups.push(registrations.stop)
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => '' }))!
      scope.stop()
      await registrations.settled()
      expect(registrations.count).toBe(1)
      await gone(name)
      expect(state.isRegistered.value).toBe(false)
      expect(state.error.value).toBeNull()
    })

    it('a failed registration clears its error once a change succeeds', async () => {
      const taken = uniqueName('taken')
      const holder = new AbortController()
      await registerTool(mc, { name: taken, description: 'd', execute: () => '' }, { signal: holder.signal })
      cleanups.push(() => holder.abort())
      const name = ref(taken)
      const { result } = mountTool({ name, description: 'd', execute: () => '' })
      await until(() => result.error.value)
      name.value = uniqueName('free')
      await nextTick()
      await until(() => result.isRegistered.value)
      expect(result.error.value).toBeNull()
    })
  })

  describe('calls', () => {
    it('turns a throw into an isError result the agent can read, and calls onError', async () => {
      const name = uniqueName()
      const onError = vi.fn()
      const { result } = mountTool({ name, description: 'd', onError, execute: () => { throw new Error('Board is read-only') } })
      await until(() => result.isRegistered.value)
      expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'Board is read-only' }], isError: true, _meta: { 'vue-webmcp/code': 'TOOL_ERROR' } })
      // In a task of its own, after the agent's answer.
      await until(() => onError.mock.calls.length > 0)
      expect(onError).toHaveBeenCalledOnce()
    })

    it('aborts execute\'s signal when the scope ends during the call', async () => {
      const name = uniqueName()
      let signal: AbortSignal | undefined
      const started = deferred()
      const scope = effectScope()
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: (_a, o) => {
        signal = o.signal
        started.resolve()
        return new Promise(() => {})
      } }))!
      await until(() => state.isRegistered.value)
      const tool = (await tools()).find(t => t.name === name)!
      const pending = executeTool(mc, tool, {}).catch(e => e as Error)
      await started.promise
      scope.stop()
      expect(signal!.aborted).toBe(true)
      expect((signal!.reason as DOMException).name).toBe('AbortError')
      await pending
    })

    it('aborts execute\'s signal when the caller cancels', async (context) => {
      needs(context, 'answerAfterCancel')
      const name = uniqueName()
      let signal: AbortSignal | undefined
      const started = deferred()
      const { result } = mountTool({ name, description: 'd', execute: (_a, o) => {
        signal = o.signal
        started.resolve()
        return new Promise(() => {})
      } })
      await until(() => result.isRegistered.value)
      const tool = (await tools()).find(t => t.name === name)!
      const controller = new AbortController()
      const pending = executeTool(mc, tool, {}, { signal: controller.signal }).catch(e => e as Error)
      await started.promise
      controller.abort()
      expect(((await pending) as Error).name).toBe('AbortError')
      if (cannot.passExecuteSignal) {
        // This implementation calls execute(args) alone: the cancel cannot reach the tool.
        // A later call through the same context returning is the barrier: anything it
        // would forward for the cancelled call was dispatched before.
        const later = uniqueName('later')
        const { result: other } = mountTool({ name: later, description: 'd', execute: () => 'after' })
        await until(() => other.isRegistered.value)
        expect(await call(later)).toEqual({ content: [{ type: 'text', text: 'after' }] })
        expect(signal!.aborted).toBe(false)
        return
      }
      // Chromium forwards the cancel to the page a task after rejecting the caller.
      await until(() => signal!.aborted)
    })
  })

  it('follows a context replaced after mount: the tools move to the new one and back', async () => {
    const name = uniqueName('moving')
    const { result } = mountTool({ name, description: 'd', execute: () => 'moved' })
    await until(() => result.isRegistered.value)
    // What a polyfill loaded late, or a test's own mock, does: a new object on document.modelContext,
    // with nobody telling the package.
    const replacement = new InMemoryModelContext()
    const own = Object.getOwnPropertyDescriptor(document, 'modelContext')
    Object.defineProperty(document, 'modelContext', { configurable: true, get: () => replacement })
    try {
      await until(() => replacement.toolNames.includes(name))
      expect(await names()).not.toContain(name)
      await until(() => result.isRegistered.value)
      const moved = (await replacement.getTools()).find(t => t.name === name)!
      expect(JSON.parse(await replacement.executeTool(moved, {}))).toEqual({ content: [{ type: 'text', text: 'moved' }] })
    }
    finally {
      if (own)
        Object.defineProperty(document, 'modelContext', own)
      else
        delete (document as { modelContext?: unknown }).modelContext
    }
    await until(async () => (await names()).includes(name))
    expect(replacement.toolNames).not.toContain(name)
    expect(await call(name, {})).toEqual({ content: [{ type: 'text', text: 'moved' }] })
  })

  it('isSupported flips when the API is injected late, and the tool then registers', async () => {
    // Hide the API, mount, then reveal it the way an extension would.
    // Both places: Chromium 150 and the polyfills also answer on the deprecated navigator.modelContext.
    const hidden = Object.getOwnPropertyDescriptor(document, 'modelContext')
    const hiddenLegacy = Object.getOwnPropertyDescriptor(navigator, 'modelContext')
    Object.defineProperty(document, 'modelContext', { configurable: true, get: () => undefined })
    Object.defineProperty(navigator, 'modelContext', { configurable: true, get: () => undefined })
    refreshModelContext()
    const name = uniqueName('late')
    const { result } = mountTool({ name, description: 'd', execute: () => '' })
    expect(result.isSupported.value).toBe(false)
    if (hidden)
      Object.defineProperty(document, 'modelContext', hidden)
    else
      delete (document as { modelContext?: unknown }).modelContext
    if (hiddenLegacy)
      Object.defineProperty(navigator, 'modelContext', hiddenLegacy)
    else
      delete (navigator as { modelContext?: unknown }).modelContext
    await until(() => result.isSupported.value)
    await until(() => result.isRegistered.value)
    expect(await names()).toContain(name)
  })
})
