// useWebMCPFormModel against a hostile agent and a careless app, in every
// lane: what the agent sends never reaches past the model's own keys (no
// prototype set through a `__proto__` key), and a model the form cannot fill
// (a `readonly()` one) fails the agent's call instead of submitting the
// initial values as if they were the agent's.
import { describe, expect, it, vi } from 'vitest'
import { reactive, readonly, ref } from 'vue'
import { useWebMCPFormModel } from '../../src'
import { until, withSetup } from '../helpers'
import { callTool, lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

// A schema that lists its fields but, like most hand-written ones, lets others through.
const OPEN = { type: 'object', properties: { title: { type: 'string' } } }

function mountForm(model: object, onSubmit: (values: any, context: { agentInvoked: boolean }) => unknown, autosubmit = true) {
  const name = uniqueName('order')
  const mounted = withSetup(() => useWebMCPFormModel({ name, description: 'Orders boxes.', model: model as { title: string }, schema: OPEN, onSubmit, autosubmit }))
  cleanups.push(mounted.unmount)
  return { name, form: mounted.result }
}

async function call(name: string, args: object) {
  await until(async () => (await mc.getTools()).some(t => t.name === name))
  return callTool(mc, name, args)
}

describe(`useWebMCPFormModel against a hostile agent (${lane})`, () => {
  it('a "__proto__" key from the agent never becomes the prototype of a reactive() model', async () => {
    const model = reactive({ title: '' })
    const seen: unknown[] = []
    const { name } = mountForm(model, (values) => {
      seen.push((model as Record<string, unknown>).isAdmin)
      return values.title
    })
    const response = await call(name, JSON.parse('{"title":"Boxes","__proto__":{"isAdmin":true}}'))
    expect(response.isError).not.toBe(true)
    // While the call ran, and after it: the model inherits nothing from the agent.
    expect(seen).toEqual([undefined])
    expect((model as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(Object.getPrototypeOf(model)).toBe(Object.prototype)
  })

  it('the person\'s submit() while an agent\'s autosubmit runs onSubmit does not submit the agent\'s values a second time, as the person\'s', async () => {
    const model = ref({ title: '' })
    const finishers: (() => void)[] = []
    const onSubmit = vi.fn((values: { title: string }, _context: { agentInvoked: boolean }) => new Promise<string>(resolve => finishers.push(() => resolve(`ordered ${values.title}`))))
    const { name, form } = mountForm(model, onSubmit)
    const answer = call(name, { title: 'Boxes' })
    await until(() => form.isSubmitting.value)
    // The person presses Enter meanwhile (a keyboard handler, no disabled button in the way).
    const personal = form.submit()
    finishers.forEach(finish => finish())
    expect(textOf(await answer)).toBe('ordered Boxes')
    await personal
    expect(onSubmit.mock.calls.map(([values, context]) => [values.title, context.agentInvoked])).toEqual([['Boxes', true]])
  })

  it('a schema not there yet (a ref still undefined while it loads) lets no agent value into the model or onSubmit', async () => {
    const model = ref({ title: '' })
    const onSubmit = vi.fn((values: { title: string }) => values.title)
    const name = uniqueName('order')
    const mounted = withSetup(() => useWebMCPFormModel({ name, description: 'Orders boxes.', model, schema: ref<object>(), onSubmit, autosubmit: true }))
    cleanups.push(mounted.unmount)
    const response = await call(name, { title: 'Boxes', isAdmin: true })
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a readonly() model: the agent\'s call fails with a clear error; onSubmit never gets the initial values as the agent\'s', async () => {
    const onSubmit = vi.fn((values: { title: string }) => `ordered ${values.title}`)
    const { name } = mountForm(readonly(reactive({ title: '' })), onSubmit)
    const response = await call(name, { title: 'Boxes' })
    expect(response.isError).toBe(true)
    expect(textOf(response)).toMatch(/read-?only/i)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a readonly ref as the model: the same', async () => {
    const onSubmit = vi.fn((values: { title: string }) => `ordered ${values.title}`)
    const { name } = mountForm(readonly(ref({ title: '' })), onSubmit)
    const response = await call(name, { title: 'Boxes' })
    expect(response.isError).toBe(true)
    expect(textOf(response)).toMatch(/read-?only/i)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
