// Schemas as developers write them, on every lane, through the page's own
// `executeTool`: Zod, Valibot (with its JSON Schema converter) and ArkType as
// `inputSchema`, and `outputSchema` (a literal or a Standard Schema) answering
// `structuredContent` with its text mirror.
import type { WebMCPConfig, WebMCPToolResponse } from '../../src'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { until, withSetup } from '../helpers'
import { executeTool, lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

/** Registers a tool in an app with `config`, and returns what `getTools()` lists of it and a caller. */
async function register(options: Record<string, unknown>, config: WebMCPConfig = {}) {
  const name = uniqueName('s')
  const mounted = withSetup(() => useWebMCPTool({ name, description: 'd', execute: () => '', ...options } as Parameters<typeof useWebMCPTool>[0]), { provide: { [WEBMCP_CONFIG]: config } })
  cleanups.push(mounted.unmount)
  await until(() => mounted.result.isRegistered.value || mounted.result.error.value)
  expect(mounted.result.error.value).toBeNull()
  const tool = (await mc.getTools()).find(t => t.name === name)!
  const listed = typeof tool.inputSchema === 'string' ? (tool.inputSchema ? JSON.parse(tool.inputSchema) : undefined) : tool.inputSchema
  const call = async (args: object) => JSON.parse(await executeTool(mc, tool, args)) as WebMCPToolResponse
  return { tool, listed, call, state: mounted.result }
}

const city = 'Lisbon'
// One schema, three libraries: a refinement (min length), a default and a transform (trimmed, upper-cased city).
const libraries = [
  ['Zod', z.object({
    city: z.string().trim().min(2).transform(s => s.toUpperCase()),
    days: z.number().int().min(1).max(7).default(3),
  })],
  ['Valibot', toStandardJsonSchema(v.object({
    // (Valibot's converter throws on `trim`: the transform trims.)
    city: v.pipe(v.string(), v.minLength(2), v.transform(s => s.trim().toUpperCase())),
    days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), 3),
  }))],
  ['ArkType', type({
    city: type('string').pipe(s => s.trim()).to('string>=2').pipe(s => s.toUpperCase()),
    days: type('1<=number.integer<=7').default(3),
  })],
] as const

describe(`Standard Schema as inputSchema (${lane})`, () => {
  it.each(libraries)('%s: the browser lists its JSON Schema, cleaned of $schema', async (_, schema) => {
    const { listed } = await register({ inputSchema: schema })
    expect(listed).toMatchObject({ type: 'object', properties: { city: { type: 'string' }, days: { maximum: 7, minimum: 1 } }, required: ['city'] })
    expect(listed).not.toHaveProperty('$schema')
  })

  it.each(libraries)('%s: execute receives the validated output, refinement, default and transform applied', async (_, schema) => {
    const execute = vi.fn((args: { city: string, days: number }) => `${args.city} for ${args.days} days`)
    const { call } = await register({ inputSchema: schema, execute })
    expect(await call({ city: `  ${city} ` })).toEqual({ content: [{ type: 'text', text: 'LISBON for 3 days' }] })
    expect(execute).toHaveBeenCalledWith({ city: 'LISBON', days: 3 }, expect.anything())
  })

  it.each(libraries)('%s: invalid arguments answer INVALID_ARGS naming each path, and execute never runs', async (_, schema) => {
    const execute = vi.fn(() => 'ran')
    const { call } = await register({ inputSchema: schema, execute })
    const received = await call({ city: 'x', days: 9 })
    expect(received.isError).toBe(true)
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    const text = (received.content[0] as { text: string }).text
    expect(text).toMatch(/^Invalid arguments for tool "s_\w+":\n/)
    expect(text.split('\n').slice(1).map(line => line.split(':')[0]).sort()).toEqual(['/city', '/days'])
    expect(execute).not.toHaveBeenCalled()
  })
})

describe(`outputSchema (${lane})`, () => {
  const literal = { type: 'object', properties: { temperature: { type: 'number' }, unit: { enum: ['C', 'F'] } }, required: ['temperature', 'unit'] } as const
  const zod = z.object({ temperature: z.number(), unit: z.enum(['C', 'F']) })

  it.each([['a JSON Schema', literal], ['a Zod schema', zod]] as const)('%s: registers, and a result answers structuredContent with its JSON as text', async (_, outputSchema) => {
    const { call } = await register({ outputSchema, execute: () => ({ temperature: 21.5, unit: 'C' }) })
    expect(await call({})).toEqual({
      content: [{ type: 'text', text: '{"temperature":21.5,"unit":"C"}' }],
      structuredContent: { temperature: 21.5, unit: 'C' },
    })
  })

  it.each([['a JSON Schema', literal], ['a Zod schema', zod]] as const)('%s: a result that breaks it answers INVALID_OUTPUT naming the problem, not the data; onError is called', async (_, outputSchema) => {
    const onError = vi.fn()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { call } = await register({ outputSchema, onError, execute: () => ({ temperature: 'secret-value', unit: 'C' }) })
    const received = await call({})
    expect(received.isError).toBe(true)
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'INVALID_OUTPUT' })
    const text = (received.content[0] as { text: string }).text
    expect(text).toMatch(/does not match its output schema:\n\/temperature: /)
    expect(text).not.toContain('secret-value')
    expect(received).not.toHaveProperty('structuredContent')
    await until(() => onError.mock.calls.length > 0)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'ToolOutputError' }))
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('INVALID_OUTPUT'))
  })

  it('in \'error\' mode, a structured result over the budget is refused whole, never shortened', async () => {
    const { call } = await register({ outputSchema: z.object({ text: z.string() }), execute: () => ({ text: 'x'.repeat(5000) }) }, { budgets: 'error', limits: { result: 1000 } })
    const received = await call({})
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'OUTPUT_TOO_LARGE' })
    expect(received).not.toHaveProperty('structuredContent')
  })
})
