// vue-webmcp/testing's helpers for end-to-end tests, run here against a page
// whose `evaluate` calls the function in this document (as Playwright and
// Puppeteer do in theirs), and its init script evaluated in this one.
import { afterEach, describe, expect, it } from 'vitest'
import { callTool, initScript, InMemoryModelContext, install, listTools, submitAsAgent, ToolActivatedEvent, ToolCancelEvent, uninstall } from '../../../src/testing'

const page = { evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise.resolve(fn(arg)) }

afterEach(() => {
  uninstall()
  document.body.innerHTML = ''
})

describe('vue-webmcp/testing helpers', () => {
  it('listTools lists the page\'s tools without their window, each saying which frame it came from; callTool parses the result', async () => {
    const mc = install()
    await mc.registerTool({ name: 'double', description: 'Doubles n', execute: ({ n }) => ({ content: [{ type: 'text', text: String((n as number) * 2) }] }) })
    await mc.registerTool({ name: 'hello', description: 'Greets', execute: () => 'hello' })
    await mc.registerTool({ name: 'typed', description: 'Has schemas', inputSchema: { type: 'object' }, outputSchema: { type: 'string' }, execute: () => '' } as WebMCP.ModelContextTool)
    const tools = await listTools(page)
    // Read by attribute: the in-memory context lists Chrome 160's `Tool` objects, which copy as `{}`.
    expect(tools).toEqual([
      { name: 'double', title: '', description: 'Doubles n', origin: location.origin, inputSchema: null, outputSchema: null, annotations: null, frame: 'self' },
      { name: 'hello', title: '', description: 'Greets', origin: location.origin, inputSchema: null, outputSchema: null, annotations: null, frame: 'self' },
      { name: 'typed', title: '', description: 'Has schemas', origin: location.origin, inputSchema: { type: 'object' }, outputSchema: { type: 'string' }, annotations: null, frame: 'self' },
    ])
    expect(await callTool(page, 'double', { n: 21 })).toEqual({ content: [{ type: 'text', text: '42' }] })
    expect(await callTool(page, 'hello')).toBe('hello')
    await expect(callTool(page, 'missing')).rejects.toThrow('No tool named "missing" on this page.')
  })

  it('the in-memory context lists Chrome 160 Tool objects by default: a spread copies nothing, and executeTool refuses a copy', async () => {
    const mc = install()
    await mc.registerTool({ name: 'hello', description: 'Greets', execute: () => 'hi' })
    const [tool] = await mc.getTools()
    expect(tool!.name).toBe('hello')
    expect((tool as unknown as { source: unknown }).source).toBe(window)
    expect(tool!.window).toBeUndefined()
    expect({ ...tool }).toEqual({})
    expect(JSON.stringify(tool)).toBe('{}')
    expect(() => structuredClone(tool)).toThrow()
    await expect(mc.executeTool({ ...tool! }, {})).rejects.toThrow(TypeError)
    await expect(mc.executeTool({ name: 'hello', title: '', description: 'Greets', origin: location.origin, window }, {})).rejects.toThrow('is not of type \'Tool\'')
    expect(await mc.executeTool(tool!, {})).toBe('hi')
  })

  it('toolObjects: false gives Chrome 150-159\'s dictionaries, which executeTool finds by name', async () => {
    const mc = install({ toolObjects: false })
    await mc.registerTool({ name: 'hello', description: 'Greets', execute: () => 'hi' })
    const [tool] = await mc.getTools()
    expect({ ...tool }).toEqual({ name: 'hello', title: '', description: 'Greets', origin: location.origin, window })
    expect(await mc.executeTool({ ...tool! }, {})).toBe('hi')
  })

  it('the helpers say what is wrong when the page has no modelContext', async () => {
    await expect(listTools(page)).rejects.toThrow('add initScript before the page loads')
  })

  it('initScript is one self-contained script that installs a context which knows forms, and never replaces one', async () => {
    expect(initScript).not.toMatch(/\bimport\b|\brequire\(/)
    expect(document.modelContext).toBeUndefined()
    // eslint-disable-next-line no-new-func -- the test runs the script as a page's <script> would
    const run = new Function(initScript)
    run()
    const mc = document.modelContext as InMemoryModelContext
    try {
      expect(mc).toBeInstanceOf(EventTarget)
      document.body.innerHTML = '<form toolname="from_script" tooldescription="A form"><input name="q" required></form>'
      expect((await mc.getTools()).map(t => [t.name, t.inputSchema])).toEqual([['from_script', { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }]])
      run()
      expect(document.modelContext).toBe(mc)
      // The script's own classes, as a browser with WebMCP has them.
      expect((globalThis as { ToolActivatedEvent?: unknown }).ToolActivatedEvent).toBeTypeOf('function')
    }
    finally {
      mc.disconnect()
      delete (document as { modelContext?: unknown }).modelContext
      delete (globalThis as { ToolActivatedEvent?: unknown }).ToolActivatedEvent
      delete (globalThis as { ToolCancelEvent?: unknown }).ToolCancelEvent
    }
  })

  it('submitAsAgent submits with agentInvoked and resolves with what the form responded', async () => {
    document.body.innerHTML = '<form><input name="q" value="x"></form>'
    const form = document.querySelector('form')!
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      ;(event as SubmitEvent).respondWith(Promise.resolve({ agent: (event as SubmitEvent).agentInvoked }))
    })
    await expect(submitAsAgent(form)).resolves.toEqual({ agent: true })
    const silent = document.createElement('form')
    document.body.append(silent)
    await expect(submitAsAgent(silent)).rejects.toThrow('did not call respondWith()')
  })

  it('install() puts ToolActivatedEvent and ToolCancelEvent where the page looks for them, and uninstall() takes them away', () => {
    const scope = globalThis as { ToolActivatedEvent?: unknown, ToolCancelEvent?: unknown }
    expect(scope.ToolActivatedEvent).toBeUndefined()
    const mc = install()
    expect([scope.ToolActivatedEvent, scope.ToolCancelEvent]).toEqual([ToolActivatedEvent, ToolCancelEvent])
    const seen: Event[] = []
    mc.addEventListener('toolcancel', event => seen.push(event))
    mc.cancel('create_task')
    expect(seen[0]).toBeInstanceOf(ToolCancelEvent)
    expect((seen[0] as ToolCancelEvent).toolName).toBe('create_task')
    expect(new ToolActivatedEvent('toolactivated').toolName).toBe('')
    uninstall()
    expect(scope.ToolActivatedEvent).toBeUndefined()
    expect(scope.ToolCancelEvent).toBeUndefined()
  })
})

describe('outputSchema in the in-memory context', () => {
  it('is kept as JSON at registration: a function in it drops out, and getTools() still lists every tool', async () => {
    const mc = new InMemoryModelContext(undefined)
    const controller = new AbortController()
    await mc.registerTool({ name: 'with_output', description: 'd', execute: () => ({}), outputSchema: { type: 'object', default: () => 1 } } as WebMCP.ModelContextTool, { signal: controller.signal })
    await mc.registerTool({ name: 'other', description: 'd', execute: () => 'ok' }, { signal: controller.signal })
    const tools = await mc.getTools()
    expect(tools.map(t => t.name)).toEqual(['other', 'with_output'])
    expect((tools[1] as { outputSchema?: unknown }).outputSchema).toEqual({ type: 'object' })
    controller.abort()
  })
})
