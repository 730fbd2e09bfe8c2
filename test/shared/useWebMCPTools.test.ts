// useWebMCPTools and defineWebMCPTool in both lanes.
import { describe, expect, it, vi } from 'vitest'
import { nextTick, ref } from 'vue'
import { defineWebMCPTool, useWebMCPTools, WEBMCP_CONFIG } from '../../src'
import { countRegistrations, until, withSetup } from '../helpers'
import { callTool, cannot, firefox, lane, laneSuite, listedNames, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const names = () => listedNames(mc)

describe(`useWebMCPTools (${lane})`, () => {
  it('read tools stay on while write tools follow a ref; the agent\'s view follows the toggle', async () => {
    const [list, get, add, remove] = ['list', 'get', 'add', 'remove'].map(n => uniqueName(n)) as [string, string, string, string]
    const editing = ref(false)
    const tasks = ref<string[]>(['a'])
    const onError = vi.fn()
    const { result, unmount } = withSetup(() => useWebMCPTools([
      { name: list, description: 'Lists tasks', annotations: { readOnlyHint: true }, enabled: true, execute: () => tasks.value },
      { name: get, description: 'Gets a task', annotations: { readOnlyHint: true }, enabled: true, execute: ({ i }) => tasks.value[i as number] },
      { name: add, description: 'Adds a task', execute: ({ title }) => { tasks.value.push(title as string) } },
      // confirm: false: it runs without asking the person (no dialog in this test).
      { name: remove, description: 'Removes a task', annotations: { consequentialHint: true }, confirm: false, execute: () => { throw new Error('nope') } },
    ], { enabled: editing, annotations: { readOnlyHint: false }, onError }))
    cleanups.push(unmount)

    await until(() => result.isRegistered.value)
    let now = await names()
    expect(now).toEqual(expect.arrayContaining([list, get]))
    expect(now).not.toContain(add)

    editing.value = true
    await nextTick()
    await until(() => result.byName[add]!.isRegistered && result.byName[remove]!.isRegistered)
    expect(result.isRegistered.value).toBe(true)
    now = await names()
    expect(now).toEqual(expect.arrayContaining([list, get, add, remove]))

    const tools = await mc.getTools()
    expect(tools.find(t => t.name === list)!.annotations).toMatchObject({ readOnlyHint: true })
    expect(tools.find(t => t.name === add)!.annotations).toMatchObject({ readOnlyHint: false })
    const removeAnnotations = tools.find(t => t.name === remove)!.annotations
    if (cannot.listEveryAnnotation) // Chromium 150 and the polyfill list two of them
      expect(removeAnnotations).toEqual({ readOnlyHint: false, untrustedContentHint: false })
    else if (firefox) // Firefox lists readOnlyHint alone
      expect(removeAnnotations).toEqual({ readOnlyHint: false })
    else if (cannot.forwardConsequentialHint) // @mcp-b/global drops it on its way to the native context
      expect(removeAnnotations).toMatchObject({ consequentialHint: false, readOnlyHint: false })
    else
      expect(removeAnnotations).toMatchObject({ consequentialHint: true, readOnlyHint: false })

    await callTool(mc, add, { title: 'b' })
    expect(tasks.value).toEqual(['a', 'b'])
    const failed = await callTool(mc, remove)
    expect(failed.isError).toBe(true)
    await until(() => onError.mock.calls.length > 0)
    expect(onError).toHaveBeenCalledWith(expect.any(Error), remove)

    editing.value = false
    await nextTick()
    await until(async () => !(await names()).some(n => n === add || n === remove))
    now = await names()
    expect(now).not.toContain(add)
    expect(now).toContain(list)
    expect(result.isRegistered.value).toBe(true)
  })

  it('is not registered while no tool is enabled', async () => {
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    const { result, unmount } = withSetup(() => useWebMCPTools([{ name: uniqueName(), description: 'd', execute: () => '' }], { enabled: false }))
    cleanups.push(unmount)
    // The package registers synchronously, in the mounted hook or a pre-flush watcher: a count read after nextTick is final.
    await nextTick()
    expect(registrations.count).toBe(0)
    expect(result.isRegistered.value).toBe(false)
  })

  it('one invalid name leaves the others registered and callable; error is the first failure', async () => {
    const good = uniqueName('good')
    const { result, unmount } = withSetup(() => useWebMCPTools([
      { name: good, description: 'd', execute: () => 'fine' },
      { name: 'bad name', description: 'd', execute: () => '' },
    ]), { provide: { [WEBMCP_CONFIG]: { budgets: false } } })
    cleanups.push(unmount)
    await until(() => result.error.value)
    expect(result.error.value!.name).toBe('WebMCPDefinitionError')
    expect(result.byName['bad name']!.error!.message).toContain('not registered: a name must be 1-128 characters')
    await until(() => result.byName[good]!.isRegistered)
    expect(result.isRegistered.value).toBe(false)
    expect(await callTool(mc, good)).toEqual({ content: [{ type: 'text', text: 'fine' }] })
  })

  it('two tools with the same name: a clear error naming the duplicate, and no tool registered', async () => {
    const dup = uniqueName('dup')
    const other = uniqueName('other')
    const registrations = countRegistrations(mc)
    cleanups.push(registrations.stop)
    const { result, unmount } = withSetup(() => useWebMCPTools([
      { name: other, description: 'd', execute: () => '' },
      { name: dup, description: 'd', execute: () => '' },
      { name: dup, description: 'd2', execute: () => '' },
    ]))
    cleanups.push(unmount)
    await until(() => result.error.value)
    expect(result.error.value!.name).toBe('InvalidStateError')
    expect(result.error.value!.message).toContain(`Duplicate tool name "${dup}"`)
    await nextTick()
    expect(registrations.count).toBe(0)
    const now = await names()
    expect(now).not.toContain(dup)
    expect(now).not.toContain(other)
  })

  it('registers definitions made with defineWebMCPTool in a plain module', async () => {
    const search = defineWebMCPTool({
      name: uniqueName('search'),
      description: 'Searches tasks',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } as const,
      execute: ({ q }) => `results for ${q}`,
    })
    // Unit-testable without a component: it is the plain object.
    expect(search.execute({ q: 'x' }, { signal: new AbortController().signal })).toBe('results for x')
    const { result, unmount } = withSetup(() => useWebMCPTools([search]))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    expect(await callTool(mc, search.name, { q: 'milk' })).toEqual({ content: [{ type: 'text', text: 'results for milk' }] })
    // The guard checks the schema before execute.
    expect(textOf(await callTool(mc, search.name))).toContain('/q: required')
  })
})
