// One call-time view of a tool, in every lane: the options a group shares
// (`validateArgs`, `timeoutMs`, `confirm`), changed after setup on the options
// object or through a ref, count from the next call; a JSON Schema changed in
// place checks calls against its current values; a remembered approval ends
// when what the person saw changes, a Standard Schema swapped for another with
// the same JSON Schema included.
import type { UseWebMCPToolsSharedOptions } from '../../src'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reactive, ref, shallowRef } from 'vue'
import { z } from 'zod'
import { useWebMCPConfirmations, useWebMCPTool, useWebMCPTools } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until, withSetup } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))
const mounted = mountingInto(cleanups)

/** Whether the browser lists tool `name` with an input schema that matches `pattern`: a changed schema has registered anew. */
async function listedWith(name: string, pattern: RegExp): Promise<boolean> {
  const listed: unknown = (await mc.getTools()).find(tool => tool.name === name)?.inputSchema
  return pattern.test(typeof listed === 'string' ? listed : JSON.stringify(listed) ?? '')
}

const QTY = { type: 'object', properties: { qty: { type: 'integer' } }, required: ['qty'] }

// Remembered approvals are page-wide: each test starts with none.
afterEach(() => {
  const confirmations = withSetup(() => useWebMCPConfirmations())
  confirmations.result.forget()
  confirmations.unmount()
})

/** A group of one tool with `shared` options; its name and `execute`. */
async function groupOfOne(shared: UseWebMCPToolsSharedOptions, execute: (args: any) => unknown = ({ qty }) => `ordered ${qty}`) {
  const name = uniqueName('order')
  const run = vi.fn(execute)
  const group = mounted(() => useWebMCPTools([{ name, description: 'Orders.', inputSchema: QTY, execute: run }], shared))
  await until(() => group.isRegistered.value)
  return { name, execute: run }
}

describe(`a group's options, read at call time (${lane})`, () => {
  it('confirm: true switched on after setup: the next call asks', async () => {
    const shared: UseWebMCPToolsSharedOptions = { confirm: false }
    const ask = vi.fn(() => false)
    const { name, execute } = await groupOfOne(shared)
    expect(textOf(await agentCall(mc, name, { qty: 1 }))).toBe('ordered 1')
    shared.confirm = { ask }
    const declined = await agentCall(mc, name, { qty: 2 })
    expect(declined._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(ask).toHaveBeenCalledOnce()
    expect(execute).toHaveBeenCalledOnce()
  })

  it('confirm as a ref: true asks through the page\'s dialog, false runs unasked', async () => {
    const confirm = ref(false)
    const confirmations = mounted(() => useWebMCPConfirmations())
    const { name } = await groupOfOne({ confirm })
    expect(textOf(await agentCall(mc, name, { qty: 1 }))).toBe('ordered 1')
    confirm.value = true
    const call = agentCall(mc, name, { qty: 2 })
    await until(() => confirmations.current.value)
    confirmations.decline()
    expect((await call)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
  })

  it('validateArgs: false set after setup: off-schema arguments run; a getter turns it back on', async () => {
    const shared: UseWebMCPToolsSharedOptions = {}
    const { name } = await groupOfOne(shared, ({ qty }) => `ordered ${String(qty)}`)
    expect((await agentCall(mc, name, { qty: 'ten' }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    shared.validateArgs = false
    expect(textOf(await agentCall(mc, name, { qty: 'ten' }))).toBe('ordered ten')
    const checking = ref(true)
    shared.validateArgs = () => checking.value
    expect((await agentCall(mc, name, { qty: 'ten' }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
  })

  it('timeoutMs: 60 set after setup: a call that would take 10 s times out', async () => {
    const shared = reactive<UseWebMCPToolsSharedOptions>({})
    const slow = () => new Promise(resolve => setTimeout(resolve, 10_000, 'done'))
    const { name } = await groupOfOne(shared, slow)
    shared.timeoutMs = 60
    const response = await agentCall(mc, name, { qty: 1 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
  })

  it('a tool\'s own timeoutMs as a ref wins over its group\'s, read at each call', async () => {
    const own = ref<number | undefined>(undefined)
    const name = uniqueName('slow')
    const group = mounted(() => useWebMCPTools([
      { name, description: 'Waits.', timeoutMs: own, execute: () => new Promise(resolve => setTimeout(resolve, 200, 'done')) },
    ], { timeoutMs: 50 }))
    await until(() => group.isRegistered.value)
    expect((await agentCall(mc, name))._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
    own.value = 5_000
    expect(textOf(await agentCall(mc, name))).toBe('done')
  })
})

describe(`a JSON Schema changed in place (${lane})`, () => {
  it('a reactive() schema whose maximum drops from 10 to 3 refuses 5 at the next call', async () => {
    const schema = reactive({ type: 'object', properties: { qty: { type: 'integer', maximum: 10 } }, required: ['qty'] })
    const name = uniqueName('order')
    const tool = mounted(() => useWebMCPTool({ name, description: 'Orders.', inputSchema: schema, execute: ({ qty }) => `ordered ${String(qty)}` }))
    await until(() => tool.isRegistered.value)
    expect(textOf(await agentCall(mc, name, { qty: 5 }))).toBe('ordered 5')
    schema.properties.qty.maximum = 3
    await until(() => listedWith(name, /maximum\W+3/))
    const refused = await agentCall(mc, name, { qty: 5 })
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(refused)).toContain('3')
    expect(textOf(await agentCall(mc, name, { qty: 3 }))).toBe('ordered 3')
  })

  it('a ref\'s schema whose enum of recipients shrinks refuses the one taken out', async () => {
    const schema = ref({ type: 'object', properties: { to: { enum: ['ada', 'grace'] } }, required: ['to'] })
    const name = uniqueName('send')
    const tool = mounted(() => useWebMCPTool({ name, description: 'Sends.', inputSchema: schema, execute: ({ to }) => `sent to ${String(to)}` }))
    await until(() => tool.isRegistered.value)
    expect(textOf(await agentCall(mc, name, { to: 'grace' }))).toBe('sent to grace')
    schema.value.properties.to.enum = ['ada']
    await until(async () => (await listedWith(name, /ada/)) && !(await listedWith(name, /grace/)))
    expect((await agentCall(mc, name, { to: 'grace' }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(await agentCall(mc, name, { to: 'ada' }))).toBe('sent to ada')
  })
})

describe(`a remembered approval belongs to what the person saw (${lane})`, () => {
  it('a Zod schema swapped for one without its refine, the same JSON Schema: qty 500 asks again', async () => {
    const refined = z.object({ qty: z.number().int() }).refine(({ qty }) => qty <= 5)
    const unrefined = z.object({ qty: z.number().int() })
    const inputSchema = shallowRef<typeof unrefined>(refined as unknown as typeof unrefined)
    const ask = vi.fn(() => ({ approve: true, remember: true }))
    const execute = vi.fn(({ qty }: { qty: number }) => `ordered ${qty}`)
    const name = uniqueName('order')
    const tool = mounted(() => useWebMCPTool({ name, description: 'Orders.', annotations: { destructiveHint: false }, inputSchema, confirm: { ask }, execute }))
    await until(() => tool.isRegistered.value)
    expect(textOf(await agentCall(mc, name, { qty: 1 }))).toBe('ordered 1')
    expect(textOf(await agentCall(mc, name, { qty: 2 }))).toBe('ordered 2')
    expect(ask).toHaveBeenCalledOnce() // remembered
    inputSchema.value = unrefined
    ask.mockImplementation(() => ({ approve: false, remember: false }))
    const response = await agentCall(mc, name, { qty: 500 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(ask).toHaveBeenCalledTimes(2)
    expect(execute).not.toHaveBeenCalledWith({ qty: 500 }, expect.anything())
  })

  it('a plain JSON Schema changed in place (no re-registration) asks again', async () => {
    const schema = { type: 'object', properties: { qty: { type: 'integer', maximum: 5 } }, required: ['qty'] }
    const ask = vi.fn(() => ({ approve: true, remember: true }))
    const name = uniqueName('order')
    const tool = mounted(() => useWebMCPTool({ name, description: 'Orders.', annotations: { readOnlyHint: true }, inputSchema: schema, confirm: { ask }, execute: ({ qty }) => `ordered ${String(qty)}` }))
    await until(() => tool.isRegistered.value)
    await agentCall(mc, name, { qty: 1 })
    await agentCall(mc, name, { qty: 2 })
    expect(ask).toHaveBeenCalledOnce()
    schema.properties.qty.maximum = 500
    expect(textOf(await agentCall(mc, name, { qty: 400 }))).toBe('ordered 400')
    expect(ask).toHaveBeenCalledTimes(2)
  })
})
