// One registration pass over a group: every tool is prepared first, then the
// tools that change let go, then the new registrations go out back to back.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
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
