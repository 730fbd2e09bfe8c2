import type { VNode } from 'vue'
// The router and Pinia recipes (docs/recipes/router.md, docs/recipes/pinia.md): their kanban app,
// as the pages show it, mounted in happy-dom on the in-memory ModelContext and called as an agent.
import type { InMemoryModelContext } from 'vue-webmcp/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, disposePinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { defineComponent, h, KeepAlive } from 'vue'
import { createMemoryHistory, RouterView } from 'vue-router'
import { install, uninstall } from 'vue-webmcp/testing'
import App from '../../../docs/recipes/kanban/App.vue'
import { useBoardStore } from '../../../docs/recipes/kanban/board'
import BoardView from '../../../docs/recipes/kanban/BoardView.vue'
import { createAppRouter } from '../../../docs/recipes/kanban/router'

let modelContext: InMemoryModelContext
beforeEach(() => {
  modelContext = install()
})
afterEach(() => uninstall())

/** The app at `path`, with a Pinia and a router of its own. */
async function mountApp(path = '/') {
  const pinia = createPinia()
  const router = createAppRouter(createMemoryHistory())
  await router.push(path)
  const wrapper = mount(App, { global: { plugins: [pinia, router] } })
  onTestFinished(() => {
    wrapper.unmount()
    disposePinia(pinia)
  })
  await flushPromises()
  return { wrapper, router }
}

/** Calls a tool as an agent does, and parses the answer. */
async function call(name: string, input: Record<string, unknown> = {}) {
  const tool = (await modelContext.getTools()).find(t => t.name === name)
  expect(tool, `${name} is not listed`).toBeDefined()
  return JSON.parse(await modelContext.executeTool(tool!, input) ?? 'null') as { content: { text: string }[], isError?: boolean }
}

describe('route-scoped tools', () => {
  it('a route component\'s tools are listed while its route is shown, the app\'s stay', async () => {
    const { router } = await mountApp()
    expect(modelContext.toolNames).toEqual(['add_card', 'list_cards', 'move_card', 'navigate'])

    await router.push('/settings')
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['list_cards', 'navigate', 'set_compact_cards'])

    router.back()
    await expect.poll(() => modelContext.toolNames).toEqual(['add_card', 'list_cards', 'move_card', 'navigate'])
  })

  it('a page cached by <KeepAlive> withdraws its tools while hidden and registers them again when shown', async () => {
    const router = createAppRouter(createMemoryHistory())
    await router.push('/')
    // As App.vue does: the store is first used by a component that stays (see docs/recipes/pinia.md).
    const Cached = defineComponent(() => {
      useBoardStore()
      return () => h(RouterView, null, { default: ({ Component }: { Component: VNode }) => h(KeepAlive, null, [Component]) })
    })
    const pinia = createPinia()
    const wrapper = mount(Cached, { global: { plugins: [pinia, router] } })
    onTestFinished(() => {
      wrapper.unmount()
      disposePinia(pinia)
    })
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['add_card', 'list_cards', 'move_card'])
    await router.push('/settings')
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['list_cards', 'set_compact_cards'])
    await router.push('/')
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['add_card', 'list_cards', 'move_card'])
  })

  it('navigate lists the titled routes by name and opens one; the page\'s tools follow', async () => {
    const { router, wrapper } = await mountApp()
    const navigate = (await modelContext.getTools()).find(t => t.name === 'navigate')!
    expect(JSON.parse(JSON.stringify(navigate.inputSchema))).toEqual({
      type: 'object',
      properties: { page: { type: 'string', enum: ['board', 'settings'] } },
      required: ['page'],
    })
    expect(navigate.description).toContain('settings (Display settings)')

    const result = await call('navigate', { page: 'settings' })
    expect(result.isError).toBeUndefined()
    expect(JSON.parse(result.content[0]!.text)).toEqual({ page: 'settings', path: '/settings' })
    expect(router.currentRoute.value.name).toBe('settings')
    await flushPromises()
    expect(wrapper.text()).toContain('Compact cards')
    expect(modelContext.toolNames).toContain('set_compact_cards')
  })

  it('navigate refuses a page that is not a titled route, and checks each call against the routes as they are then', async () => {
    const { router } = await mountApp()
    const refused = await call('navigate', { page: 'admin' })
    expect(refused.isError).toBe(true)
    expect(refused.content[0]!.text).toContain('must be one of')

    router.addRoute({ path: '/archive', name: 'archive', component: { render: () => 'Archived cards' }, meta: { title: 'Archived cards' } })
    expect(JSON.parse((await call('navigate', { page: 'archive' })).content[0]!.text)).toEqual({ page: 'archive', path: '/archive' })
  })

  it('a tool in the route it navigates away from is cancelled with its page: why navigate lives in App.vue', async () => {
    const { router } = await mountApp()
    const tool = (await modelContext.getTools()).find(t => t.name === 'add_card')!
    // The page leaves while add_card runs: its component unmounts, and the call ends with it.
    const board = useBoardStore()
    const addCard = board.addCard
    board.addCard = (...args) => {
      void router.push('/settings')
      return new Promise(resolve => setTimeout(resolve, 50, addCard(...args))) as never
    }
    const result = JSON.parse(await modelContext.executeTool(tool, { title: 'Milk' }) ?? 'null')
    expect(result.isError).toBe(true)
    expect(result._meta['vue-webmcp/code']).toBe('ABORTED')
  })
})

describe('tools beside a Pinia store', () => {
  it('an agent adds and moves cards through the board\'s tools, and the page shows them', async () => {
    const { wrapper } = await mountApp()
    expect(JSON.parse((await call('add_card', { title: 'Milk' })).content[0]!.text)).toEqual({ id: 1, title: 'Milk', column: 'todo' })
    await call('move_card', { id: 1, column: 'done' })
    expect(JSON.parse((await call('list_cards')).content[0]!.text)).toEqual({ cards: [{ id: 1, title: 'Milk', column: 'done' }] })
    await flushPromises()
    expect(wrapper.find('section[aria-label="done"]').text()).toContain('Milk')

    const missing = await call('move_card', { id: 7, column: 'done' })
    expect(missing.isError).toBe(true)
    expect(missing.content[0]!.text).toContain('There is no card 7')
  })

  it('the store\'s tool belongs to the store: there from its first use, through unmounts, until $dispose()', async () => {
    setActivePinia(createPinia())
    const store = useBoardStore()
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['list_cards'])

    const wrapper = mount(BoardView)
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['add_card', 'list_cards', 'move_card'])
    wrapper.unmount()
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['list_cards'])

    store.$dispose()
    await flushPromises()
    expect(modelContext.toolNames).toEqual([])
  })

  it('disposing of the Pinia ends its stores, and their tools with them', async () => {
    const pinia = createPinia()
    useBoardStore(pinia)
    await flushPromises()
    expect(modelContext.toolNames).toEqual(['list_cards'])
    disposePinia(pinia)
    await flushPromises()
    expect(modelContext.toolNames).toEqual([])
  })
})
