// What the warm-up loads for a tool, read from the tool's call-time view: the
// parts a call of it can wait on, and nothing else.
import type { ToolView } from '../../../src/call/trackedCall'
import { beforeEach, expect, it, vi } from 'vitest'
import { reactive, ref } from 'vue'
import { z } from 'zod'

const loaded = vi.hoisted(() => [] as string[])
function mockParts(): void {
  vi.resetModules()
  const record = (part: string) => async (importOriginal: () => Promise<unknown>) => {
    loaded.push(part)
    return importOriginal()
  }
  vi.doMock('../../../src/schemas/json-schema/validate', record('validator'))
  vi.doMock('../../../src/schemas/json-schema/formats', record('formats'))
  vi.doMock('../../../src/schemas/standard-schema/validate', record('standardSchema'))
  vi.doMock('../../../src/call/confirm', record('confirmation'))
  vi.doMock('../../../src/call/budgets', record('budgets'))
  vi.doMock('../../../src/results/untrusted', record('marking'))
}
beforeEach(() => {
  loaded.length = 0
  mockParts()
})

const settings = { budgets: false, validateArgs: true } as const
async function warmedFor(view: Partial<ToolView>): Promise<string[]> {
  const { warmUp } = await import('../../../src/call/warmUp')
  await warmUp([{ view: () => ({ name: 'tool', settings, ...view }) as ToolView }])
  return [...loaded].sort()
}

it.each<[string, Partial<ToolView>, string[]]>([
  ['no schema', {}, []],
  ['a JSON Schema without format', { inputSchema: { type: 'object' } }, ['validator']],
  ['a JSON Schema with format', { inputSchema: { type: 'object', properties: { on: { type: 'string', format: 'date' } } } }, ['formats', 'validator']],
  ['an input schema with validateArgs: false', { inputSchema: { type: 'object' }, settings: { ...settings, validateArgs: false } }, []],
  ['an output schema only', { settings: { ...settings, validateArgs: false }, outputSchema: { type: 'object' } }, ['validator']],
  ['a Standard Schema (Zod)', { inputSchema: z.object({ q: z.string() }) }, ['standardSchema']],
  ['consequentialHint', { annotations: { consequentialHint: true } }, ['confirmation']],
  ['consequentialHint with confirm: false', { annotations: { consequentialHint: true }, settings: { ...settings, confirmChoices: { tool: false, group: undefined } } }, []],
  ['a group that asks', { settings: { ...settings, confirmChoices: { tool: undefined, group: { remember: true } } } }, ['confirmation']],
  ['budgets: \'error\'', { settings: { ...settings, budgets: 'error' } }, ['budgets']],
  ['budgets: \'warn\'', { settings: { ...settings, budgets: 'warn' } }, []],
  ['untrustedContentHint', { annotations: { untrustedContentHint: true } }, ['marking']],
])('%s', async (_case, view, parts) => {
  expect(await warmedFor(view)).toEqual(parts)
})

it.each<[string, object, object | undefined, string[]]>([
  ['a confirm ref that reads false now', { confirm: ref(false) }, undefined, ['confirmation']],
  ['a confirm getter that reads false now', { confirm: () => false }, undefined, ['confirmation']],
  ['a group\'s confirm ref, the tool setting none', {}, { confirm: ref(false) }, ['confirmation']],
  ['the tool\'s own confirm: false over its group\'s ref', { confirm: false }, { confirm: ref(true) }, []],
  ['a validateArgs ref that reads false now, with an input schema', { validateArgs: ref(false) }, undefined, ['validator']],
  ['a group\'s reactive() options, whose confirm and validateArgs may be set later', {}, reactive({ confirm: false, validateArgs: false }), ['confirmation', 'validator']],
  ['a plain group\'s options, read as they are', {}, { confirm: false, validateArgs: false }, []],
])('%s: its part loads, as the next call may need it', async (_case, options, shared, parts) => {
  const { warmUp } = await import('../../../src/call/warmUp')
  // What each option reads now: nothing asks, nothing is checked.
  const view = { name: 'tool', settings: { ...settings, validateArgs: false, confirmChoices: { tool: false, group: undefined } }, inputSchema: { type: 'object' } } as ToolView
  await warmUp([{ view: () => view, options, group: shared && { shared } }])
  expect([...loaded].sort()).toEqual(parts)
})

it('a view that throws as it is read loads nothing, and never rejects', async () => {
  const { warmUp } = await import('../../../src/call/warmUp')
  await expect(warmUp([{ view: () => { throw new Error('a getter threw') } }])).resolves.toBeUndefined()
  expect(loaded).toEqual([])
})

it('a view whose annotations or confirm throw as read loads nothing for that tool, and never rejects', async () => {
  const { warmUp } = await import('../../../src/call/warmUp')
  const throwing = { get consequentialHint(): boolean { throw new Error('a store not ready') } }
  await expect(warmUp([
    { view: () => ({ name: 'asks', settings, annotations: throwing }) as ToolView },
    { view: () => ({ name: 'json', settings, inputSchema: { type: 'object' } }) },
  ])).resolves.toBeUndefined()
  expect(loaded).toEqual(['validator'])
})

// Through the part's `load`, not a module mock that throws: vitest's mocks, reset before each test,
// now and then answered such an import with an error of their own.
it('a part that cannot be loaded does not reject the warm-up', async () => {
  const { warmUp } = await import('../../../src/call/warmUp')
  const { confirmationPart } = await import('../../../src/call/parts')
  const { CodeLoadError } = await import('../../../src/shared/errors')
  const load = vi.spyOn(confirmationPart, 'load').mockRejectedValue(new CodeLoadError('the confirmation step', 'Could not load the confirmation step.'))
  await expect(warmUp([{ view: () => ({ name: 'asks', settings, annotations: { consequentialHint: true } }) }])).resolves.toBeUndefined()
  expect(load).toHaveBeenCalledOnce()
  expect(confirmationPart.value).toBeUndefined()
})

it('a part whose load failed is not kept: it names the part, and the next use loads it again', async () => {
  const { lazyPart } = await import('../../../src/call/parts')
  const module = { confirm: () => true }
  const load = vi.fn()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce(module)
  const part = lazyPart('the confirmation step', load)
  const failure = await part.load().catch((error: unknown) => error)
  expect(failure).toMatchObject({ name: 'CodeLoadError', part: 'the confirmation step', cause: { name: 'TypeError' } })
  expect(part.value).toBeUndefined()
  await expect(part.load()).resolves.toBe(module)
  expect(part.value).toBe(module)
  await expect(part.load()).resolves.toBe(module)
  expect(load).toHaveBeenCalledTimes(2)
})
