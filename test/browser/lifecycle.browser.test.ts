// What an agent sees as the screen changes: Playwright's frame.webmcp against
// native Chromium, for <KeepAlive>, stop(), and a name freed by another app;
// and, in a production build, Chromium's own refusal of what the spec forbids.
import type { Component } from 'vue'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { createApp, defineComponent, h, KeepAlive, shallowRef } from 'vue'
import { useWebMCPTool, useWebMCPTools } from '../../src'
import { countRegistrations, until, withSetup } from '../helpers'
import { laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

async function listed(): Promise<string[]> {
  return (await commands.listTools()).map(t => t.name)
}

const answer = (text: string) => ({ content: [{ type: 'text', text }] })

function view(name: string, text: string): Component {
  return defineComponent({
    setup() {
      useWebMCPTool({ name, description: `Answers ${text}`, execute: () => text })
      return () => h('div', text)
    },
  })
}

function keptAlive(views: Record<string, Component>, first: string) {
  const shown = shallowRef(first)
  const Host = defineComponent({ setup: () => () => h(KeepAlive, null, [h(views[shown.value]!, { key: shown.value })]) })
  const wrapper = mount(Host, { attachTo: document.body })
  cleanups.push(() => wrapper.unmount())
  return shown
}

describe('agent path: tools follow the screen', () => {
  it('after a <KeepAlive> tab is deactivated, its tool is no longer listed and calling it fails', async () => {
    const [a, b] = [uniqueName('tab_a_delete_all'), uniqueName('tab_b_list')]
    const deleted: string[] = []
    const TabA = defineComponent({
      setup() {
        useWebMCPTool({ name: a, description: 'Deletes everything on tab A', execute: () => {
          deleted.push('all')
          return 'deleted'
        } })
        return () => h('div', 'A')
      },
    })
    const shown = keptAlive({ a: TabA, b: view(b, 'B') }, 'a')
    await until(async () => (await listed()).includes(a))
    shown.value = 'b'
    await until(async () => (await listed()).includes(b))
    expect(await listed()).not.toContain(a)
    await expect(commands.callTool(a)).rejects.toThrow()
    expect(deleted).toEqual([])
    shown.value = 'a'
    await until(async () => (await listed()).includes(a))
    expect(await commands.callTool(a)).toEqual(answer('deleted'))
    expect(deleted).toEqual(['all'])
  })

  it('of two cached views registering one name, the agent reaches the one shown', async () => {
    const name = uniqueName('shared_action')
    const shown = keptAlive({ a: view(name, 'A'), b: view(name, 'B') }, 'a')
    await until(async () => (await listed()).includes(name))
    expect(await commands.callTool(name)).toEqual(answer('A'))
    shown.value = 'b'
    await until(async () => JSON.stringify(await commands.callTool(name)) === JSON.stringify(answer('B')))
    shown.value = 'a'
    await until(async () => JSON.stringify(await commands.callTool(name)) === JSON.stringify(answer('A')))
  })

  it('a tool registered with no active scope is gone from the agent\'s list once stopped', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName('orphan')
    const state = useWebMCPTool({ name, description: 'd', execute: () => 'still here' })
    await until(async () => (await listed()).includes(name))
    state.stop()
    await until(async () => !(await listed()).includes(name))
    await expect(commands.callTool(name)).rejects.toThrow()
  })

  it('when the app holding a name unmounts, the agent reaches the next app that wanted it', async () => {
    const name = uniqueName('contested')
    const mountApp = (text: string) => {
      const app = createApp(view(name, text))
      const root = document.createElement('div')
      document.body.append(root)
      app.mount(root)
      const unmount = () => {
        app.unmount()
        root.remove()
      }
      cleanups.push(() => root.isConnected && unmount())
      return unmount
    }
    const unmountFirst = mountApp('first')
    await until(async () => (await listed()).includes(name))
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    mountApp('second')
    // The second app's registration is refused, and tried again once at once (a toolchange while
    // it was pending may have freed the name): once both have settled, the first still answers.
    await until(() => registrations.count === 2)
    await registrations.settled()
    expect(registrations.names).toEqual([name, name])
    expect(await commands.callTool(name)).toEqual(answer('first'))
    unmountFirst()
    await until(async () => JSON.stringify(await commands.callTool(name).catch(() => null)) === JSON.stringify(answer('second')))
  })

  it('a tool named __proto__ in a group is registered and callable', async () => {
    const Group = defineComponent({
      setup() {
        const group = useWebMCPTools([{ name: '__proto__', description: 'A tool with an awkward name', execute: () => 'proto' }])
        // eslint-disable-next-line no-proto, no-restricted-properties -- the tool is named __proto__: this reads its own entry
        return () => h('div', String(group.byName.__proto__.isRegistered))
      },
    })
    const wrapper = mount(Group, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(() => wrapper.text() === 'true')
    expect(await commands.callTool('__proto__')).toEqual(answer('proto'))
  })
})

/**
 * Runs the package's production paths until the test's cleanups: the sources read `__DEV__`
 * at run time (test/setup/dev.ts), which this lane's build fixed to development.
 */
function asProductionBuild(): void {
  const development = Object.getOwnPropertyDescriptor(globalThis, '__DEV__')!
  Object.defineProperty(globalThis, '__DEV__', { configurable: true, get: () => false })
  cleanups.push(() => Object.defineProperty(globalThis, '__DEV__', development))
}

describe('production build: the spec\'s name and description rules are the browser\'s', () => {
  it.each([
    ['a name outside the grammar', () => ({ name: `${uniqueName('spaced')} name`, description: 'd' })],
    ['an empty description', () => ({ name: uniqueName('undescribed'), description: '' })],
  ])('a tool with %s reaches registerTool, and Chromium\'s refusal lands in error with its DOMException name', async (_what, definition) => {
    asProductionBuild()
    const { name, description } = definition()
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    const mounted = withSetup(() => useWebMCPTool({ name, description, execute: () => 'never' }))
    cleanups.push(mounted.unmount)
    await until(() => mounted.result.error.value)
    expect(mounted.result.error.value!.name).toBe('InvalidStateError')
    expect(mounted.result.isRegistered.value).toBe(false)
    // The browser was asked (the first attempt and its immediate retry), and lists nothing.
    expect(registrations.names).toEqual([name, name])
    expect(await listed()).not.toContain(name)
  })
})
