// What the validation step loads, and when: a page loads only the validator its
// tools' schemas need. A Standard Schema tool never loads the JSON Schema
// validator; the `format` checkers load only for a schema that uses `format`.
// The warm-up is off here, so each loads on the call that needs it; the
// warm-up loads the same parts (call/warmUp.ts, registration/lazyLoading.test.ts).
import { afterEach, expect, it, vi } from 'vitest'
import { createApp, effectScope } from 'vue'
import { z } from 'zod'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

const loaded = vi.hoisted(() => new Set<string>())
vi.mock('../../../src/schemas/json-schema/validate', async (importOriginal) => {
  loaded.add('validate')
  return importOriginal()
})
vi.mock('../../../src/schemas/json-schema/formats', async (importOriginal) => {
  loaded.add('formats')
  return importOriginal()
})
vi.mock('../../../src/schemas/standard-schema/validate', async (importOriginal) => {
  loaded.add('standardSchema')
  return importOriginal()
})

const scope = effectScope()
afterEach(() => {
  scope.stop()
  uninstall()
})

it('loads each validator on the first call that needs it, and the format checkers only for a schema with format', async () => {
  const mc = install()
  const app = createApp({ render: () => null }).provide(WEBMCP_CONFIG, { warmUp: false })
  const states = scope.run(() => app.runWithContext(() => [
    useWebMCPTool({ name: 'zod', description: 'd', inputSchema: z.object({ a: z.string() }), execute: () => 'ok' }),
    useWebMCPTool({ name: 'plain', description: 'd', inputSchema: { type: 'object', properties: { a: { type: 'string' } } }, execute: () => 'ok' }),
    useWebMCPTool({ name: 'dated', description: 'd', inputSchema: { type: 'object', properties: { on: { type: 'string', format: 'date' } } }, execute: () => 'ok' }),
  ]))!
  await until(() => states.every(s => s.isRegistered.value))
  expect([...loaded]).toEqual([])
  const call = async (name: string, args: object) => {
    const tool = (await mc.getTools()).find(t => t.name === name)!
    return JSON.parse(await mc.executeTool(tool, args)) as { isError?: boolean }
  }

  expect((await call('zod', { a: 'x' })).isError).toBeUndefined()
  expect([...loaded]).toEqual(['standardSchema'])

  expect((await call('plain', { a: 'x' })).isError).toBeUndefined()
  expect([...loaded].sort()).toEqual(['standardSchema', 'validate'])

  expect((await call('dated', { on: '2026-02-30' })).isError).toBe(true)
  expect([...loaded].sort()).toEqual(['formats', 'standardSchema', 'validate'])
})
