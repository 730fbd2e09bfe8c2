// The Vue DevTools plugin against a recording fake of the DevTools hook: the
// `devtools-plugin:setup` emit that @vue/devtools-api sends when Vue DevTools
// is on the page, answered with a fake plugin API that records what the
// plugin does and lets the test ask for the inspector tree and state.
import type { App, Component } from 'vue'
import type { InMemoryModelContext } from '../../../src/testing'
import process from 'node:process'
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp, defineComponent, effectScope, h, nextTick, ref } from 'vue'
import { useWebMCPConfirmations, useWebMCPForm, useWebMCPTool, useWebMCPTools, WEBMCP_CONFIG } from '../../../src'
import { observedTools, recentCalls } from '../../../src/devtools/observer'
import { INSPECTOR_ID, TIMELINE_LAYER_ID } from '../../../src/devtools/plugin'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'
import { callTool } from '../../lane'

type Any = any

interface Setup { descriptor: Any, api: FakeApi }
interface FakeApi {
  inspectors: Any[]
  layers: Any[]
  events: Any[]
  sends: number
  handlers: Record<string, ((payload: Any) => void)[]>
}

let setups: Setup[] = []
let mc: InMemoryModelContext
const apps: App[] = []

function fakeApi(): FakeApi & Any {
  const handlers: Record<string, ((payload: Any) => void)[]> = {}
  const api = {
    inspectors: [] as Any[],
    layers: [] as Any[],
    events: [] as Any[],
    sends: 0,
    handlers,
    on: new Proxy({}, { get: (_, name: string) => (handler: Any) => (handlers[name] ??= []).push(handler) }),
    addInspector: (options: Any) => api.inspectors.push(options),
    addTimelineLayer: (options: Any) => api.layers.push(options),
    addTimelineEvent: (options: Any) => api.events.push(options),
    sendInspectorTree: () => api.sends++,
    sendInspectorState: () => {},
    now: () => Date.now(),
  }
  return api
}

/** Installs the recording hook Vue DevTools would put on the page. */
function installHook() {
  const target = window as Any
  target.__VUE_DEVTOOLS_PLUGIN_API_AVAILABLE__ = true
  target.__VUE_DEVTOOLS_GLOBAL_HOOK__ = {
    emit(event: string, descriptor: Any, setupFn: (api: Any) => void) {
      if (event !== 'devtools-plugin:setup')
        return
      const api = fakeApi()
      setups.push({ descriptor, api })
      setupFn(api)
    },
    on() {},
    once() {},
    off() {},
  }
}

function removeHook() {
  const target = window as Any
  delete target.__VUE_DEVTOOLS_GLOBAL_HOOK__
  delete target.__VUE_DEVTOOLS_PLUGIN_API_AVAILABLE__
  delete target.__VUE_DEVTOOLS_PLUGINS__
}

function mountApp(root: Component, config?: object): App {
  const app = createApp(root)
  if (config)
    app.provide(WEBMCP_CONFIG, config)
  const el = document.createElement('div')
  document.body.append(el)
  app.mount(el)
  apps.push(app)
  return app
}

function setupOf(app: App): Setup {
  const found = setups.filter(s => s.descriptor.app === app)
  expect(found).toHaveLength(1)
  return found[0]!
}

function ask(setup: Setup, hook: string, payload: Any): Any {
  for (const handler of setup.api.handlers[hook] ?? [])
    handler(payload)
  return payload
}

function tree(app: App, filter = ''): Any[] {
  return ask(setupOf(app), 'getInspectorTree', { app, inspectorId: INSPECTOR_ID, filter, rootNodes: [] }).rootNodes
}

function state(app: App, nodeId: string): Any {
  return ask(setupOf(app), 'getInspectorState', { app, inspectorId: INSPECTOR_ID, nodeId, state: {} }).state
}

function toolNode(app: App, name: string): Any {
  return tree(app).flatMap((group: Any) => group.children).find((node: Any) => node.label === name)
}

/** Waits for `n` registrations to settle, as the timeline reports them. */
async function registered(app: App, n: number) {
  await until(() => setupOf(app).api.events.filter((e: Any) => e.event.title.startsWith('registered: ')).length >= n)
}

const call = (name: string, args: object = {}) => callTool(mc, name, args)

const TodoList = defineComponent({
  name: 'TodoList',
  setup() {
    const todos = ref<string[]>([])
    useWebMCPTools([
      {
        name: 'add_todo',
        title: 'Add a todo',
        description: 'Adds a todo to the list.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        annotations: { readOnlyHint: false },
        execute: ({ text }: { text: string }) => {
          todos.value.push(text)
          return { count: todos.value.length }
        },
      },
      { name: 'clear_todos', description: 'Clears the list.', enabled: false, execute: () => 'cleared' },
      { name: 'broken_todo', description: 'Always fails.', execute: () => { throw new Error('no luck') } },
    ])
    return () => h('ul')
  },
})

beforeEach(() => {
  setups = []
  mc = install()
  installHook()
})
afterEach(() => {
  apps.splice(0).forEach(app => app.unmount())
  removeHook()
  uninstall()
  recentCalls.length = 0
})

describe('Vue DevTools plugin', () => {
  it('sets up once per app, with the "WebMCP" inspector and timeline layer', async () => {
    const Two = defineComponent({
      setup() {
        useWebMCPTool({ name: 'one', description: 'd', execute: () => '' })
        return () => h('div', [h(TodoList), h(TodoList)])
      },
    })
    const first = mountApp(Two)
    const second = mountApp(TodoList)
    expect(setups).toHaveLength(2)
    const setup = setupOf(first)
    expect(setupOf(second)).not.toBe(setup)
    expect(setup.descriptor).toMatchObject({ id: 'vue-webmcp', label: 'WebMCP', packageName: 'vue-webmcp' })
    expect(setup.api.inspectors).toEqual([expect.objectContaining({ id: 'webmcp', label: 'WebMCP' })])
    expect(setup.api.layers).toEqual([expect.objectContaining({ id: 'webmcp', label: 'WebMCP' })])
  })

  it('is not set up when Vue DevTools is not on the page', () => {
    removeHook()
    mountApp(TodoList)
    expect(setups).toEqual([])
    expect((window as Any).__VUE_DEVTOOLS_PLUGINS__).toBeUndefined()
  })

  it('shows the mounted tools grouped by owner, with definition, state and budgets', async () => {
    const app = mountApp(TodoList)
    await registered(app, 2)
    const nodes = tree(app)
    expect(nodes).toHaveLength(1)
    expect(nodes[0].label).toBe('<TodoList>')
    expect(nodes[0].children.map((n: Any) => n.label)).toEqual(['add_todo', 'clear_todos', 'broken_todo'])
    expect(toolNode(app, 'clear_todos').tags.map((t: Any) => t.label)).toEqual(['disabled'])
    // The title shows beside the name, as user-agent UI shows it.
    expect(toolNode(app, 'add_todo').tags.map((t: Any) => t.label)).toEqual(['Add a todo'])

    const add = state(app, toolNode(app, 'add_todo').id)
    const entries = (section: string) => Object.fromEntries(add[section].map((e: Any) => [e.key, e.value]))
    expect(entries('definition')).toMatchObject({
      name: 'add_todo',
      title: 'Add a todo',
      description: 'Adds a todo to the list.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      outputSchema: null,
      annotations: { readOnlyHint: false },
    })
    expect(entries('state')).toMatchObject({ owner: '<TodoList>', enabled: true, registered: true, error: null })
    expect(entries('budgets')).toMatchObject({ name: '8 / 30', description: '24 / 500', problems: [] })
    // The filter matches names, titles and owners.
    expect(tree(app, 'clear')[0].children.map((n: Any) => n.label)).toEqual(['clear_todos'])
    expect(tree(app, 'a todo')[0].children.map((n: Any) => n.label)).toEqual(['add_todo'])
  })

  it('tags consequentialHint and debugging tools', async () => {
    const app = mountApp(defineComponent({
      setup() {
        useWebMCPTools([
          { name: 'pay', description: 'Pays.', annotations: { consequentialHint: true }, execute: () => '' },
          { name: 'inspect', description: 'Dev only.', annotations: { debugging: true }, execute: () => '' },
        ])
        return () => h('div')
      },
    }))
    await registered(app, 2)
    expect(toolNode(app, 'pay').tags.map((t: Any) => t.label)).toEqual(['consequential'])
    expect(toolNode(app, 'inspect').tags.map((t: Any) => t.label)).toEqual(['debugging'])
  })

  it('shows a registration error as it lands in the error ref', async () => {
    mc.registerTool({ name: 'taken', description: 'd', execute: () => '' })
    const app = mountApp(defineComponent({
      name: 'Dup',
      setup() {
        useWebMCPTool({ name: 'taken', description: 'd', execute: () => '' })
        return () => null
      },
    }))
    await until(() => toolNode(app, 'taken').tags.some((t: Any) => t.label === 'error'))
    const entries = Object.fromEntries(state(app, toolNode(app, 'taken').id).state.map((e: Any) => [e.key, e.value]))
    expect(entries.error).toMatch(/^InvalidStateError/)
    const failed = setupOf(app).api.events.find((e: Any) => e.event.title === 'failed: taken')
    expect(failed.event.logType).toBe('error')
  })

  it('adds a timeline event per call, with caller, duration, code, result size and arguments', async () => {
    const app = mountApp(TodoList)
    await registered(app, 2)
    const { api } = setupOf(app)
    const registrations = api.events.filter((e: Any) => e.event.title.startsWith('registered: '))
    expect(registrations.map((e: Any) => e.event.title).sort()).toEqual(['registered: add_todo', 'registered: broken_todo'])

    await call('add_todo', { text: 'milk' })
    await call('broken_todo')
    const calls = api.events.filter((e: Any) => e.event.data.caller)
    expect(calls).toHaveLength(2)
    expect(calls.every((e: Any) => e.layerId === TIMELINE_LAYER_ID)).toBe(true)
    expect(calls[0].event).toMatchObject({ title: 'add_todo', logType: 'default', data: { tool: 'add_todo', caller: 'agent', ok: true, code: 'OK', textLength: 11, arguments: '{"text":"milk"}' } })
    expect(calls[0].event.data.durationMs).toBeGreaterThanOrEqual(0)
    expect(calls[1].event).toMatchObject({ title: 'broken_todo', logType: 'error', data: { ok: false, code: 'TOOL_ERROR', error: '"Error: no luck"' } })
    // And the inspector's recent calls, newest first.
    const recent = state(app, toolNode(app, 'add_todo').id)['recent calls']
    expect(recent).toHaveLength(1)
    expect(recent[0].value).toMatchObject({ caller: 'agent', ok: true, code: 'OK' })
    expect(toolNode(app, 'broken_todo').tags.map((t: Any) => t.label)).toEqual(['TOOL_ERROR'])
  })

  it('shows a call waiting for the person on the timeline, then the decision', async () => {
    let confirmations!: ReturnType<typeof useWebMCPConfirmations>
    const Pay = defineComponent({
      name: 'Pay',
      setup() {
        confirmations = useWebMCPConfirmations()
        useWebMCPTool({ name: 'pay_bill', description: 'Pays a bill.', annotations: { consequentialHint: true }, execute: () => 'paid' })
        return () => h('div')
      },
    })
    const app = mountApp(Pay)
    await registered(app, 1)
    const { api } = setupOf(app)
    const pending = call('pay_bill', { amount: 3 })
    await until(() => confirmations.current.value)
    const waiting = api.events.filter((e: Any) => e.event.subtitle === 'waiting for the person')
    expect(waiting).toHaveLength(1)
    expect(waiting[0].event).toMatchObject({ title: 'pay_bill', logType: 'warning', data: { tool: 'pay_bill', running: true, confirmation: 'waiting', arguments: '{"amount":3}' } })
    expect(state(app, toolNode(app, 'pay_bill').id)['recent calls'][0].key).toMatch(/^#\d+ waiting$/)
    confirmations.decline()
    await pending
    const result = api.events.filter((e: Any) => e.event.title === 'pay_bill' && e.event.data.code)
    expect(result).toHaveLength(1)
    expect(result[0].event).toMatchObject({ logType: 'error', data: { code: 'DECLINED', confirmation: 'declined' } })
    expect(result[0].event.subtitle).toMatch(/^DECLINED \(declined, [\d.]+ ms\)$/)
  })

  it('shows an approval remembered for the page: a tag and the state, a call that ran unasked, and the tag gone at forget()', async () => {
    let confirmations!: ReturnType<typeof useWebMCPConfirmations>
    const Pay = defineComponent({
      name: 'Pay',
      setup() {
        confirmations = useWebMCPConfirmations()
        useWebMCPTool({ name: 'pay_bill', description: 'Pays a bill.', annotations: { consequentialHint: true, destructiveHint: false }, execute: () => 'paid' })
        return () => h('div')
      },
    })
    const app = mountApp(Pay)
    await registered(app, 1)
    const pending = call('pay_bill')
    await until(() => confirmations.current.value)
    confirmations.approve(undefined, { remember: true })
    await pending
    expect(toolNode(app, 'pay_bill').tags.map((t: Any) => t.label)).toEqual(['consequential', 'approved for this page'])
    expect(state(app, toolNode(app, 'pay_bill').id).state).toContainEqual({ key: 'approval remembered', value: true })
    await call('pay_bill')
    const { api } = setupOf(app)
    const results = api.events.filter((e: Any) => e.event.title === 'pay_bill' && e.event.data.code)
    expect(results.map((e: Any) => e.event.data.confirmation)).toEqual(['approved', 'remembered'])
    const sends = api.sends
    confirmations.forget()
    await until(() => api.sends > sends)
    expect(toolNode(app, 'pay_bill').tags.map((t: Any) => t.label)).toEqual(['consequential'])
  })

  it('keeps the app\'s own hooks as they were: arguments only with includeArgs', async () => {
    const seen: Any[] = []
    const app = mountApp(TodoList, { onToolCall: (e: Any) => seen.push(e), onToolResult: (e: Any) => seen.push(e) })
    await until(() => mc.toolNames.includes('add_todo'))
    await call('add_todo', { text: 'eggs' })
    expect(seen).toHaveLength(2)
    expect(seen.every(e => !('args' in e))).toBe(true)
    const data = setupOf(app).api.events.find((e: Any) => e.event.data.caller).event.data
    expect(data.arguments).toBe('{"text":"eggs"}')
  })

  it('removes a component\'s nodes when it unmounts, and says so on the timeline', async () => {
    const show = ref(true)
    const app = mountApp(defineComponent({
      setup() {
        useWebMCPTool({ name: 'stays', description: 'd', execute: () => '' })
        return () => h('div', show.value ? [h(TodoList)] : [])
      },
    }))
    await until(() => mc.toolNames.includes('add_todo'))
    expect(tree(app).map((n: Any) => n.label)).toEqual(['<Anonymous>', '<TodoList>'])
    const sends = setupOf(app).api.sends
    show.value = false
    await nextTick()
    expect(tree(app).map((n: Any) => n.label)).toEqual(['<Anonymous>'])
    expect(setupOf(app).api.events.map((e: Any) => e.event.title)).toContain('removed: add_todo')
    await until(() => setupOf(app).api.sends > sends)
  })

  it('groups tools of an effect scope apart from components, and lists forms', async () => {
    const app = mountApp(defineComponent({
      name: 'Checkout',
      setup() {
        const form = useWebMCPForm({ name: 'checkout', description: 'Checks out.', execute: () => 'done' })
        return () => h('form', form.attrs.value)
      },
    }))
    const scope = effectScope()
    app.runWithContext(() => scope.run(() => useWebMCPTool({ name: 'store_tool', description: 'd', execute: () => '' })))
    const labels = tree(app).map((n: Any) => n.label)
    expect(labels).toEqual(['<Checkout>', 'effect scope'])
    expect(toolNode(app, 'checkout').tags.map((t: Any) => t.label)).toContain('form')
    scope.stop()
    expect(tree(app).map((n: Any) => n.label)).toEqual(['<Checkout>'])
  })

  it('runs a tool from the inspector with edited JSON arguments, through the call pipeline', async () => {
    const app = mountApp(TodoList)
    await until(() => mc.toolNames.includes('add_todo'))
    const setup = setupOf(app)
    const id = toolNode(app, 'add_todo').id
    const run = setup.api.inspectors[0].nodeActions[0]
    ask(setup, 'editInspectorState', { app, inspectorId: INSPECTOR_ID, nodeId: id, path: ['arguments'], type: 'run', state: { value: '{"text":"tea"}' } })
    await run.action(id)
    const runState = Object.fromEntries(state(app, id).run.map((e: Any) => [e.key, e.value]))
    expect(runState.arguments).toBe('{"text":"tea"}')
    expect(runState['last run']).toMatchObject({ content: [{ type: 'text', text: '{"count":1}' }] })
    const event = setup.api.events.find((e: Any) => e.event.data.caller)
    expect(event.event.data).toMatchObject({ caller: 'Vue DevTools', ok: true, arguments: '{"text":"tea"}' })

    // Arguments that fail the schema get the agent's INVALID_ARGS answer; bad JSON never runs.
    ask(setup, 'editInspectorState', { app, inspectorId: INSPECTOR_ID, nodeId: id, path: ['arguments'], type: 'run', state: { value: '{}' } })
    await run.action(id)
    expect(state(app, id).run[1].value).toMatchObject({ isError: true, _meta: { 'vue-webmcp/code': 'INVALID_ARGS' } })
    ask(setup, 'editInspectorState', { app, inspectorId: INSPECTOR_ID, nodeId: id, path: ['arguments'], type: 'run', state: { value: '{nope' } })
    await run.action(id)
    expect(state(app, id).run[1].value).toMatch(/^Invalid JSON arguments/)
    expect(setup.api.events.filter((e: Any) => e.event.data.caller)).toHaveLength(2)
  })
})

describe('development memory and failures', () => {
  /** The heap in use after a full collection (V8's `gc`, switched on for this test). */
  function heapAfterGc(): number {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }

  it('call records and timeline events keep copies of at most 500 characters, never slices of the agent\'s arguments', async () => {
    const app = mountApp(defineComponent({
      setup() {
        useWebMCPTool({ name: 'take', description: 'Takes text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, execute: () => 'ok' })
        return () => null
      },
    }))
    await until(() => mc.toolNames.includes('take'))
    await call('take', { text: 'warm up' })
    const before = heapAfterGc()
    for (let i = 0; i < 20; i++)
      await call('take', { text: String(i).repeat(2_000_000) }) // 2 MB each, and no two alike
    const grown = heapAfterGc() - before
    expect(recentCalls.slice(-20).every(c => c.args!.length <= 500)).toBe(true)
    // The timeline's events hold the same copies: what Vue DevTools keeps per call is bounded too.
    const timeline = setupOf(app).api.events.filter((e: Any) => e.event.data.caller).map((e: Any) => e.event.data.arguments as string)
    expect(timeline).toHaveLength(21)
    expect(timeline.every(text => text.length <= 500)).toBe(true)
    // 40 MB of arguments went through; slices would keep all of it.
    expect(grown).toBeLessThan(5_000_000)
  })

  it('a thrown revoked Proxy, or an Error whose message getter throws, still reaches the app\'s onToolResult', async () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const sly = new Error('hidden')
    Object.defineProperty(sly, 'message', { get: () => { throw new Error('no message for you') } })
    const results: Any[] = []
    mountApp(defineComponent({
      setup() {
        useWebMCPTools([
          { name: 'throws_proxy', description: 'd', execute: () => { throw proxy } },
          { name: 'throws_sly', description: 'd', execute: () => { throw sly } },
        ])
        return () => null
      },
    }), { onToolResult: (e: Any) => results.push(e) })
    await until(() => mc.toolNames.includes('throws_sly') && mc.toolNames.includes('throws_proxy'))
    expect(await call('throws_proxy')).toMatchObject({ isError: true })
    expect(await call('throws_sly')).toMatchObject({ isError: true })
    expect(results.map(r => [r.name, r.ok])).toEqual([['throws_proxy', false], ['throws_sly', false]])
    expect(recentCalls.map(c => [c.tool, c.done, typeof c.error])).toEqual([['throws_proxy', true, 'string'], ['throws_sly', true, 'string']])
  })
})

describe('a part of the package that could not load', () => {
  it('is recorded with the part and the browser\'s own words, which the agent never reads', async () => {
    const { CodeLoadError } = await import('../../../src')
    const cause = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/formats-x1.js')
    mountApp(defineComponent({
      setup() {
        // The call path's own text (call/loading.ts), long enough for the records' cuts.
        useWebMCPTool({ name: 'dated', description: 'd', execute: () => { throw new CodeLoadError('the JSON Schema format checkers', 'Tool "dated" ran, but the code that checks its result could not be loaded. Its result was not sent. Reload the page before calling it, and call it again only if running it twice is safe.', { cause }) } })
        return () => null
      },
    }), { debugTools: true })
    await until(() => mc.toolNames.includes('dated'))
    const answer = await call('dated') as Any
    expect(answer._meta).toEqual({ 'vue-webmcp/code': 'INTERNAL' })
    expect(JSON.stringify(answer)).not.toContain('formats-x1')
    expect(recentCalls.at(-1)!.error).toMatch(/^"CodeLoadError: the JSON Schema format checkers \(Failed to fetch dynamically imported module: http:\/\/localhost\/assets\/formats-x1\.js\)\. Tool \\"dated\\" ran/)
    // The debugging tools' shorter cut keeps the part as well.
    const { calls } = JSON.parse((await call('webmcp_debug_calls') as Any).content[0].text)
    expect(calls.find((c: Any) => c.tool === 'dated').error).toMatch(/^"CodeLoadError: the JSON Schema format checkers \(Failed to fetch/)
  })
})

describe('an app\'s own error with a part field', () => {
  it('is recorded as its name and message: only a CodeLoadError names a part', async () => {
    const failure = Object.assign(new Error('The body is empty.'), { part: 'body' })
    mountApp(defineComponent({
      setup() {
        useWebMCPTool({ name: 'posts', description: 'd', execute: () => { throw failure } })
        return () => null
      },
    }))
    await until(() => mc.toolNames.includes('posts'))
    await call('posts')
    expect(recentCalls.at(-1)!.error).toBe('"Error: The body is empty."')
  })
})

describe('production build', () => {
  const before = process.env.NODE_ENV
  beforeEach(() => { process.env.NODE_ENV = 'production' })
  afterEach(() => { process.env.NODE_ENV = before })

  it('sets nothing up, observes nothing and registers no debugging tools, whatever the config says', async () => {
    const app = mountApp(TodoList, { debugTools: true })
    await until(() => mc.toolNames.length === 2)
    // The call has returned: its hooks and records, all synchronous with it, are done.
    await call('add_todo', { text: 'x' })
    expect(setups).toEqual([])
    expect([...observedTools]).toEqual([])
    expect(recentCalls).toEqual([])
    expect(mc.toolNames.sort()).toEqual(['add_todo', 'broken_todo'])
    app.unmount()
    apps.splice(apps.indexOf(app), 1)
  })
})
