// One registration pass over a group: every tool is prepared first, then the
// tools that change let go, then the new registrations go out back to back.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref, watch } from 'vue'
import { useWebMCPTools, WebMCPDefinitionError } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

let scope = effectScope()
beforeEach(() => {
  scope = effectScope()
})
afterEach(() => {
  scope.stop()
  uninstall()
})

it('two tools of a group swap names in one pass: each registers once, with no refusal and no retry', async () => {
  const mc = install()
  const first = ref('alpha')
  const second = ref('beta')
  const group = scope.run(() => useWebMCPTools([
    { name: first, description: 'first tool', execute: () => 'first' },
    { name: second, description: 'second tool', execute: () => 'second' },
  ] as const))!
  await until(() => group.isRegistered.value)
  const registerTool = vi.spyOn(mc, 'registerTool')

  first.value = 'beta'
  second.value = 'alpha'
  await nextTick()
  await until(() => group.isRegistered.value)
  // Neither asked for a name the other still held: one registerTool call each.
  expect(registerTool.mock.calls.map(([tool]) => tool.name)).toEqual(['beta', 'alpha'])
  expect(group.error.value).toBeNull()
  const tools = await mc.getTools()
  const run = async (name: string) => JSON.parse(await mc.executeTool(tools.find(t => t.name === name)!, {})).content[0].text
  expect(await run('beta')).toBe('first')
  expect(await run('alpha')).toBe('second')
})

/** A hand-made Standard Schema whose converter answers `convert(target)`. */
function handmade(convert: (target: string) => unknown) {
  return {
    '~standard': {
      version: 1,
      vendor: 'handmade',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: ({ target }: { target: string }) => convert(target), output: ({ target }: { target: string }) => convert(target) },
    },
  }
}

it.each([['undefined', undefined], ['null', null]])('a converter that answers %s: that tool lands in error, the tools after it and the group stay registered, nothing escapes the scope', async (_label, answer) => {
  const mc = install()
  const group = scope.run(() => useWebMCPTools([
    { name: 'before', description: 'd', execute: () => '' },
    { name: 'bad', description: 'd', inputSchema: handmade(() => answer) as never, execute: () => '' },
    { name: 'after', description: 'd', execute: () => '' },
  ] as const))!
  await until(() => group.byName.before.isRegistered && group.byName.after.isRegistered)
  const error = group.byName.bad.error
  expect(error).toBeInstanceOf(WebMCPDefinitionError)
  expect(error!.message).toBe(`Tool "bad": the input schema (handmade) could not be converted to JSON Schema: ~standard.jsonSchema.input() returned ${String(answer)} for draft-2020-12`)
  expect(group.byName.bad.isRegistered).toBe(false)
  expect([...mc.toolNames].sort()).toEqual(['after', 'before'])
})

it('a converter that supports only draft-07 answers the other target with nothing: the tool registers with its draft-07 schema', async () => {
  const mc = install()
  const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } } }
  const state = scope.run(() => useWebMCPTools([
    { name: 'draft7', description: 'd', inputSchema: handmade(target => target === 'draft-07' ? draft7 : undefined) as never, execute: () => '' },
  ] as const))!
  await until(() => state.isRegistered.value)
  const [tool] = await mc.getTools()
  const listed = tool!.inputSchema as unknown
  expect(typeof listed === 'string' ? JSON.parse(listed) : listed).toEqual(draft7)
})

it('a context with no registerTool: the tool lands in error, and setup does not throw', () => {
  const group = scope.run(() => useWebMCPTools([
    { name: 'orphan', description: 'd', execute: () => '' },
  ] as const, { document: { modelContext: { registerTool: undefined } } as never }))!
  expect(group.isRegistered.value).toBe(false)
  expect(group.error.value).toBeInstanceOf(TypeError)
})

it('a watcher that throws while a pass registers: the tools after it register on the next pass', async () => {
  const mc = install()
  // As Chromium 150 answers: nothing once the tool is registered, so the pass writes isRegistered at once.
  const registerTool = mc.registerTool.bind(mc)
  vi.spyOn(mc, 'registerTool').mockImplementation((tool, options) => {
    registerTool(tool, options).catch(() => {})
    return undefined as unknown as Promise<void>
  })
  const first = ref('first tool')
  const second = ref('second tool')
  const group = scope.run(() => useWebMCPTools([
    { name: 'a', description: first, execute: () => 'a' },
    { name: 'b', description: second, execute: () => 'b' },
  ] as const))!
  expect(group.isRegistered.value).toBe(true)
  let throws = 1
  scope.run(() => watch(() => group.byName.a.isRegistered, (registered) => {
    if (registered && throws-- > 0)
      throw new Error('a watcher threw')
  }, { flush: 'sync' }))
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  first.value = 'first tool, again'
  second.value = 'second tool, again'
  await nextTick().catch(() => {})
  errors.mockRestore()

  first.value = 'first tool, once more'
  await nextTick()
  await until(() => group.isRegistered.value)
  expect(group.byName.b.isRegistered).toBe(true)
  expect((await mc.getTools()).map(t => [t.name, t.description])).toEqual(expect.arrayContaining([['a', 'first tool, once more'], ['b', 'second tool, again']]))
})

it('a group\'s registerTool calls are made one function below useWebMCPTools: a page a DevTools client drives pays for every frame there', () => {
  const mc = install()
  const register = mc.registerTool
  const callers: string[][] = []
  mc.registerTool = function capture(this: typeof mc, ...args: Parameters<typeof register>) {
    callers.push(new Error('where').stack!.split('\n').slice(2, 4).map(line => line.trim().split(' ')[1]!))
    return register.apply(this, args)
  }
  scope.run(() => useWebMCPTools([
    { name: 'one', description: 'd', execute: () => '' },
    { name: 'two', description: 'd', execute: () => '' },
  ] as const))
  expect(callers).toEqual([['registerAll', 'useWebMCPTools'], ['registerAll', 'useWebMCPTools']])
})
