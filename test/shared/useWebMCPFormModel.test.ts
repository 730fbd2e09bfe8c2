// useWebMCPFormModel in every lane: an agent's call fills a reactive model,
// and the person's submit (or cancel) answers it.
import type { UseWebMCPFormModelOptions, WebMCPConfig, WebMCPFormModelSubmitContext } from '../../src'
import { describe, expect, it, vi } from 'vitest'
import { isReactive, reactive, ref } from 'vue'
import { z } from 'zod'
import { useWebMCPFormModel, WEBMCP_CONFIG } from '../../src'
import { until, withSetup } from '../helpers'
import { callTool, lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

interface Order { title: string, qty: number, email: string }
const blank = (): Order => ({ title: '', qty: 1, email: '' })
const jsonSchema = {
  type: 'object',
  properties: { title: { type: 'string' }, qty: { type: 'integer', minimum: 1, maximum: 10 }, email: { type: 'string', format: 'email' } },
  required: ['title'],
  additionalProperties: false,
}

type FormOptions = Partial<UseWebMCPFormModelOptions<Order, unknown>> & Pick<UseWebMCPFormModelOptions<Order, unknown>, 'onSubmit'>

function mountFormModel(options: FormOptions, config?: WebMCPConfig) {
  const model = ref(blank())
  const name = uniqueName('order')
  const mounted = withSetup(() => useWebMCPFormModel<Order>({ name, description: 'Orders boxes.', model, schema: jsonSchema, ...options }), config ? { provide: { [WEBMCP_CONFIG]: config } } : {})
  cleanups.push(mounted.unmount)
  return { name, model, form: mounted.result }
}

/** The form over a `reactive()` model, as VeeValidate's `values` and most form libraries hand it. */
function mountReactiveFormModel(options: FormOptions) {
  const model = reactive<Order & { note?: string }>(blank())
  const name = uniqueName('order')
  const mounted = withSetup(() => useWebMCPFormModel<Order>({ name, description: 'Orders boxes.', model, schema: jsonSchema, ...options }))
  cleanups.push(mounted.unmount)
  return { name, model, form: mounted.result }
}

async function call(name: string, args: object) {
  await until(async () => (await mc.getTools()).some(t => t.name === name))
  return callTool(mc, name, args)
}

describe(`useWebMCPFormModel (${lane})`, () => {
  it('fills the model the person sees, waits for their submit, and answers with onSubmit\'s result', async () => {
    const onSubmit = vi.fn((values: Order) => ({ ordered: values.qty, of: values.title }))
    const { name, model, form } = mountFormModel({ onSubmit })
    const answer = call(name, { title: 'Boxes', qty: 3 })
    await until(() => form.isAgentActive.value)
    // The agent's values on top of the initial ones; nothing ran yet.
    expect(model.value).toEqual({ title: 'Boxes', qty: 3, email: '' })
    expect(onSubmit).not.toHaveBeenCalled()
    // The person corrects a value before submitting: the agent gets what was submitted.
    model.value.qty = 4
    await expect(form.submit()).resolves.toEqual({ ordered: 4, of: 'Boxes' })
    expect(await answer).toEqual({ content: [{ type: 'text', text: '{"ordered":4,"of":"Boxes"}' }] })
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Boxes', qty: 4, email: '' }, { agentInvoked: true })
    // Nothing one call filled reaches the next, or the person's form.
    await until(() => !form.isAgentActive.value)
    expect(model.value).toEqual(blank())
  })

  it('with autosubmit, answers at once; the next call starts from the initial values', async () => {
    const onSubmit = vi.fn((values: Order, _context: WebMCPFormModelSubmitContext) => values)
    const { name, model } = mountFormModel({ onSubmit, autosubmit: true })
    expect(textOf(await call(name, { title: 'First', email: 'a@example.com' }))).toBe('{"title":"First","qty":1,"email":"a@example.com"}')
    expect(textOf(await call(name, { title: 'Second' }))).toBe('{"title":"Second","qty":1,"email":""}')
    expect(onSubmit.mock.calls.map(([, context]) => context)).toEqual([{ agentInvoked: true }, { agentInvoked: true }])
    expect(model.value).toEqual(blank())
  })

  it('a cancel tells the agent the person declined; onSubmit never runs', async () => {
    const onSubmit = vi.fn(() => 'ordered')
    const { name, model, form } = mountFormModel({ onSubmit })
    const answer = call(name, { title: 'Unwanted' })
    await until(() => form.isAgentActive.value)
    form.cancel({ reason: 'not today' })
    const response = await answer
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(response)).toContain('not today')
    expect(onSubmit).not.toHaveBeenCalled()
    expect([form.isAgentActive.value, model.value]).toEqual([false, blank()])
  })

  it('cancel bound as @click="cancel" (an Event) declines with no reason', async () => {
    const { name, form } = mountFormModel({ onSubmit: () => 'ordered' })
    const answer = call(name, { title: 'Unwanted' })
    await until(() => form.isAgentActive.value)
    form.cancel(new MouseEvent('click') as never)
    const response = await answer
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(response)).not.toContain('reason')
  })

  it('refuses values the schema refuses with INVALID_ARGS, before they reach the model', async () => {
    const onSubmit = vi.fn(() => 'ordered')
    const { name, model } = mountFormModel({ onSubmit, autosubmit: true })
    const response = await call(name, { title: 'Big', qty: 50 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(response)).toContain('/qty')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(model.value).toEqual(blank())
  })

  it('takes a Standard Schema, and its output is what fills the model', async () => {
    const schema = z.object({ title: z.string().trim(), qty: z.number().int().min(1).max(10).default(1), email: z.string().default('') })
    const { name } = mountFormModel({ onSubmit: values => values, schema, autosubmit: true })
    expect(textOf(await call(name, { title: '  Trimmed  ' }))).toBe('{"title":"Trimmed","qty":1,"email":""}')
    expect((await call(name, { title: 'x', qty: 0 }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
  })

  it('a person\'s submit runs the same handler, marked not agent-invoked, and answers no call', async () => {
    const onSubmit = vi.fn((_values: Order, _context: WebMCPFormModelSubmitContext) => 'saved')
    const { model, form } = mountFormModel({ onSubmit })
    model.value.title = 'By hand'
    await expect(form.submit()).resolves.toBe('saved')
    expect(onSubmit).toHaveBeenCalledWith({ title: 'By hand', qty: 1, email: '' }, { agentInvoked: false })
    expect(model.value.title).toBe('By hand') // the person's own form is theirs to reset
    // onSubmit got a copy: the person typing on (or a form library resetting the same object)
    // does not change what was submitted.
    model.value.title = 'Typed after'
    expect(onSubmit.mock.calls[0]![0]).toEqual({ title: 'By hand', qty: 1, email: '' })
  })

  it('onSubmit\'s failure reaches the agent as isError, lands in lastError and goes to onError; error stays the registration\'s', async () => {
    const onError = vi.fn()
    const { name, form } = mountFormModel({ onError, onSubmit: () => {
      throw new Error('Out of boxes')
    } })
    const answer = call(name, { title: 'Boxes' })
    await until(() => form.isAgentActive.value)
    await expect(form.submit()).resolves.toBeUndefined()
    expect(await answer).toEqual({ content: [{ type: 'text', text: 'Out of boxes' }], isError: true, _meta: { 'vue-webmcp/code': 'TOOL_ERROR' } })
    expect(form.lastError.value?.message).toBe('Out of boxes')
    expect(form.error.value).toBeNull()
    await until(() => onError.mock.calls.length > 0)
    expect(onError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['Out of boxes'])
  })

  it('an Error onSubmit returns is a failure like a thrown one, for a person\'s submit and an agent\'s call alike', async () => {
    const onError = vi.fn()
    const { name, form } = mountFormModel({ onError, onSubmit: () => new Error('Out of boxes') })
    await expect(form.submit()).resolves.toBeUndefined()
    expect(form.lastError.value?.message).toBe('Out of boxes')
    expect(onError).toHaveBeenCalledTimes(1)
    const answer = call(name, { title: 'Boxes' })
    await until(() => form.isAgentActive.value)
    await form.submit()
    expect((await answer)._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(form.lastError.value?.message).toBe('Out of boxes')
    await until(() => onError.mock.calls.length === 2)
  })

  it('values the schema refuses are the agent\'s mistake: INVALID_ARGS, and neither onError nor lastError hears of them', async () => {
    const onError = vi.fn()
    const onSubmit = vi.fn(() => 'ordered')
    const { name, form } = mountFormModel({ onError, onSubmit, autosubmit: true })
    expect((await call(name, { title: 'Big', qty: 50 }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    await new Promise(resolve => setTimeout(resolve, 50)) // onError, when it runs, runs in a task of its own
    expect([onError.mock.calls.length, onSubmit.mock.calls.length, form.lastError.value]).toEqual([0, 0, null])
  })

  it('its schema checks an agent\'s values with validateArgs: false app-wide (for hand-checked tools)', async () => {
    const onSubmit = vi.fn(() => 'ordered')
    const { name, model } = mountFormModel({ onSubmit, autosubmit: true }, { validateArgs: false })
    const response = await call(name, { qty: 999 })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(response)).toContain('/qty')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(model.value).toEqual(blank())
  })

  it('an untyped validateArgs: false on the form itself does not switch its schema off', async () => {
    const onSubmit = vi.fn(() => 'ordered')
    const { name } = mountFormModel({ onSubmit, autosubmit: true, ...{ validateArgs: false } })
    expect((await call(name, { qty: 999 }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('passes useWebMCPTool\'s other options on to the tool (formatOutput, onStart, onSuccess)', async () => {
    const onStart = vi.fn()
    const onSuccess = vi.fn()
    const { name } = mountFormModel({
      autosubmit: true,
      onSubmit: (values: Order) => values.qty,
      formatOutput: (qty: unknown) => `Ordered ${String(qty)}.`,
      onStart,
      onSuccess,
    })
    expect(textOf(await call(name, { title: 'Boxes', qty: 3 }))).toBe('Ordered 3.')
    await until(() => onSuccess.mock.calls.length > 0)
    expect(onStart).toHaveBeenCalledWith({ title: 'Boxes', qty: 3 })
    expect(onSuccess).toHaveBeenCalledWith(3, { title: 'Boxes', qty: 3 })
  })

  it('fills a reactive() model in place: the agent\'s values on the initial ones, and submit() answers the agent', async () => {
    const onSubmit = vi.fn((values: Order) => ({ ordered: values.qty, of: values.title }))
    const { name, model, form } = mountReactiveFormModel({ onSubmit })
    const same = model
    model.note = 'typed by the person before the call'
    model.email = 'person@example.com'
    const answer = call(name, { title: 'Boxes', qty: 3 })
    await until(() => form.isAgentActive.value)
    // The same object the inputs are bound to, with the agent's values and the initial ones for the rest: no `.value` key.
    expect(model).toBe(same)
    expect(isReactive(model)).toBe(true)
    expect({ ...model }).toEqual({ title: 'Boxes', qty: 3, email: '' })
    model.qty = 4 // the person corrects the agent's value
    await expect(form.submit()).resolves.toEqual({ ordered: 4, of: 'Boxes' })
    expect(await answer).toEqual({ content: [{ type: 'text', text: '{"ordered":4,"of":"Boxes"}' }] })
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Boxes', qty: 4, email: '' }, { agentInvoked: true })
    await until(() => !form.isAgentActive.value)
    expect({ ...model }).toEqual(blank())
  })

  it('a reactive() model with autosubmit: onSubmit gets the agent\'s values, and the model its initial ones back', async () => {
    const onSubmit = vi.fn((values: Order) => values)
    const { name, model } = mountReactiveFormModel({ onSubmit, autosubmit: true })
    expect(textOf(await call(name, { title: 'First', email: 'a@example.com' }))).toBe('{"title":"First","qty":1,"email":"a@example.com"}')
    expect({ ...model }).toEqual(blank())
    expect('value' in model).toBe(false)
  })

  it('a second agent call while one waits is refused; the waiting one still answers', async () => {
    const { name, form } = mountFormModel({ onSubmit: (values: Order) => values.title })
    const first = call(name, { title: 'First' })
    await until(() => form.isAgentActive.value)
    const second = await call(name, { title: 'Second' })
    expect(second.isError).toBe(true)
    expect(textOf(second)).toContain('still waiting')
    await form.submit()
    expect(textOf(await first)).toBe('First')
  })
})
