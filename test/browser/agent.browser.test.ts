// The path an agent takes: Playwright's frame.webmcp.callTool / tools() against
// components mounted in native Chromium.
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { defineComponent, h, nextTick, ref } from 'vue'
import { useRegisteredTools, useWebMCPForm, useWebMCPTool, useWebMCPTools, WEBMCP_CONFIG } from '../../src'
import TaskForm from '../fixtures/TaskForm.vue'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

function keep<T extends { unmount: () => void }>(mounted: T): T {
  cleanups.push(mounted.unmount)
  return mounted
}

describe('agent path (Playwright frame.webmcp)', () => {
  it('lists a component\'s tool with its schema and annotations, and calls it', async () => {
    const name = uniqueName('add_task')
    const tasks: string[] = []
    const { result } = keep(withSetup(() => useWebMCPTool({
      name,
      description: 'Adds a task',
      inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      annotations: { readOnlyHint: false },
      execute: ({ title }) => {
        tasks.push(title)
        return { added: title, count: tasks.length }
      },
    })))
    await until(() => result.isRegistered.value)
    const listed = (await commands.listTools()).find(t => t.name === name)!
    expect(listed.inputSchema).toEqual({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] })
    expect(await commands.callTool(name, { title: 'Milk' })).toEqual({ content: [{ type: 'text', text: '{"added":"Milk","count":1}' }] })
    expect(tasks).toEqual(['Milk'])
  })

  it('a throwing tool reaches the agent as an isError result with the message, not an UnknownError', async () => {
    const name = uniqueName('fails')
    const { result } = keep(withSetup(() => useWebMCPTool({ name, description: 'd', execute: () => { throw new TypeError('Task 9 does not exist') } })))
    await until(() => result.isRegistered.value)
    expect(await commands.callTool(name)).toEqual({ content: [{ type: 'text', text: 'Task 9 does not exist' }], isError: true, _meta: { 'vue-webmcp/code': 'TOOL_ERROR' } })
  })

  it('arguments that miss the schema get the pointer message and execute is never entered', async () => {
    const name = uniqueName('order')
    const execute = vi.fn(() => 'ordered')
    const { result } = keep(withSetup(() => useWebMCPTool({
      name,
      description: 'Orders a pizza',
      inputSchema: {
        type: 'object',
        properties: { size: { type: 'string', enum: ['1', '2'] }, guest: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
        required: ['guest'],
      },
      execute,
    })))
    await until(() => result.isRegistered.value)
    const response = await commands.callTool(name, { size: 'XL', count: 0 })
    expect(execute).not.toHaveBeenCalled()
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(response).split('\n')).toEqual([
      `Invalid arguments for tool "${name}":`,
      '/guest: required',
      '/size: must be one of "1", "2"',
      '/count: must be an integer >= 1',
    ])
    expect(await commands.callTool(name, { guest: 'Ada', size: '2', count: 1 })).toEqual({ content: [{ type: 'text', text: 'ordered' }] })
  })

  it('a stuck tool times out: its signal aborts with TimeoutError and the agent is told', async () => {
    const name = uniqueName('stuck')
    let signal: AbortSignal | undefined
    const { result } = keep(withSetup(() => useWebMCPTool({ name, description: 'd', timeoutMs: 200, execute: (_a, o) => {
      signal = o.signal
      return new Promise(() => {})
    } })))
    await until(() => result.isRegistered.value)
    const response = await commands.callTool(name)
    expect(textOf(response)).toBe(`TimeoutError: Tool "${name}" timed out after 200 ms.`)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TIMEOUT' })
    expect(signal!.aborted).toBe(true)
    expect((signal!.reason as DOMException).name).toBe('TimeoutError')
  })

  it('an over-budget result in \'error\' mode comes back as isError with the sizes', async () => {
    const name = uniqueName('dump')
    const { result } = keep(withSetup(() => useWebMCPTool({
      name,
      description: 'Dumps every task',
      execute: () => Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Task number ${i}` })),
    }), { provide: { [WEBMCP_CONFIG]: { budgets: 'error' } } }))
    await until(() => result.isRegistered.value)
    const response = await commands.callTool(name)
    expect(response.isError).toBe(true)
    expect(textOf(response)).toMatch(/^The result is \d{4,} characters, over this tool's limit of 1500 characters\. Ask for less/)
  })

  it('a group\'s write tools appear and disappear for the agent as a ref toggles', async () => {
    const [read, write] = [uniqueName('list_tasks'), uniqueName('delete_task')]
    const editing = ref(false)
    keep(withSetup(() => useWebMCPTools([
      { name: read, description: 'Lists tasks', annotations: { readOnlyHint: true }, execute: () => [] },
      // confirm: false: runs without the person's approval (no dialog on this page).
      { name: write, description: 'Deletes a task', annotations: { consequentialHint: true }, confirm: false, enabled: editing, execute: () => 'deleted' },
    ])))
    const agentSees = async () => (await commands.listTools()).map(t => t.name)
    await until(async () => (await agentSees()).includes(read))
    expect(await agentSees()).not.toContain(write)
    editing.value = true
    await nextTick()
    await until(async () => (await agentSees()).includes(write))
    expect(await commands.callTool(write)).toEqual({ content: [{ type: 'text', text: 'deleted' }] })
    editing.value = false
    await nextTick()
    await until(async () => !(await agentSees()).includes(write))
  })
})

describe('declarative form, called by the agent', () => {
  it('autosubmit: the agent fills and submits, and receives the handler\'s result', async () => {
    const name = uniqueName('create_task')
    const handler = vi.fn((fields: Record<string, unknown>) => `Created "${fields.title as string}" (${fields.priority as string}) tagged ${JSON.stringify(fields.tags)}`)
    const wrapper = mount(TaskForm, { props: { name, autosubmit: true, handler }, attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(async () => (await commands.listTools()).some(t => t.name === name))
    const tool = (await commands.listTools()).find(t => t.name === name)!
    expect(tool.inputSchema).toMatchObject({ required: ['title'], properties: { tags: { type: 'array', uniqueItems: true } } })
    const activated: string[] = []
    const onActivated = (event: Event) => activated.push((event as Event & { toolName: string }).toolName)
    for (const target of [mc, window]) {
      target.addEventListener('toolactivated', onActivated)
      cleanups.push(() => target.removeEventListener('toolactivated', onActivated))
    }
    const response = await commands.callTool(name, { title: 'Pay rent', priority: 'high', tags: ['home', 'work'] })
    expect(response).toEqual({ content: [{ type: 'text', text: 'Created "Pay rent" (high) tagged ["home","work"]' }] })
    expect(location.pathname).not.toContain('should-never-navigate')
    // Chromium fires toolactivated after submitting an autosubmit form: nothing is being filled in.
    // Once it has come (to the package's listener first, added at mount), the state is final.
    await until(() => activated.includes(name))
    const state = (wrapper.vm as unknown as { form: { isAgentActive: { value: boolean } } }).form
    expect(state.isAgentActive.value).toBe(false)
  })

  it('two agent calls in a row: the second, without tags, sees none of the first\'s, and neither call is cancelled', async () => {
    const name = uniqueName('order_task')
    const handler = vi.fn((fields: Record<string, unknown>) => ({ title: fields.title, tags: fields.tags }))
    const wrapper = mount(TaskForm, { props: { name, autosubmit: true, handler }, attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(async () => (await commands.listTools()).some(t => t.name === name))
    // callTool throws "Tool execution cancelled by a form reset" if the reset comes too early.
    expect(await commands.callTool(name, { title: 'First', tags: ['home', 'work'] })).toEqual({ content: [{ type: 'text', text: '{"title":"First","tags":["home","work"]}' }] })
    expect(await commands.callTool(name, { title: 'Second' })).toEqual({ content: [{ type: 'text', text: '{"title":"Second","tags":[]}' }] })
    await until(() => (wrapper.get('input[name="title"]').element as HTMLInputElement).value === '')
  })

  it('a fill the form\'s own validation refuses (its max) answers INVALID_ARGS naming the field, and the agent\'s next call starts empty', async () => {
    const name = uniqueName('order_boxes')
    const handler = vi.fn((fields: Record<string, unknown>) => fields)
    const Order = defineComponent({
      setup() {
        const form = useWebMCPForm({ name, description: 'Orders boxes.', autosubmit: true, execute: handler })
        return () => h('form', form.attrs.value, [h('input', { name: 'title' }), h('input', { name: 'qty', type: 'number', min: 1, max: 10 }), h('input', { name: 'notes' })])
      },
    })
    const wrapper = mount(Order, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(async () => (await commands.listTools()).some(t => t.name === name))
    const refused = await commands.callTool(name, { title: 'Big order', qty: 50, notes: 'leave at door' }) as { isError?: boolean, content: { text: string }[], _meta?: Record<string, unknown> }
    expect(refused.isError).toBe(true)
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(refused.content[0]!.text).toMatch(/nothing was submitted:\n\/qty: /)
    expect(handler).not.toHaveBeenCalled()
    // Straight away, as an agent that corrects itself does.
    expect(await commands.callTool(name, { qty: 2 })).toEqual({ content: [{ type: 'text', text: '{"title":"","qty":"2","notes":""}' }] })
  })

  it('without autosubmit: the agent\'s fill activates the form and a click completes it', async () => {
    const name = uniqueName('review_task')
    const handler = vi.fn(() => 'Reviewed and created')
    const wrapper = mount(TaskForm, { props: { name, handler }, attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    const state = (wrapper.vm as unknown as { form: { isAgentActive: { value: boolean } } }).form
    await until(async () => (await commands.listTools()).some(t => t.name === name))
    const call = commands.callTool(name, { title: 'Needs a look' })
    await until(() => state.isAgentActive.value)
    expect((wrapper.get('input[name="title"]').element as HTMLInputElement).value).toBe('Needs a look')
    expect(handler).not.toHaveBeenCalled()
    wrapper.get('button').element.click()
    expect(await call).toEqual({ content: [{ type: 'text', text: 'Reviewed and created' }] })
    expect(state.isAgentActive.value).toBe(false)
  })

  it('removing the form with v-if removes the tool', async () => {
    const name = uniqueName('temp_form')
    const show = ref(true)
    const Host = defineComponent({ setup: () => () => (show.value ? h(TaskForm, { name, handler: () => '' }) : null) })
    const wrapper = mount(Host, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    await until(async () => (await commands.listTools()).some(t => t.name === name))
    show.value = false
    await nextTick()
    await until(async () => !(await commands.listTools()).some(t => t.name === name))
  })
})

describe('useRegisteredTools across origins', () => {
  it('a cross-origin frame without allow="tools" cannot register (NotAllowedError)', async () => {
    const name = uniqueName('no_policy')
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost'
    const frame = document.createElement('iframe')
    frame.src = `${location.protocol}//${other}:${location.port}/test/fixtures/partner.html?name=${name}`
    const answer = new Promise<unknown>(resolve => window.addEventListener('message', function on(e) {
      if (e.data?.name === name) {
        window.removeEventListener('message', on)
        resolve(e.data)
      }
    }))
    document.body.append(frame)
    cleanups.push(() => frame.remove())
    expect(await answer).toEqual({ name, error: 'NotAllowedError' })
  })

  function partner(name: string, expose?: string): Promise<{ registered?: boolean, error?: string }> {
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost'
    const frame = document.createElement('iframe')
    // The `tools` Permissions Policy defaults to 'self': a cross-origin frame needs it delegated.
    frame.allow = 'tools'
    frame.src = `${location.protocol}//${other}:${location.port}/test/fixtures/partner.html?name=${name}${expose ? `&expose=${encodeURIComponent(expose)}` : ''}`
    const done = new Promise<{ registered?: boolean, error?: string }>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.data?.name === name) {
          window.removeEventListener('message', listener)
          resolve(event.data)
        }
      }
      window.addEventListener('message', listener)
    })
    document.body.append(frame)
    cleanups.push(() => frame.remove())
    return done
  }

  it('lists and runs a cross-origin tool that exposed itself to this page, and not one that did not', async () => {
    const exposed = uniqueName('partner_open')
    const hidden = uniqueName('partner_closed')
    expect(await partner(exposed, location.origin)).toEqual({ name: exposed, registered: true })
    expect(await partner(hidden)).toEqual({ name: hidden, registered: true })
    const partnerOrigin = `${location.protocol}//${location.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${location.port}`
    expect(partnerOrigin).not.toBe(location.origin)

    const sameOrigin = keep(withSetup(() => useRegisteredTools())).result
    const fromOrigins = ref<string[]>([])
    const crossOrigin = keep(withSetup(() => useRegisteredTools({ fromOrigins }))).result
    // The partner's tools are registered (it said so): a query now lists what this page may see.
    await sameOrigin.refresh()
    expect(sameOrigin.tools.value.map(t => t.name)).not.toContain(exposed)

    fromOrigins.value = [partnerOrigin]
    await until(() => crossOrigin.tools.value.some(t => t.name === exposed))
    const tool = crossOrigin.tools.value.find(t => t.name === exposed)!
    expect(tool.origin).toBe(partnerOrigin)
    expect(crossOrigin.tools.value.map(t => t.name)).not.toContain(hidden)
    expect(await crossOrigin.execute(tool, { x: 7 })).toEqual({ content: [{ type: 'text', text: 'partner got 7' }] })
  })
})

describe('useRegisteredTools and frames', () => {
  it('drops the tools of a frame removed from the page (Chromium sends no toolchange), and a stale entry rejects with NotFoundError', async () => {
    const name = uniqueName('framed')
    const frame = document.createElement('iframe')
    frame.src = `/test/fixtures/partner.html?name=${name}`
    const done = new Promise<unknown>((resolve) => {
      window.addEventListener('message', function listener(event) {
        if (event.data?.name === name) {
          window.removeEventListener('message', listener)
          resolve(event.data)
        }
      })
    })
    document.body.append(frame)
    cleanups.push(() => frame.remove())
    expect(await done).toEqual({ name, registered: true })
    const { result: panel } = keep(withSetup(() => useRegisteredTools()))
    await until(() => panel.tools.value.some(t => t.name === name))
    const stale = panel.tools.value.find(t => t.name === name)!
    expect(await panel.execute(stale, { x: 1 })).toEqual({ content: [{ type: 'text', text: 'partner got 1' }] })

    frame.remove()
    await until(() => !panel.tools.value.some(t => t.name === name))
    const rejection = await panel.execute(stale, { x: 2 }).then(() => undefined, (error: unknown) => error)
    expect(rejection).toBeInstanceOf(DOMException)
    expect(rejection).toMatchObject({ name: 'NotFoundError', message: `Tool "${name}" was registered by a frame that has left the page: it can no longer run.` })
  })
})
