// The debugging tools for coding agents (`WEBMCP_CONFIG.debugTools: true`,
// development builds): registered once per app with `debugging: true`, they
// answer from the same state Vue DevTools shows, within the result budget.
import type { App, Component } from 'vue'
import type { WebMCPToolResponse } from '../../../src'
import type { InMemoryModelContext } from '../../../src/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp, defineComponent, h } from 'vue'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools, WEBMCP_CONFIG } from '../../../src'
import { paginate } from '../../../src/devtools/debugTools'
import { recentCalls } from '../../../src/devtools/observer'
import { resultSize } from '../../../src/results'
import { install, uninstall } from '../../../src/testing'
import { countRegistrations, until } from '../../helpers'
import { callTool, textOf } from '../../lane'

type Any = any

const DEBUG = ['webmcp_debug_calls', 'webmcp_debug_tool', 'webmcp_debug_tools']
let mc: InMemoryModelContext
const apps: App[] = []

function mountApp(root: Component, config: object = { debugTools: true }): App {
  const app = createApp(root)
  app.provide(WEBMCP_CONFIG, config)
  const el = document.createElement('div')
  document.body.append(el)
  app.mount(el)
  apps.push(app)
  return app
}

async function call(name: string, args: object = {}): Promise<{ text: string, isError?: boolean, code?: unknown }> {
  const response = await callTool(mc, name, args)
  return { text: response.content.length ? textOf(response) : '', isError: response.isError, code: response._meta?.['vue-webmcp/code'] }
}

async function json(name: string, args: object = {}): Promise<Any> {
  const { text, isError } = await call(name, args)
  expect(isError).toBeFalsy()
  expect(text.length).toBeLessThanOrEqual(1500)
  return JSON.parse(text)
}

const Cart = defineComponent({
  name: 'Cart',
  setup() {
    useWebMCPTools([
      { name: 'add_item', description: 'Adds an item.', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, execute: ({ id }: { id: string }) => `added ${id}` },
      { name: 'checkout', description: 'Checks out.', enabled: false, execute: () => 'ok' },
    ])
    return () => h('div')
  },
})

beforeEach(() => {
  mc = install()
})
afterEach(() => {
  apps.splice(0).forEach(app => app.unmount())
  uninstall()
  recentCalls.length = 0
})

describe('debugging tools', () => {
  it('are registered once per app, read-only and marked debugging, with debugTools: true', async () => {
    const Twice = defineComponent({ setup: () => () => h('div', [h(Cart), h(Cart)]) })
    mountApp(Twice)
    await until(() => DEBUG.every(name => mc.toolNames.includes(name)))
    const tools = await mc.getTools()
    for (const name of DEBUG)
      expect(tools.find(t => t.name === name)!.annotations).toMatchObject({ debugging: true, readOnlyHint: true })
    expect(mc.toolNames.filter(n => n.startsWith('webmcp_debug'))).toHaveLength(3)
  })

  it('are not registered without debugTools: true', async () => {
    const registrations = countRegistrations(mc)
    mountApp(Cart, {})
    await until(() => mc.toolNames.includes('add_item'))
    // The debugging tools register synchronously with an app's first tool: the count is final.
    registrations.stop()
    expect(registrations.names).toEqual(['add_item'])
    expect(mc.toolNames).toEqual(['add_item'])
  })

  it('go away when the app unmounts', async () => {
    const app = mountApp(Cart)
    await until(() => mc.toolNames.includes('webmcp_debug_tools'))
    app.unmount()
    apps.splice(0)
    expect(mc.toolNames).toEqual([])
  })

  it('list the app\'s tools with owner and state, and recent calls with their codes', async () => {
    mountApp(Cart)
    await until(() => mc.toolNames.includes('webmcp_debug_tools'))
    expect(await json('webmcp_debug_tools')).toEqual({
      tools: [
        { name: 'add_item', owner: '<Cart>', enabled: true, registered: true, calls: 0 },
        { name: 'checkout', owner: '<Cart>', enabled: false, registered: false, calls: 0 },
      ],
      page: 1,
      pages: 1,
      total: 2,
    })
    await call('add_item', { id: 'a1' })
    await call('add_item', {})
    const { calls } = await json('webmcp_debug_calls')
    expect(calls.map((c: Any) => [c.tool, c.caller, c.ok, c.code])).toEqual([
      ['add_item', 'agent', false, 'INVALID_ARGS'],
      ['add_item', 'agent', true, 'OK'],
    ])
    expect(calls[1].textLength).toBe('added a1'.length)
    expect((await json('webmcp_debug_tools', { name: 'add' })).tools).toEqual([
      { name: 'add_item', owner: '<Cart>', enabled: true, registered: true, calls: 2, last: 'INVALID_ARGS' },
    ])
    const detail = await json('webmcp_debug_tool', { name: 'add_item' })
    expect(detail).toMatchObject({ name: 'add_item', description: 'Adds an item.', budgets: { name: '8/30', description: '13/500', result: 1500, problems: [] } })
    expect(detail.recentCalls).toHaveLength(2)
    const missing = await call('webmcp_debug_tool', { name: 'nope' })
    expect(missing).toMatchObject({ isError: true, code: 'TOOL_ERROR' })
    expect(missing.text).toContain('No tool named "nope"')
  })

  it('paginate within the result budget', async () => {
    const Many = defineComponent({
      name: 'Many',
      setup() {
        for (let i = 0; i < 60; i++)
          useWebMCPTool({ name: `tool_number_${String(i).padStart(2, '0')}_${'x'.repeat(40)}`, description: 'd', execute: () => '' })
        return () => null
      },
    })
    mountApp(Many, { debugTools: true, budgets: false })
    await until(() => mc.toolNames.includes('webmcp_debug_tools'))
    const first = await json('webmcp_debug_tools')
    expect(first.total).toBe(60)
    expect(first.pages).toBeGreaterThan(1)
    const seen: string[] = []
    for (let page = 1; page <= first.pages; page++)
      seen.push(...(await json('webmcp_debug_tools', { page })).tools.map((t: Any) => t.name))
    expect(seen).toHaveLength(60)
    expect(new Set(seen).size).toBe(60)
  })

  it('cut a long definition to the budget, saying so', async () => {
    const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string', description: 'a parameter'.repeat(3) }]))
    mountApp(defineComponent({
      setup() {
        useWebMCPTool({ name: 'big', description: 'd'.repeat(400), inputSchema: { type: 'object', properties }, execute: () => '' })
        return () => null
      },
    }), { debugTools: true, budgets: false })
    await until(() => mc.toolNames.includes('webmcp_debug_tool'))
    const detail = await json('webmcp_debug_tool', { name: 'big' })
    expect(detail.inputSchema).toMatch(/^\(cut: \d+ characters/)
    expect(detail.description).toBe('d'.repeat(400))
  })
})

describe('debugging tools within the result budget as sent', () => {
  const Forty = defineComponent({
    name: 'Forty',
    setup() {
      // Quotes and backslashes cost two characters each once the JSON answer is a text block.
      for (let i = 0; i < 40; i++)
        useWebMCPTool({ name: `tool_${String(i).padStart(2, '0')}`, description: 'Says "hi" \\ back.', execute: () => '' })
      return () => null
    },
  })

  /** Every page of webmcp_debug_tools, and one tool's detail, as the agent receives them. */
  async function answers(): Promise<WebMCPToolResponse[]> {
    const first = await callTool(mc, 'webmcp_debug_tools')
    const out = [first, await callTool(mc, 'webmcp_debug_tool', { name: 'tool_07' }), await callTool(mc, 'webmcp_debug_calls')]
    const pages = /"pages":(\d+)/.exec(textOf(first))?.[1]
    for (let page = 2; page <= Number(pages ?? 1); page++)
      out.push(await callTool(mc, 'webmcp_debug_tools', { page }))
    return out
  }

  for (const budgets of [false, 'warn', 'error'] as const) {
    for (const [result, applied] of [[undefined, 1500], [Number.NaN, 1500], [-1, 1500], [400, 400], [12, 12]] as const) {
      it(`budgets ${budgets}, limits.result ${result}: every answer fits ${applied}, whole, and the package warns about none`, async () => {
        const warnings: string[] = []
        mountApp(Forty, { debugTools: true, budgets, limits: { result }, warn: (m: string) => warnings.push(m) })
        await until(() => mc.toolNames.includes('webmcp_debug_calls') && mc.toolNames.includes('tool_39'))
        await callTool(mc, 'tool_01')
        for (const response of await answers()) {
          expect(response.isError).toBeFalsy()
          expect(resultSize(response)).toBeLessThanOrEqual(applied)
          // Whole: nothing cut by the call path's own budget.
          expect(textOf(response)).not.toContain('[truncated')
          if (applied >= 400)
            expect(() => JSON.parse(textOf(response))).not.toThrow()
        }
        expect(warnings.filter(m => m.includes('webmcp_debug'))).toEqual([])
      })
    }
  }

  it('the 40 tools, at Chrome\'s budget, are all listed across the pages', async () => {
    mountApp(Forty, { debugTools: true, budgets: 'error' })
    await until(() => mc.toolNames.includes('webmcp_debug_tools') && mc.toolNames.includes('tool_39'))
    const first = JSON.parse(textOf(await callTool(mc, 'webmcp_debug_tools')))
    const names: string[] = []
    for (let page = 1; page <= first.pages; page++)
      names.push(...JSON.parse(textOf(await callTool(mc, 'webmcp_debug_tools', { page }))).tools.map((t: Any) => t.name))
    expect(names).toEqual(Array.from({ length: 40 }, (_, i) => `tool_${String(i).padStart(2, '0')}`))
  })
})

describe('paginate', () => {
  it('fills each page as far as the limit allows, and clamps the page number', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ n: i, pad: 'y'.repeat(50) }))
    const pages = JSON.parse(paginate('items', items, 1, 300)).pages
    let total = 0
    for (let p = 1; p <= pages; p++) {
      const text = paginate('items', items, p, 300)
      expect(text.length).toBeLessThanOrEqual(300)
      total += JSON.parse(text).items.length
    }
    expect(total).toBe(30)
    expect(JSON.parse(paginate('items', items, 999, 300)).page).toBe(pages)
    expect(JSON.parse(paginate('items', [], 1, 300))).toEqual({ items: [], page: 1, pages: 1, total: 0 })
  })

  it('webmcp_debug_calls lists the calls waiting for the person (waiting: true), then their decision', async () => {
    let confirmations!: ReturnType<typeof useWebMCPConfirmations>
    const Pay = defineComponent({
      setup() {
        confirmations = useWebMCPConfirmations()
        useWebMCPTools([
          { name: 'pay_bill', description: 'Pays a bill.', annotations: { consequentialHint: true }, execute: () => 'paid' },
          { name: 'list_bills', description: 'Lists bills.', execute: () => [] },
        ])
        return () => h('div')
      },
    })
    mountApp(Pay)
    await until(() => DEBUG.every(name => mc.toolNames.includes(name)) && mc.toolNames.includes('pay_bill'))
    await call('list_bills')
    const pending = call('pay_bill')
    await until(() => confirmations.current.value)
    const waiting = await json('webmcp_debug_calls', { waiting: true })
    expect(waiting.calls).toHaveLength(1)
    expect(waiting.calls[0]).toMatchObject({ tool: 'pay_bill', caller: 'agent', waiting: true })
    expect((await json('webmcp_debug_tools', { name: 'pay_bill' })).tools[0].last).toBe('waiting')
    confirmations.approve()
    expect((await pending).text).toBe('paid')
    expect((await json('webmcp_debug_calls', { waiting: true })).calls).toEqual([])
    const [latest] = (await json('webmcp_debug_calls', { tool: 'pay_bill' })).calls
    expect(latest).toMatchObject({ ok: true, code: 'OK', confirmation: 'approved' })
  })

  it('webmcp_debug_tools marks a tool whose calls the person approved for the page, and webmcp_debug_calls a call that ran unasked', async () => {
    let confirmations!: ReturnType<typeof useWebMCPConfirmations>
    const Pay = defineComponent({
      setup() {
        confirmations = useWebMCPConfirmations()
        useWebMCPTool({ name: 'pay_rent', description: 'Pays the rent.', annotations: { consequentialHint: true, destructiveHint: false }, execute: () => 'paid' })
        return () => h('div')
      },
    })
    mountApp(Pay)
    await until(() => DEBUG.every(name => mc.toolNames.includes(name)) && mc.toolNames.includes('pay_rent'))
    expect((await json('webmcp_debug_tools', { name: 'pay_rent' })).tools[0]).not.toHaveProperty('approvalRemembered')
    const pending = call('pay_rent')
    await until(() => confirmations.current.value)
    confirmations.approve(undefined, { remember: true })
    await pending
    await call('pay_rent')
    expect((await json('webmcp_debug_tools', { name: 'pay_rent' })).tools[0]).toMatchObject({ approvalRemembered: true })
    const calls = (await json('webmcp_debug_calls', { tool: 'pay_rent' })).calls
    expect(calls.map((c: Any) => c.confirmation)).toEqual(['remembered', 'approved'])
    confirmations.forget('pay_rent')
    expect((await json('webmcp_debug_tools', { name: 'pay_rent' })).tools[0]).not.toHaveProperty('approvalRemembered')
  })
})
