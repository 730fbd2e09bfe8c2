// execute's types from Zod, Valibot and ArkType schemas: arguments are the
// schema's output (transforms and defaults applied), and with an outputSchema
// the return type is checked against it.
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineWebMCPTool, useWebMCPTool, useWebMCPTools } from '../../src'

describe('arguments from a Standard Schema', () => {
  it('Zod: the output type, defaults and transforms applied', () => {
    useWebMCPTool({
      name: 'forecast',
      description: 'd',
      inputSchema: z.object({ city: z.string().transform(s => s.length), days: z.number().default(3), note: z.string().optional() }),
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ city: number, days: number, note?: string | undefined }>()
        return ''
      },
    })
  })

  it('Valibot through toStandardJsonSchema', () => {
    useWebMCPTool({
      name: 'v',
      description: 'd',
      inputSchema: toStandardJsonSchema(v.object({ id: v.string(), count: v.optional(v.number(), 1) })),
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ id: string, count: number }>()
        return ''
      },
    })
  })

  it('ArkType', () => {
    useWebMCPTool({
      name: 'a',
      description: 'd',
      inputSchema: type({ 'id': 'string', 'tags?': 'string[]' }),
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ id: string, tags?: string[] }>()
        return ''
      },
    })
  })

  it('reports a misuse of an argument as a type error', () => {
    useWebMCPTool({
      name: 'z',
      description: 'd',
      inputSchema: z.object({ n: z.number() }),
      // @ts-expect-error n is a number, not a string
      execute: ({ n }) => n.toUpperCase(),
    })
  })

  it('defineWebMCPTool keeps the inferred arguments', () => {
    const tool = defineWebMCPTool({
      name: 'search',
      description: 'd',
      inputSchema: z.object({ q: z.string() }),
      execute: ({ q }) => q.length,
    })
    expectTypeOf(tool.name).toEqualTypeOf<'search'>()
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ q: string }>()
    useWebMCPTools([tool])
  })
})

describe('the return type against an outputSchema', () => {
  it('Zod: a matching return compiles, a mismatched one does not', () => {
    useWebMCPTool({
      name: 'w',
      description: 'd',
      inputSchema: z.object({ city: z.string() }),
      outputSchema: z.object({ temperature: z.number() }),
      execute: async ({ city }) => ({ temperature: city.length }),
    })
    const weather = z.object({ temperature: z.number() })
    // (On one line: checkers report the mismatch at the call or at `execute`.)
    // @ts-expect-error temperature must be a number
    useWebMCPTool({ name: 'w2', description: 'd', inputSchema: z.object({}), outputSchema: weather, execute: () => ({ temperature: 'warm' }) })
  })

  it('without an inputSchema; a literal JSON Schema', () => {
    useWebMCPTool({
      name: 'o',
      description: 'd',
      outputSchema: type({ ok: 'boolean' }),
      execute: () => ({ ok: true }),
    })
    // @ts-expect-error ok must be a boolean
    useWebMCPTool({ name: 'o2', description: 'd', outputSchema: z.object({ ok: z.boolean() }), execute: () => ({ ok: 1 }) })
    // A literal is checked at run time only.
    useWebMCPTool({
      name: 'l',
      description: 'd',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      execute: () => ({ total: 3 }),
    })
  })

  it('defineWebMCPTool checks it too', () => {
    // @ts-expect-error n must be a number
    defineWebMCPTool({ name: 'd', description: 'd', inputSchema: z.object({}), outputSchema: z.object({ n: z.number() }), execute: () => ({ n: 'x' }) })
  })
})
