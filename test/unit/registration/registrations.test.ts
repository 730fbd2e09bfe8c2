// One registration pass over a group: every tool is prepared first, then the
// tools that change let go, then the new registrations go out back to back.
import { afterEach, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useWebMCPTools } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

const scope = effectScope()
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
