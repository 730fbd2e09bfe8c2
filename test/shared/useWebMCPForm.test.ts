// useWebMCPForm in both lanes: an agent submits through Chromium's own
// declarative-form tool, or through vue-webmcp/testing's model of it.
import type { WebMCPConfig, WebMCPFormFields, WebMCPFormReset, WebMCPToolCallEvent, WebMCPToolResultEvent } from '../../src'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { formFields, useWebMCPForm, WEBMCP_CONFIG } from '../../src'
import { submitAsAgent } from '../../src/testing'
import TaskForm from '../fixtures/TaskForm.vue'
import { until, withSetup } from '../helpers'
import { callTool, cannot, executeTool, lane, laneSuite, needs, registerTool, textOf, tick, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

type Handler = (fields: WebMCPFormFields, event: SubmitEvent) => unknown

function mountForm(props: { name: string, autosubmit?: boolean, resetAfter?: WebMCPFormReset, handler: Handler }, config?: WebMCPConfig) {
  const wrapper = mount(TaskForm, { props, attachTo: document.body, global: config ? { provide: { [WEBMCP_CONFIG as symbol]: config } } : {} })
  cleanups.push(() => wrapper.unmount())
  const form = wrapper.get('form').element as HTMLFormElement
  const state = (wrapper.vm as unknown as { form: ReturnType<typeof import('../../src').useWebMCPForm> }).form
  return { wrapper, form, state }
}

/** Resolves to the form's tool once the implementation lists it (the browser adds it in a task of its own). */
async function listedTool(name: string): Promise<WebMCP.RegisteredTool> {
  let tool: WebMCP.RegisteredTool | undefined
  await until(async () => (tool = (await mc.getTools()).find(t => t.name === name)))
  return tool!
}

/** Submits as an agent: the browser's declarative-form tool, or vue-webmcp/testing's model of it. */
async function agentSubmit(name: string, input: Record<string, unknown>) {
  return callTool(mc, await listedTool(name), input)
}

/**
 * Lets a reset the package has due happen: it resets in a task (`setTimeout(0)`)
 * queued when `isSubmitting` turns false, and a timer queued after it with the
 * same delay runs after it.
 */
async function afterDueReset(state: { isSubmitting: { value: boolean } }): Promise<void> {
  await until(() => !state.isSubmitting.value)
  await tick()
}

describe(`useWebMCPForm (${lane})`, () => {
  it('a description cut inside an emoji is listed with the cut moved before the pair, where Chromium would list ""', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('cut_form')
    const Form = defineComponent({
      setup() {
        const form = useWebMCPForm({ name, description: 'Packs a suitcase \u{1F9F3}'.slice(0, -1), execute: () => 'packed' })
        return () => h('form', { ...form.attrs.value }, [h('input', { name: 'a' }), h('button', 'Go')])
      },
    })
    const wrapper = mount(Form, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    expect((await listedTool(name)).description).toBe('Packs a suitcase ')
  })

  it('puts toolname, tooldescription and toolautosubmit on the form, reactively', async () => {
    const name = ref(uniqueName('create_task'))
    const autosubmit = ref(false)
    const Host = defineComponent({ setup: () => () => h(TaskForm, { name: name.value, autosubmit: autosubmit.value, handler: () => '' }) })
    const wrapper = mount(Host, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    const form = wrapper.get('form').element
    expect(form.getAttribute('toolname')).toBe(name.value)
    expect(form.getAttribute('tooldescription')).toBe('Creates a task on the board.')
    expect(form.hasAttribute('toolautosubmit')).toBe(false)
    name.value = uniqueName('renamed')
    autosubmit.value = true
    await nextTick()
    expect(form.getAttribute('toolname')).toBe(name.value)
    expect(form.getAttribute('toolautosubmit')).toBe('')
  })

  it('a person\'s submission runs the same handler with the fields, and never navigates', async () => {
    const handler = vi.fn<Handler>(() => 'created')
    const { form, state } = mountForm({ name: uniqueName('person'), handler })
    ;(form.elements.namedItem('title') as HTMLInputElement).value = 'Water plants'
    ;(form.querySelector('input[value="work"]') as HTMLInputElement).checked = true
    const before = location.href
    form.querySelector('button')!.click()
    await until(() => handler.mock.calls.length === 1)
    const [fields, event] = handler.mock.calls[0]!
    // A checkbox group is always an array, even with one box checked.
    expect(fields).toEqual({ title: 'Water plants', priority: 'low', tags: ['work'] })
    expect(event.agentInvoked ?? false).toBe(false)
    expect(event.defaultPrevented).toBe(true)
    await until(() => !state.isSubmitting.value)
    expect(location.href).toBe(before)
  })

  it('an agent\'s submission gets the normalized result of the handler', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('agent')
    const handler = vi.fn<Handler>(fields => ({ created: fields.title, tags: fields.tags }))
    mountForm({ name, autosubmit: true, handler })
    const response = await agentSubmit(name, { title: 'Call mom', priority: 'high', tags: ['home'] })
    expect(response).toEqual({ content: [{ type: 'text', text: JSON.stringify({ created: 'Call mom', tags: ['home'] }) }] })
    expect(handler.mock.calls[0]![1].agentInvoked).toBe(true)
  })

  it('hooks say who submitted: a person, or an agent and whether the form submitted itself', async (context) => {
    needs(context, 'forms')
    const calls: WebMCPToolCallEvent[] = []
    const results: WebMCPToolResultEvent[] = []
    const name = uniqueName('who')
    const { form } = mountForm({ name, autosubmit: true, handler: () => 'ok' }, { onToolCall: e => calls.push(e), onToolResult: e => results.push(e) })
    ;(form.elements.namedItem('title') as HTMLInputElement).value = 'By hand'
    form.querySelector('button')!.click()
    await until(() => results.length === 1)
    expect(results[0]).toMatchObject({ name, source: 'form', caller: 'person', autosubmitted: false, ok: true })
    await agentSubmit(name, { title: 'By an agent' })
    await until(() => results.length === 2)
    expect(results[1]).toMatchObject({ name, source: 'form', caller: 'agent', autosubmitted: true, ok: true })
    expect(calls.map(c => [c.source, c.caller])).toEqual([['form', 'person'], ['form', 'agent']])
  })

  it('a failure reaches the agent as isError and stays in lastError until the next submission', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('failing')
    let fail = true
    const { state } = mountForm({ name, autosubmit: true, handler: () => {
      if (fail)
        throw new Error('The board is full')
      return 'ok'
    } })
    const response = await agentSubmit(name, { title: 'x' })
    expect(response).toEqual({ content: [{ type: 'text', text: 'The board is full' }], isError: true, _meta: { 'vue-webmcp/code': 'TOOL_ERROR' } })
    expect(state.lastError.value!.message).toBe('The board is full')
    fail = false
    await agentSubmit(name, { title: 'y' })
    expect(state.lastError.value).toBeNull()
  })

  it('keeps the fields in the order of the controls', async () => {
    const handler = vi.fn<Handler>(() => 'ok')
    const { form, state } = mountForm({ name: uniqueName('order'), handler })
    ;(form.elements.namedItem('title') as HTMLInputElement).value = 'x'
    form.querySelector('button')!.click()
    await until(() => handler.mock.calls.length === 1)
    expect(Object.keys(handler.mock.calls[0]![0])).toEqual(['title', 'priority', 'tags'])
    await until(() => !state.isSubmitting.value)
  })

  describe('resetAfter', () => {
    const title = (form: HTMLFormElement) => (form.elements.namedItem('title') as HTMLInputElement).value
    const checked = (form: HTMLFormElement) => Array.from(form.querySelectorAll<HTMLInputElement>('input[name="tags"]:checked'), i => i.value)

    it('by default, nothing one agent call put in reaches the next call, and the answer comes first', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('order_pizza')
      const handler = vi.fn<Handler>(fields => ({ title: fields.title, tags: fields.tags }))
      const { form, state } = mountForm({ name, autosubmit: true, handler })
      const first = await agentSubmit(name, { title: 'Pizza', tags: ['home'] })
      expect(first).toEqual({ content: [{ type: 'text', text: '{"title":"Pizza","tags":["home"]}' }] })
      await until(() => title(form) === '' && checked(form).length === 0)
      const second = await agentSubmit(name, { title: 'Salad' })
      expect(second).toEqual({ content: [{ type: 'text', text: '{"title":"Salad","tags":[]}' }] })
      await until(() => !state.isSubmitting.value && title(form) === '')
    })

    it('by default, an agent call made the moment the last one answered starts empty too (the answer comes a task after the response)', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('back_to_back')
      const { form, state } = mountForm({ name, autosubmit: true, handler: fields => ({ title: fields.title, tags: fields.tags }) })
      const tool = await listedTool(name)
      await callTool(mc, tool, { title: 'Pizza', tags: ['home'] })
      // The polyfills answer before the form's reset: the last call's tags leak into this one.
      const tags = cannot.answerAFormCallATaskLater ? '["home"]' : '[]'
      expect(await callTool(mc, tool, { title: 'Salad' })).toEqual({ content: [{ type: 'text', text: `{"title":"Salad","tags":${tags}}` }] })
      await until(() => !state.isSubmitting.value && title(form) === '')
    })

    it('by default, a person\'s submission after an agent\'s gets none of the agent\'s entries, and keeps their own', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('person_after')
      const handler = vi.fn<Handler>(() => 'ok')
      const { form, state } = mountForm({ name, autosubmit: true, handler })
      await agentSubmit(name, { title: 'From the agent', tags: ['work'] })
      await until(() => title(form) === '' && checked(form).length === 0)
      ;(form.elements.namedItem('title') as HTMLInputElement).value = 'Mine'
      form.querySelector('button')!.click()
      await until(() => handler.mock.calls.length === 2)
      expect(handler.mock.calls[1]![0]).toEqual({ title: 'Mine', priority: 'low', tags: [] })
      await afterDueReset(state)
      expect(title(form)).toBe('Mine') // 'agent' leaves a person's entries alone
    })

    it('an agent\'s failed call is reset too', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('failed_reset')
      const { form } = mountForm({ name, autosubmit: true, handler: () => { throw new Error('no') } })
      expect(await agentSubmit(name, { title: 'x', tags: ['home'] })).toMatchObject({ isError: true })
      await until(() => title(form) === '' && checked(form).length === 0)
    })

    it('an agent\'s fill that it cancels is cleared too (the browser leaves it in the form)', async (context) => {
      needs(context, 'forms')
      const name = uniqueName('cancelled')
      const handler = vi.fn<Handler>(() => 'ok')
      const { form, state } = mountForm({ name, handler })
      const tool = await listedTool(name)
      const controller = new AbortController()
      const call = executeTool(mc, tool, { title: 'Half done', tags: ['home'] }, { signal: controller.signal }).catch((e: Error) => e.name)
      await until(() => state.isAgentActive.value)
      expect(title(form)).toBe('Half done')
      controller.abort()
      expect(await call).toBe('AbortError')
      if (cannot.signalACancelledFormCall) {
        // No toolcancel reaches the page: the fill stays, and so does the activation. The barrier:
        // a later call through the same context has returned, and a task has let a reset run.
        const later = uniqueName('later')
        const raw = new AbortController()
        cleanups.push(() => raw.abort())
        await registerTool(mc, { name: later, description: 'd', execute: () => ({ content: [{ type: 'text', text: 'after' }] }) }, { signal: raw.signal })
        await callTool(mc, later)
        await afterDueReset(state)
        expect([state.isAgentActive.value, title(form)]).toEqual([true, 'Half done'])
        return
      }
      await until(() => !state.isAgentActive.value)
      await until(() => title(form) === '' && checked(form).length === 0)
      expect(handler).not.toHaveBeenCalled()
    })

    async function personSubmits(resetAfter: 'success' | 'always' | 'never', fail: boolean) {
      const handler = vi.fn<Handler>(() => {
        if (fail)
          throw new Error('nope')
        return 'ok'
      })
      const { form, state } = mountForm({ name: uniqueName(`person_${resetAfter}`), resetAfter, handler })
      ;(form.elements.namedItem('title') as HTMLInputElement).value = 'Typed'
      form.querySelector('button')!.click()
      await until(() => handler.mock.calls.length === 1)
      await afterDueReset(state)
      return title(form)
    }

    it('\'success\' resets after a person\'s successful submission and keeps a failed one to correct', async (context) => {
      needs(context, 'forms')
      expect(await personSubmits('success', false)).toBe('')
      expect(await personSubmits('success', true)).toBe('Typed')
    })

    it('\'always\' resets after every submission; \'never\' never does', async (context) => {
      needs(context, 'forms')
      expect(await personSubmits('always', true)).toBe('')
      expect(await personSubmits('never', false)).toBe('Typed')
      const name = uniqueName('never')
      const { form, state } = mountForm({ name, autosubmit: true, resetAfter: 'never', handler: () => 'ok' })
      await agentSubmit(name, { title: 'Kept', tags: ['home'] })
      await afterDueReset(state)
      expect([title(form), checked(form)]).toEqual(['Kept', ['home']])
    })
  })

  it('isAgentActive follows toolactivated / toolcancel for this form only, on modelContext and on window', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('active')
    const { state } = mountForm({ name, handler: () => '' })
    const fire = (target: EventTarget, type: string, toolName: string) => target.dispatchEvent(Object.assign(new Event(type), { toolName }))
    fire(mc, 'toolactivated', 'someone_else')
    expect(state.isAgentActive.value).toBe(false)
    fire(mc, 'toolactivated', name)
    expect(state.isAgentActive.value).toBe(true)
    fire(mc, 'toolcancel', name)
    expect(state.isAgentActive.value).toBe(false)
    fire(window, 'toolactivated', name)
    expect(state.isAgentActive.value).toBe(true)
    fire(window, 'toolcancel', name)
    expect(state.isAgentActive.value).toBe(false)
  })

  // The implementation's own events: Chromium 156 fires on the context, Chromium 150 and the
  // polyfill on window, and @mcp-b/global over native leaves them on the native object it wraps.
  it('an agent filling in a form without autosubmit turns isAgentActive on, wherever the implementation fires it', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('fill_in')
    const handler = vi.fn<Handler>(fields => ({ created: fields.title }))
    const { form, state } = mountForm({ name, handler })
    const pending = executeTool(mc, await listedTool(name), { title: 'Read' }).then(JSON.parse)
    await until(() => state.isAgentActive.value)
    expect((form.elements.namedItem('title') as HTMLInputElement).value).toBe('Read')
    // The person reviews what the agent filled in and submits.
    form.requestSubmit()
    expect(await pending).toEqual({ content: [{ type: 'text', text: JSON.stringify({ created: 'Read' }) }] })
    expect(state.isAgentActive.value).toBe(false)
    expect(handler).toHaveBeenCalledOnce()
  })

  it('isSubmitting covers the whole submission, autosubmit included', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('slow')
    let release!: () => void
    const { state } = mountForm({ name, autosubmit: true, handler: () => new Promise<string>((r) => { release = () => r('done') }) })
    const pending = agentSubmit(name, { title: 't' })
    await until(() => state.isSubmitting.value)
    release()
    await pending
    await until(() => !state.isSubmitting.value)
  })

  it('a submission marked agentInvoked while an agent\'s call of the form runs does not run: the agent gets its own answer', async (context) => {
    needs(context, 'forms')
    // Chromium 156 marks a person's click on submit during an autosubmitted
    // agent call agentInvoked, as it does a second agent call, and hands the
    // pending call whichever answer settles first.
    const name = uniqueName('busy')
    let release!: () => void
    const handler = vi.fn<Handler>(fields => new Promise((resolve) => {
      release = () => resolve(`created ${String(fields.title)}`)
    }))
    const { form, state } = mountForm({ name, autosubmit: true, handler })
    const agentCall = agentSubmit(name, { title: 'From the agent' })
    await until(() => handler.mock.calls.length === 1)
    form.querySelector<HTMLInputElement>('input[name="title"]')!.value = 'Typed by a person'
    const second = submitAsAgent(form)
    expect(state.lastError.value).toMatchObject({ name: 'InvalidStateError' })
    expect(state.lastError.value!.message).toMatch(/still running/)
    release()
    expect(await agentCall).toEqual({ content: [{ type: 'text', text: 'created From the agent' }] })
    // Answered with the pending call's answer, never run with the person's entries.
    expect(await second).toEqual({ content: [{ type: 'text', text: 'created From the agent' }] })
    expect(handler).toHaveBeenCalledOnce()
    await until(() => !state.isSubmitting.value)
  })

  it('when respondWith throws, the form leaves isSubmitting, keeps the failure in lastError, and rejects nothing', async (context) => {
    needs(context, 'forms')
    const unhandled: unknown[] = []
    const onUnhandled = (event: unknown) => unhandled.push(event)
    window.addEventListener('unhandledrejection', onUnhandled)
    cleanups.push(() => window.removeEventListener('unhandledrejection', onUnhandled))
    const handler = vi.fn<Handler>(() => 'created')
    const { form, state } = mountForm({ name: uniqueName('broken_channel'), handler })
    const agentEvent = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true })
      Object.defineProperties(event, {
        agentInvoked: { value: true },
        submitter: { value: null },
        respondWith: { value: () => { throw new DOMException('The agent went away.', 'InvalidStateError') } },
      })
      return event
    }
    // Dispatched, the way the browser submits for an agent.
    form.dispatchEvent(agentEvent())
    await until(() => handler.mock.calls.length === 1 && !state.isSubmitting.value)
    expect(state.lastError.value).toMatchObject({ name: 'InvalidStateError', message: 'The agent went away.' })
    // Called directly, the handler resolves.
    const direct = Object.defineProperty(agentEvent(), 'target', { value: form })
    await expect(state.onSubmit(direct)).resolves.toBeUndefined()
    expect(state.isSubmitting.value).toBe(false)
    expect(state.lastError.value!.name).toBe('InvalidStateError')
    await tick() // a browser reports an unhandled rejection in a task of its own, queued before this one
    expect(unhandled).toEqual([])
  })

  describe('a fill the form\'s own validation refuses', () => {
    /** An autosubmit form whose own validation (`type="email"`, `max`) an agent's input can fail. */
    function mountOrderForm(name: string, handler: Handler, resetAfter?: WebMCPFormReset) {
      const Order = defineComponent({
        setup() {
          const form = useWebMCPForm({ name, description: 'Orders boxes.', autosubmit: true, resetAfter, execute: handler })
          return () => h('form', form.attrs.value, [
            h('input', { name: 'title' }),
            h('input', { name: 'email', type: 'email' }),
            h('input', { name: 'qty', type: 'number', min: 1, max: 10 }),
            h('input', { name: 'notes' }),
            h('button', 'Order'),
          ])
        },
      })
      const wrapper = mount(Order, { attachTo: document.body })
      cleanups.push(() => wrapper.unmount())
      const form = wrapper.get('form').element as HTMLFormElement
      // What the browser tells the person, field by field, as its validation refuses them.
      const invalid: [string, string][] = []
      form.addEventListener('invalid', (event) => {
        const control = event.target as HTMLInputElement
        invalid.push([control.name, control.validationMessage])
      }, true)
      return { form, invalid }
    }
    const value = (form: HTMLFormElement, field: string) => (form.elements.namedItem(field) as HTMLInputElement).value

    it('answers INVALID_ARGS naming each field with the browser\'s message, submits nothing, and shows the person', async (context) => {
      needs(context, 'forms', 'novalidateForms')
      const name = uniqueName('order_refused')
      const handler = vi.fn<Handler>(() => 'ordered')
      const { invalid } = mountOrderForm(name, handler)
      const response = await agentSubmit(name, { title: 'Big order', email: 'nope', qty: 50 })
      expect(response.isError).toBe(true)
      expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
      expect(handler).not.toHaveBeenCalled()
      expect(invalid.map(([field]) => field)).toEqual(expect.arrayContaining(['email', 'qty']))
      const text = textOf(response)
      for (const [field, message] of invalid) {
        expect(message).not.toBe('')
        expect(text).toContain(`/${field}: ${message}`)
      }
      expect(text).not.toContain('/title')
    })

    it('starts the next agent call empty: the refused values reach no later call', async (context) => {
      needs(context, 'forms', 'novalidateForms')
      const name = uniqueName('order_boxes')
      const handler = vi.fn<Handler>(fields => fields)
      const { form } = mountOrderForm(name, handler)
      const refused = await agentSubmit(name, { title: 'Big order', qty: 50, notes: 'leave at door' })
      expect(refused.isError).toBe(true)
      expect(handler).not.toHaveBeenCalled()
      await until(() => value(form, 'title') === '' && value(form, 'notes') === '' && value(form, 'qty') === '')
      const next = await agentSubmit(name, { qty: 2 })
      expect(next).toEqual({ content: [{ type: 'text', text: '{"title":"","email":"","qty":"2","notes":""}' }] })
    })

    it('keeps the refused values with resetAfter \'never\'', async (context) => {
      needs(context, 'forms', 'novalidateForms')
      const name = uniqueName('order_kept')
      const { form } = mountOrderForm(name, () => 'ok', 'never')
      await agentSubmit(name, { title: 'Kept', qty: 50 })
      await tick()
      await tick()
      expect([value(form, 'title'), value(form, 'qty')]).toEqual(['Kept', '50'])
    })

    it('a person\'s submission the validation refuses does not run, and the person sees why', async (context) => {
      needs(context, 'forms')
      const handler = vi.fn<Handler>(() => 'ordered')
      const { form, invalid } = mountOrderForm(uniqueName('order_person'), handler)
      ;(form.elements.namedItem('email') as HTMLInputElement).value = 'nope'
      form.querySelector('button')!.click()
      await tick()
      expect(handler).not.toHaveBeenCalled()
      expect(invalid.map(([field]) => field)).toContain('email')
      ;(form.elements.namedItem('email') as HTMLInputElement).value = 'a@example.com'
      form.querySelector('button')!.click()
      await until(() => handler.mock.calls.length === 1)
      expect(handler.mock.calls[0]![0]).toMatchObject({ email: 'a@example.com' })
    })
  })

  describe('onSubmit never rejects and always leaves isSubmitting', () => {
    it('bound on a wrapper element the submit event bubbles to', async (context) => {
      needs(context, 'forms')
      const handler = vi.fn<Handler>(() => 'ok')
      let state!: ReturnType<typeof useWebMCPForm>
      const Wrapped = defineComponent({
        setup() {
          state = useWebMCPForm({ name: uniqueName('wrapped'), description: 'd', execute: handler })
          const { onSubmit, ...attrs } = state.attrs.value
          return () => h('div', { onSubmit }, [h('form', { toolname: attrs.toolname, tooldescription: attrs.tooldescription }, [h('input', { name: 'title', value: 'x' }), h('button', 'go')])])
        },
      })
      const wrapper = mount(Wrapped, { attachTo: document.body })
      cleanups.push(() => wrapper.unmount())
      wrapper.get('button').element.click()
      await until(() => handler.mock.calls.length === 1 && !state.isSubmitting.value)
      expect(handler.mock.calls[0]![0]).toEqual({ title: 'x' })
      expect(state.lastError.value).toBeNull()
      // An event from no form at all: a failure in `lastError`, not a rejection.
      const stray = new Event('submit', { cancelable: true })
      Object.defineProperty(stray, 'target', { value: document.createElement('div') })
      await expect(state.onSubmit(stray)).resolves.toBeUndefined()
      expect([state.isSubmitting.value, state.lastError.value?.name]).toEqual([false, 'TypeError'])
    })

    it('with a resetAfter getter that throws', async (context) => {
      needs(context, 'forms')
      const handler = vi.fn<Handler>(() => 'ok')
      const { result: state, unmount } = withSetup(() => useWebMCPForm({ name: uniqueName('bad_reset'), description: 'd', execute: handler, resetAfter: () => { throw new Error('no mode') } }))
      cleanups.push(unmount)
      const form = document.createElement('form')
      form.innerHTML = '<input name="title" value="t">'
      document.body.append(form)
      cleanups.push(() => form.remove())
      const event = new Event('submit', { cancelable: true })
      Object.defineProperty(event, 'target', { value: form })
      await expect(state.onSubmit(event)).resolves.toBeUndefined()
      expect(handler).toHaveBeenCalledOnce()
      expect([state.isSubmitting.value, state.lastError.value?.message]).toEqual([false, 'no mode'])
    })
  })

  it('its settings are read at each submission: a timeoutMs ref and the app\'s config changed after setup count; a getter that throws is a TOOL_ERROR result', async (context) => {
    needs(context, 'forms')
    const name = uniqueName('slow_form')
    const timeoutMs = ref<number | undefined>()
    const config: WebMCPConfig = {}
    let broken = false
    const Form = defineComponent({
      setup() {
        const form = useWebMCPForm({
          name,
          description: 'Files a slow report.',
          autosubmit: true,
          timeoutMs: () => {
            if (broken)
              throw new Error('no limit today')
            return timeoutMs.value
          },
          execute: () => new Promise(resolve => setTimeout(resolve, 300, 'filed')),
        })
        return () => h('form', { ...form.attrs.value }, [h('input', { name: 'title' }), h('button', 'Go')])
      },
    })
    const wrapper = mount(Form, { attachTo: document.body, global: { provide: { [WEBMCP_CONFIG as symbol]: config } } })
    cleanups.push(() => wrapper.unmount())
    expect(textOf(await agentSubmit(name, { title: 'a' }))).toBe('filed')
    config.timeoutMs = 50
    expect((await agentSubmit(name, { title: 'b' }))._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
    config.timeoutMs = undefined
    timeoutMs.value = 50
    expect((await agentSubmit(name, { title: 'c' }))._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
    broken = true
    const unreadable = await agentSubmit(name, { title: 'd' })
    expect(unreadable._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(unreadable)).toContain('reading its options threw (no limit today)')
  })

  it('isAgentActive goes back to false when the form\'s tool name changes', async (context) => {
    needs(context, 'forms')
    const name = ref(uniqueName('before'))
    let state!: ReturnType<typeof useWebMCPForm>
    const { unmount } = withSetup(() => (state = useWebMCPForm({ name, description: 'd', execute: () => '' })))
    cleanups.push(unmount)
    mc.dispatchEvent(Object.assign(new Event('toolactivated'), { toolName: name.value }))
    expect(state.isAgentActive.value).toBe(true)
    name.value = uniqueName('after')
    await nextTick()
    expect(state.isAgentActive.value).toBe(false)
  })

  it('formFields keeps fields named __proto__, constructor and toString as fields', () => {
    const form = document.createElement('form')
    form.innerHTML = '<input name="__proto__" value="p"><input name="constructor" value="c"><input name="toString" value="t"><input name="toString" value="t2">'
    document.body.append(form)
    cleanups.push(() => form.remove())
    const fields = formFields(form)
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')!.value).toBe('p')
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    expect(fields.constructor).toBe('c')
    expect(fields.toString).toEqual(['t', 't2'])
  })

  it('removes no listener it did not add and leaks none on unmount', async (context) => {
    needs(context, 'forms')
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const { wrapper } = mountForm({ name: uniqueName('leak'), handler: () => '' })
    const mine = added.mock.calls.filter(([type]) => type === 'toolactivated' || type === 'toolcancel')
    expect(mine).toHaveLength(2)
    wrapper.unmount()
    cleanups.pop()
    // Type and listener: what removes a listener (useEventListener passes its options too).
    for (const [type, listener] of mine)
      expect(removed.mock.calls.map(call => call.slice(0, 2))).toContainEqual([type, listener])
    added.mockRestore()
    removed.mockRestore()
  })
})
