// WEBMCP_CONFIG in both lanes: budgets, hooks, and where the config reaches.
import type { WebMCPConfig, WebMCPToolResultEvent } from '../../src'
import { createPinia, defineStore } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import { createApp, defineComponent, effectScope, h, nextTick, ref } from 'vue'
import { provideWebMCPConfig, useWebMCPTool, WEBMCP_CONFIG, WebMCPDefinitionError } from '../../src'
import { until, withSetup } from '../helpers'
import { callTool, lane, laneSuite, listedNames, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const callByName = (name: string, args: object = {}) => callTool(mc, name, args)

function mountWithConfig<T>(config: WebMCPConfig, setup: () => T) {
  const mounted = withSetup(setup, { provide: { [WEBMCP_CONFIG]: config } })
  cleanups.push(mounted.unmount)
  return mounted.result
}

describe(`WEBMCP_CONFIG (${lane})`, () => {
  it('\'warn\' logs one warning per offending field, naming the tool, the field, the length and the limit', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = `${uniqueName('w')}_${'n'.repeat(20)}`
    const schema = { type: 'object', properties: { [`p${'x'.repeat(30)}`]: { type: 'string', description: 'd'.repeat(151) } } }
    const state = mountWithConfig({ budgets: 'warn' }, () => useWebMCPTool({ name, description: 'D'.repeat(501), inputSchema: schema, execute: () => '' }))
    const messages = warn.mock.calls.map(c => String(c[0]))
    expect(messages).toHaveLength(4)
    expect(messages[0]).toContain(`Tool "${name}": the name is ${name.length} characters, over Chrome's budget of 30.`)
    expect(messages.join('\n')).toContain('the description is 501 characters, over Chrome\'s budget of 500')
    expect(messages.join('\n')).toContain('over Chrome\'s budget of 150')
    // Still registered: warnings do not block.
    return until(() => state.isRegistered.value)
  })

  it('\'error\' throws at setup for an over-budget initial definition in a dev/test build', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const registered = effectScope()
    cleanups.push(() => registered.stop())
    expect(() => registered.run(() => useWebMCPTool({ name: 'n'.repeat(31), description: 'd', execute: () => '' })))
      .not
      .toThrow() // no config: the dev default is 'warn'
    expect(warn).toHaveBeenCalledOnce()
    const scope = effectScope()
    const app = createApp({ render: () => null })
    app.provide(WEBMCP_CONFIG, { budgets: 'error' })
    expect(() => app.runWithContext(() => scope.run(() => useWebMCPTool({ name: 'n'.repeat(31), description: 'd', execute: () => '' }))))
      .toThrow(WebMCPDefinitionError)
    scope.stop()
  })

  it('\'error\' keeps a later over-budget change unregistered, with error set, until it is back within budget', async () => {
    const description = ref('fine')
    const name = uniqueName('e')
    const state = mountWithConfig({ budgets: 'error' }, () => useWebMCPTool({ name, description, execute: () => '' }))
    await until(() => state.isRegistered.value)
    description.value = 'x'.repeat(600)
    await nextTick()
    expect(state.error.value).toBeInstanceOf(WebMCPDefinitionError)
    expect(state.error.value!.message).toContain('600 characters')
    expect(state.isRegistered.value).toBe(false)
    await until(async () => !(await listedNames(mc)).includes(name))
    description.value = 'fine again'
    await nextTick()
    await until(() => state.isRegistered.value)
    expect(state.error.value).toBeNull()
  })

  it('\'error\' turns an oversized structured result into isError with the sizes, and cuts oversized text', async () => {
    const list = uniqueName('list')
    const text = uniqueName('text')
    const state = mountWithConfig({ budgets: 'error', limits: { result: 200 } }, () => [
      useWebMCPTool({ name: list, description: 'd', execute: () => Array.from({ length: 40 }, (_, i) => ({ id: i })) }),
      useWebMCPTool({ name: text, description: 'd', execute: () => 'word '.repeat(200) }),
    ])
    await until(() => state.every(s => s.isRegistered.value))
    const refused = await callByName(list)
    expect(refused.isError).toBe(true)
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'OUTPUT_TOO_LARGE' })
    expect(textOf(refused)).toMatch(/The result is \d+ characters, over this tool's limit of 200 characters\. Ask for less/)
    const cut = await callByName(text)
    expect(cut.isError).toBeUndefined()
    expect(textOf(cut)).toContain('[truncated: showed')
  })

  it('false skips every check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName(`f${'n'.repeat(30)}`)
    const state = mountWithConfig({ budgets: false }, () => useWebMCPTool({ name, description: 'd', execute: () => 'x'.repeat(5000) }))
    await until(() => state.isRegistered.value)
    expect(textOf(await callByName(name))).toHaveLength(5000)
    expect(warn).not.toHaveBeenCalled()
  })

  it('hooks see every call, with arguments only when includeArgs is set, and a throwing hook breaks nothing', async () => {
    const events: WebMCPToolResultEvent[] = []
    const onToolCall = vi.fn(() => { throw new Error('analytics is down') })
    const name = uniqueName('h')
    const state = mountWithConfig({ onToolCall, onToolResult: e => events.push(e) }, () => useWebMCPTool({ name, description: 'd', execute: ({ n }) => (n as number) * 2 }))
    await until(() => state.isRegistered.value)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(textOf(await callByName(name, { n: 21 }))).toBe('42')
    expect(consoleError).toHaveBeenCalledOnce()
    expect(onToolCall).toHaveBeenCalledWith({ name, source: 'tool', caller: 'agent' })
    expect(events[0]).toMatchObject({ name, source: 'tool', caller: 'agent', ok: true, response: { content: [{ type: 'text', text: '42' }] } })
    expect(events[0]).not.toHaveProperty('args')

    const withArgs: WebMCPToolResultEvent[] = []
    const second = uniqueName('h2')
    const s2 = mountWithConfig({ includeArgs: true, onToolResult: e => withArgs.push(e) }, () => useWebMCPTool({ name: second, description: 'd', execute: () => { throw new Error('nope') } }))
    await until(() => s2.isRegistered.value)
    await callByName(second, { secret: 'x' })
    expect(withArgs[0]).toMatchObject({ ok: false, code: 'TOOL_ERROR', args: { secret: 'x' } })
    expect((withArgs[0]!.error as Error).message).toBe('nope')
  })

  it('app.provide reaches a tool set up in a Pinia store', async () => {
    const results: WebMCPToolResultEvent[] = []
    const name = uniqueName('store')
    const useBoard = defineStore(`board-${name}`, () => {
      const tasks = ref<string[]>([])
      const tool = useWebMCPTool({ name, description: 'Lists tasks', execute: () => tasks.value })
      return { tasks, tool }
    })
    const app = createApp(defineComponent({ setup: () => { useBoard(); return () => h('div') } }))
    app.use(createPinia())
    app.provide(WEBMCP_CONFIG, { onToolResult: e => results.push(e) })
    const root = document.createElement('div')
    document.body.append(root)
    app.mount(root)
    const board = useBoard(app.config.globalProperties.$pinia)
    // A store outlives the app's components: its own $dispose() ends its tool.
    cleanups.push(() => { app.unmount(); root.remove(); board.$dispose() })
    // Pinia unwraps the refs a store returns.
    await until(() => board.tool.isRegistered)
    board.tasks.push('milk')
    expect(textOf(await callByName(name))).toBe('["milk"]')
    expect(results.map(r => r.name)).toEqual([name])
  })

  it('provideWebMCPConfig reaches its subtree only', async () => {
    const inside: string[] = []
    const [a, b] = [uniqueName('in'), uniqueName('out')]
    const Child = defineComponent({ setup() { useWebMCPTool({ name: a, description: 'd', execute: () => '' }); return () => null } })
    const Parent = defineComponent({ setup() { provideWebMCPConfig({ onToolResult: e => inside.push(e.name) }); return () => h(Child) } })
    const root = document.createElement('div')
    document.body.append(root)
    const app = createApp(defineComponent({ setup: () => () => h(Parent) }))
    app.mount(root)
    const outside = withSetup(() => useWebMCPTool({ name: b, description: 'd', execute: () => '' }))
    cleanups.push(() => { app.unmount(); root.remove(); outside.unmount() })
    await until(async () => (await mc.getTools()).filter(t => t.name === a || t.name === b).length === 2)
    await callByName(a)
    await callByName(b)
    expect(inside).toEqual([a])
  })
})
