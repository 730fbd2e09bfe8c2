// The registration life cycle follows the screen, in both lanes: <KeepAlive>,
// stop() and composables called with no active scope, a name freed by one app
// taken by the next, and failures that keep their names.
import type { Component } from 'vue'
import { mount } from '@vue/test-utils'
import { createPinia, defineStore } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import { createApp, defineComponent, effectScope, h, KeepAlive, nextTick, shallowRef } from 'vue'
import { useRegisteredTools, useWebMCPTool, useWebMCPTools } from '../../src'
import { countRegistrations, until } from '../helpers'
import { callTool, lane, laneSuite, listedNames, needs, registerTool, tick, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const names = () => listedNames(mc)
const call = (name: string) => callTool(mc, name)

/** A view that registers one tool answering `answer`. */
function view(name: string, answer: string): Component {
  return defineComponent({
    name: `View_${answer}`,
    setup() {
      useWebMCPTool({ name, description: `Answers ${answer}`, execute: () => answer })
      return () => h('div', answer)
    },
  })
}

/** `<KeepAlive>` showing one of `views`, switched through the returned ref. */
function keptAlive(views: Record<string, Component>, first: string) {
  const shown = shallowRef(first)
  const Host = defineComponent({ setup: () => () => h(KeepAlive, null, [h(views[shown.value]!, { key: shown.value })]) })
  const wrapper = mount(Host, { attachTo: document.body })
  cleanups.push(() => wrapper.unmount())
  return { shown, wrapper }
}

describe(`life cycle (${lane})`, () => {
  describe('<KeepAlive>', () => {
    it('a deactivated view\'s tools leave the agent\'s list, cannot be called, and come back on activation', async () => {
      const [a, b] = [uniqueName('tab_a_delete_all'), uniqueName('tab_b_list')]
      const { shown } = keptAlive({ a: view(a, 'A'), b: view(b, 'B') }, 'a')
      await until(async () => (await names()).includes(a))
      expect(await call(a)).toEqual({ content: [{ type: 'text', text: 'A' }] })

      shown.value = 'b'
      await until(async () => (await names()).includes(b))
      expect(await names()).not.toContain(a)
      await expect(call(a)).rejects.toThrow(`no tool ${a}`)

      shown.value = 'a'
      await until(async () => (await names()).includes(a))
      expect(await names()).not.toContain(b)
      expect(await call(a)).toEqual({ content: [{ type: 'text', text: 'A' }] })
    })

    it('tools in an effect scope made inside a cached view\'s setup follow the view', async () => {
      const name = uniqueName('scoped_delete')
      const scoped = defineComponent({
        setup() {
          effectScope().run(() => useWebMCPTool({ name, description: 'Deletes everything', execute: () => 'gone' }))
          return () => h('div', 'A')
        },
      })
      const { shown } = keptAlive({ a: scoped, b: view(uniqueName('other'), 'B') }, 'a')
      await until(async () => (await names()).includes(name))
      shown.value = 'b'
      await until(async () => !(await names()).includes(name))
      shown.value = 'a'
      await until(async () => (await names()).includes(name))
    })

    it('a Pinia store\'s tools live with the store, even when a cached view first used it: deactivating the view keeps them', async () => {
      const name = uniqueName('store_list')
      const useBoard = defineStore(`board-${name}`, () => ({ tool: useWebMCPTool({ name, description: 'Lists the board', execute: () => 'board' }) }))
      const pinia = createPinia()
      const usesStore = defineComponent({
        setup() {
          useBoard(pinia)
          return () => h('div', 'A')
        },
      })
      const { shown } = keptAlive({ a: usesStore, b: view(uniqueName('other'), 'B') }, 'a')
      cleanups.push(() => useBoard(pinia).$dispose())
      await until(async () => (await names()).includes(name))
      shown.value = 'b'
      await nextTick()
      await tick()
      expect(await names()).toContain(name)
      expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'board' }] })
    })

    it('of two cached views registering one name, the one shown holds it, with no error on either', async () => {
      const name = uniqueName('shared_action')
      const states: Record<string, ReturnType<typeof useWebMCPTool>> = {}
      const make = (answer: string) => defineComponent({
        setup() {
          states[answer] = useWebMCPTool({ name, description: 'd', execute: () => answer })
          return () => h('div', answer)
        },
      })
      const { shown } = keptAlive({ a: make('A'), b: make('B') }, 'a')
      await until(() => states.A!.isRegistered.value)
      for (const next of ['b', 'a', 'b']) {
        shown.value = next
        const answer = next.toUpperCase()
        await until(() => states[answer]!.isRegistered.value)
        expect(await call(name)).toEqual({ content: [{ type: 'text', text: answer }] })
        const hidden = answer === 'A' ? 'B' : 'A'
        expect(states[hidden]!.isRegistered.value).toBe(false)
        expect(states[answer]!.error.value).toBeNull()
        expect(states[hidden]!.error.value).toBeNull()
      }
    })

    it('a tool registered by a component nested inside the cached view follows it too', async () => {
      const name = uniqueName('nested')
      const Child = view(name, 'child')
      const Parent = defineComponent({ setup: () => () => h('section', [h(Child)]) })
      const { shown } = keptAlive({ p: Parent, other: view(uniqueName('other'), 'O') }, 'p')
      await until(async () => (await names()).includes(name))
      shown.value = 'other'
      await until(async () => !(await names()).includes(name))
      shown.value = 'p'
      await until(async () => (await names()).includes(name))
    })

    it('a group in a cached view goes and comes back as a whole', async () => {
      const [x, y] = [uniqueName('grp_x'), uniqueName('grp_y')]
      const Group = defineComponent({
        setup() {
          useWebMCPTools([{ name: x, description: 'd', execute: () => 'x' }, { name: y, description: 'd', execute: () => 'y' }])
          return () => h('div')
        },
      })
      const { shown } = keptAlive({ g: Group, other: view(uniqueName('other'), 'O') }, 'g')
      await until(async () => (await names()).includes(y))
      shown.value = 'other'
      await until(async () => !(await names()).some(n => n === x || n === y))
      shown.value = 'g'
      await until(async () => (await names()).includes(x) && (await names()).includes(y))
    })
  })

  describe('stop() and composables with no active scope', () => {
    it('with no active scope: one development warning, no Vue warning, and stop() unregisters', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const [first, second] = [uniqueName('orphan'), uniqueName('orphan')]
      // As after an `await` in an async setup(): nothing is the current scope.
      const one = useWebMCPTool({ name: first, description: 'd', execute: () => '' })
      const two = useWebMCPTool({ name: second, description: 'd', execute: () => '' })
      await until(() => one.isRegistered.value && two.isRegistered.value)
      const messages = warn.mock.calls.map(c => String(c[0]))
      expect(messages.filter(m => m.includes('useWebMCPTool() was called with no active effect scope'))).toHaveLength(1)
      expect(messages.filter(m => m.includes('[Vue warn]'))).toEqual([])
      one.stop()
      two.stop()
      await until(async () => !(await names()).some(n => n === first || n === second))
      expect(one.isRegistered.value).toBe(false)
    })

    it('an async setup() that registers after an await leaves nothing behind once stopped', async () => {
      const name = uniqueName('after_await')
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      let state: ReturnType<typeof useWebMCPTool> | undefined
      const Async = defineComponent({
        async setup() {
          await tick() // leaves the setup's scope, as any await does
          state = useWebMCPTool({ name, description: 'd', execute: () => '' })
          return () => h('div')
        },
      })
      const app = createApp({ render: () => h('div', [h(Async)]) })
      app.config.warnHandler = () => {} // an async setup() outside <Suspense>
      const root = document.createElement('div')
      document.body.append(root)
      app.mount(root)
      await until(() => state?.isRegistered.value)
      app.unmount()
      root.remove()
      // Every app unmounted and still registered (the package unregisters synchronously,
      // isRegistered with it): only stop() can remove it.
      await nextTick()
      expect(state!.isRegistered.value).toBe(true)
      expect(await names()).toContain(name)
      state!.stop()
      await until(async () => !(await names()).includes(name))
    })

    it('useWebMCPTools with no active scope: stop() unregisters the group', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const [x, y] = [uniqueName('free_x'), uniqueName('free_y')]
      const group = useWebMCPTools([{ name: x, description: 'd', execute: () => '' }, { name: y, description: 'd', execute: () => '' }])
      await until(() => group.isRegistered.value)
      group.stop()
      await until(async () => !(await names()).some(n => n === x || n === y))
    })

    it('stop() inside a scope unregisters before the scope ends, and the scope\'s end is still safe', async () => {
      const name = uniqueName('stopped_early')
      const scope = effectScope()
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => '' }))!
      await until(() => state.isRegistered.value)
      state.stop()
      await until(async () => !(await names()).includes(name))
      expect(state.isRegistered.value).toBe(false)
      scope.stop()
    })

    it('stop() in a component before a <KeepAlive> reactivation keeps the tool gone', async () => {
      const name = uniqueName('stopped_cached')
      let state: ReturnType<typeof useWebMCPTool> | undefined
      const Stoppable = defineComponent({
        setup() {
          state = useWebMCPTool({ name, description: 'd', execute: () => '' })
          return () => h('div')
        },
      })
      const { shown } = keptAlive({ s: Stoppable, other: view(uniqueName('other'), 'O') }, 's')
      await until(() => state!.isRegistered.value)
      const registrations = countRegistrations(mc)
      cleanups.push(registrations.stop)
      state!.stop()
      shown.value = 'other'
      await nextTick()
      shown.value = 's'
      // Activation registers synchronously, in the flush nextTick waits for: the count is final.
      await nextTick()
      expect(registrations.names).not.toContain(name)
      await until(async () => !(await names()).includes(name))
    })
  })

  describe('a name freed by one app', () => {
    it('is taken by the next app that wanted it, and that app\'s error clears', async () => {
      const name = uniqueName('contested')
      const apps = ['first', 'second'].map((answer) => {
        let state!: ReturnType<typeof useWebMCPTool>
        const app = createApp({
          setup() {
            state = useWebMCPTool({ name, description: 'd', execute: () => answer })
            return () => h('div')
          },
        })
        const root = document.createElement('div')
        document.body.append(root)
        app.mount(root)
        cleanups.push(() => {
          app.unmount()
          root.remove()
        })
        return { app, get state() { return state } }
      })
      const [first, second] = apps as [typeof apps[0], typeof apps[0]]
      await until(() => first.state.isRegistered.value && second.state.error.value)
      expect(second.state.error.value!.name).toBe('InvalidStateError')
      expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'first' }] })

      first.app.unmount()
      await until(() => second.state.isRegistered.value)
      expect(second.state.error.value).toBeNull()
      expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'second' }] })
    })

    it('a raw registration freeing the name counts too; a tool still refused keeps its error', async (context) => {
      needs(context, 'toolchange')
      const name = uniqueName('raw_holder')
      const raw = new AbortController()
      let held = 0
      const onHeld = () => held++
      mc.addEventListener('toolchange', onHeld)
      await registerTool(mc, { name, description: 'd', execute: () => 'raw' }, { signal: raw.signal })
      cleanups.push(() => raw.abort())
      // The holder's own event delivered before the refusal: late, it would bring a retry below.
      await until(() => held >= 1)
      mc.removeEventListener('toolchange', onHeld)
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => 'mine' }))!
      await until(() => state.error.value)
      // Another tool coming and going fires toolchange; the name is still taken.
      const registrations = countRegistrations(mc)
      cleanups.push(registrations.stop)
      let changes = 0
      const counted = () => changes++
      // After the package's own listener (added at the refusal): when this one runs, the retry has been called.
      mc.addEventListener('toolchange', counted)
      cleanups.push(() => mc.removeEventListener('toolchange', counted))
      const passer = new AbortController()
      await registerTool(mc, { name: uniqueName('passer'), description: 'd', execute: () => '' }, { signal: passer.signal })
      passer.abort()
      await until(() => changes >= 2 && registrations.count >= 2) // the passer's two changes, the passer and a retry
      await registrations.settled()
      expect(state.error.value!.name).toBe('InvalidStateError')
      expect(state.isRegistered.value).toBe(false)
      expect(registrations.names.slice(1).every(n => n === name)).toBe(true)
      // A refused retry fires no toolchange of its own: the retries stop (no loop). The barrier is
      // a later change, whose event comes after any the retries fired: it brings one retry (two
      // if a late event, counted above for the passer's, lets the passer's removal arrive now);
      // a loop, many.
      const settled = registrations.count
      const sentinel = new AbortController()
      cleanups.push(() => sentinel.abort())
      await registerTool(mc, { name: uniqueName('sentinel'), description: 'd', execute: () => '' }, { signal: sentinel.signal })
      await until(() => registrations.names.slice(settled + 1).includes(name))
      await registrations.settled()
      const after = registrations.names.slice(settled)
      expect(after[0]).toMatch(/^sentinel_/)
      expect(after.slice(1)).toEqual(after.length === 3 ? [name, name] : [name])
      expect(state.error.value!.name).toBe('InvalidStateError')
      registrations.stop()
      raw.abort()
      await until(() => state.isRegistered.value)
      expect(state.error.value).toBeNull()
      expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'mine' }] })
    })
  })

  it('a refused registration tries again at once, with no toolchange: one may have come while it was pending', async (context) => {
    needs(context, 'duplicates')
    const name = uniqueName('refused_once')
    // Refused although the name is free, as a name freed while the call was pending is.
    const registerTool = vi.spyOn(mc, 'registerTool').mockImplementationOnce(() => Promise.reject(new DOMException('Duplicate tool name', 'InvalidStateError')))
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => 'retried' }))!
    await until(() => state.isRegistered.value)
    expect(state.error.value).toBeNull()
    expect(registerTool.mock.calls.map(([tool]) => tool.name)).toEqual([name, name])
    expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'retried' }] })
  })

  it('a registration that is not refused adds no toolchange listener (it cost each one 10 to 20 µs)', async (context) => {
    needs(context, 'toolchange')
    const addEventListener = vi.spyOn(mc, 'addEventListener')
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const group = scope.run(() => useWebMCPTools(['a', 'b', 'c'].map(n => ({ name: uniqueName(`quiet_${n}`), description: 'd', execute: () => n }))))!
    await until(() => group.isRegistered.value)
    expect(addEventListener.mock.calls.filter(([type]) => type === 'toolchange')).toEqual([])
  })

  it('a re-setup whose registerTool refuses late, after the name was freed, still takes the name (HMR)', async (context) => {
    needs(context, 'duplicates', 'registrationPromise')
    const name = uniqueName('hmr')
    // The instance going away holds the name.
    const outgoing = new AbortController()
    cleanups.push(() => outgoing.abort())
    await registerTool(mc, { name, description: 'd', execute: () => 'old' }, { signal: outgoing.signal })
    // A slow registerTool (a polyfill, a loaded machine): its answer for the new instance is held
    // until the old instance has gone and its toolchange has been delivered.
    let release!: () => void
    const gate = new Promise<void>(resolve => (release = resolve))
    const original = mc.registerTool
    let held = 0
    mc.registerTool = function (this: WebMCP.ModelContext, ...args: Parameters<typeof original>) {
      if (args[0].name !== name || held++)
        return original.apply(this, args)
      let answer: Promise<void>
      try {
        answer = Promise.resolve(original.apply(this, args))
      }
      catch (error) {
        answer = Promise.reject(error) // Chromium 150 refuses synchronously
      }
      answer.catch(() => {}) // handled once the gate opens
      return gate.then(() => answer)
    } as typeof original
    cleanups.push(() => (mc.registerTool = original))
    const scope = effectScope()
    cleanups.push(() => scope.stop())
    const state = scope.run(() => useWebMCPTool({ name, description: 'd', execute: () => 'new' }))!
    await until(() => held === 1)
    const freed = new Promise(resolve => mc.addEventListener('toolchange', resolve, { once: true }))
    outgoing.abort()
    await freed
    release()
    await until(() => state.isRegistered.value)
    expect(state.error.value).toBeNull()
    expect(await call(name)).toEqual({ content: [{ type: 'text', text: 'new' }] })
  })

  describe('registration failures keep their names', () => {
    // Under jsdom a DOMException is not an `Error`: this one is shaped like it.
    const domExceptionLike = (name: string, message: string) => ({ name, message, [Symbol.toStringTag]: 'DOMException' })

    it('a rejection with a DOMException that is not an Error keeps its name and message', async (context) => {
      needs(context, 'listFirst')
      const rejection = domExceptionLike('SecurityError', 'Only secure origins are allowed in the exposedTo list.')
      expect(rejection instanceof Error).toBe(false)
      // Refused twice: a refusal is retried once at once.
      const registerTool = vi.spyOn(mc, 'registerTool').mockImplementationOnce(() => Promise.reject(rejection)).mockImplementationOnce(() => Promise.reject(rejection))
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const state = scope.run(() => useWebMCPTool({ name: uniqueName('named'), description: 'd', execute: () => '' }))!
      // Read when the retry's rejection has been handled (the package's handler first; it made
      // the retry in its handler of the first), in the same task: a later toolchange would
      // retry, succeed and clear the error.
      await Promise.resolve(registerTool.mock.results[0]!.value).catch(() => {})
      await Promise.resolve(registerTool.mock.results[1]!.value).catch(() => {})
      expect(state.error.value!.name).toBe('SecurityError')
      expect(state.error.value!.message).toBe('Only secure origins are allowed in the exposedTo list.')
    })

    it('a synchronous throw of one (older builds, polyfills) keeps them too', async (context) => {
      needs(context, 'listFirst')
      const thrown = () => {
        throw domExceptionLike('InvalidStateError', 'Duplicate tool name')
      }
      // Thrown twice: a refusal is retried once at once (here, synchronously).
      vi.spyOn(mc, 'registerTool').mockImplementationOnce(thrown).mockImplementationOnce(thrown)
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const state = scope.run(() => useWebMCPTool({ name: uniqueName('thrown'), description: 'd', execute: () => '' }))!
      // Set synchronously; read before any toolchange can bring a retry that clears it.
      expect(state.error.value!.name).toBe('InvalidStateError')
      expect(state.error.value!.message).toBe('Duplicate tool name')
    })
  })

  describe('byName takes any valid tool name', () => {
    it('constructor, toString, __proto__ and hasOwnProperty each get their own entry', async () => {
      const special = ['constructor', 'toString', '__proto__', 'hasOwnProperty']
      // The lane's context is shared by the whole file: hold these names only in this test.
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const group = scope.run(() => useWebMCPTools(special.map(name => ({ name, description: `The ${name} tool`, execute: () => name }))))!
      const byName = group.byName as Record<string, { isRegistered: boolean, error: Error | null }>
      expect(Object.keys(byName).sort()).toEqual([...special].sort())
      if (lane === 'global' || lane === 'global-native') {
        // A limitation of @mcp-b/global (measured): it keeps tools in a plain
        // object, so it refuses these names as "already registered". Each
        // tool's own entry still says so.
        await until(() => special.every(name => byName[name]!.error))
        for (const name of special)
          expect(byName[name]!.error!.message).toContain('already registered')
        return
      }
      await until(() => group.isRegistered.value)
      expect(group.error.value).toBeNull()
      for (const name of special) {
        expect(Object.hasOwn(byName, name)).toBe(true)
        expect(byName[name]!.isRegistered).toBe(true)
      }
      expect(await call('__proto__')).toEqual({ content: [{ type: 'text', text: '__proto__' }] })
    })
  })

  describe('useRegisteredTools after its scope', () => {
    it('goes inert: no getTools(), and execute rejects with a clear error', async () => {
      const name = uniqueName('listed')
      const raw = new AbortController()
      const execute = vi.fn(() => 'ran')
      await registerTool(mc, { name, description: 'd', execute }, { signal: raw.signal })
      cleanups.push(() => raw.abort())
      const scope = effectScope()
      const list = scope.run(() => useRegisteredTools({ argumentFormat: 'object' }))!
      await until(() => list.tools.value.some(t => t.name === name))
      const tool = list.tools.value.find(t => t.name === name)!
      scope.stop()
      const getTools = vi.spyOn(mc, 'getTools')
      await list.refresh()
      expect(getTools).not.toHaveBeenCalled()
      await expect(list.execute(tool)).rejects.toMatchObject({ name: 'InvalidStateError', message: expect.stringContaining('stopped') })
      expect(execute).not.toHaveBeenCalled()
    })

    it('a getTools() that never settles does not stop toolchange from refreshing the list', async (context) => {
      needs(context, 'toolchange')
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const list = scope.run(() => useRegisteredTools())!
      await list.refresh()
      vi.spyOn(mc, 'getTools').mockImplementationOnce(() => new Promise(() => {}))
      void list.refresh() // hangs
      const name = uniqueName('after_hang')
      const raw = new AbortController()
      await registerTool(mc, { name, description: 'd', execute: () => '' }, { signal: raw.signal })
      cleanups.push(() => raw.abort())
      await until(() => list.tools.value.some(t => t.name === name))
    })

    it('its stop() does the same with no scope at all', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const list = useRegisteredTools()
      await list.refresh()
      list.stop()
      const getTools = vi.spyOn(mc, 'getTools')
      await list.refresh()
      expect(getTools).not.toHaveBeenCalled()
    })

    it('the newest refresh() wins over one still pending, and a getTools() that never settles blocks nothing', async () => {
      const scope = effectScope()
      cleanups.push(() => scope.stop())
      const list = scope.run(() => useRegisteredTools())!
      await list.refresh()
      const real = mc.getTools.bind(mc)
      let releaseStale!: (tools: WebMCP.RegisteredTool[]) => void
      const getTools = vi.spyOn(mc, 'getTools')
        .mockImplementationOnce(() => new Promise(() => {})) // never settles
        .mockImplementationOnce(() => new Promise((resolve) => { releaseStale = resolve }))
      void list.refresh()
      const stale = list.refresh()
      const name = uniqueName('fresh')
      const raw = new AbortController()
      await real({}) // let the two calls above start
      await registerTool(mc, { name, description: 'd', execute: () => '' }, { signal: raw.signal })
      cleanups.push(() => raw.abort())
      // The third refresh answers, though the first never will.
      await list.refresh()
      expect(getTools.mock.calls.length).toBeGreaterThanOrEqual(3)
      expect(list.tools.value.some(t => t.name === name)).toBe(true)
      // The stale answer arriving late changes nothing; its promise was settled by the newer answer.
      releaseStale([])
      await stale
      await tick() // a task: every microtask the stale answer queued has run
      expect(list.tools.value.some(t => t.name === name)).toBe(true)
    })
  })
})
