// A literal JSON Schema as outputSchema types what execute returns, as a Standard Schema does:
// a result that breaks it is a type error, not only an INVALID_OUTPUT at run time.
import { describe, expectTypeOf, it } from 'vitest'
import { defineWebMCPTool, useWebMCPTool } from 'vue-webmcp'

const inputSchema = { type: 'object', properties: {} } as const

describe('a literal outputSchema', () => {
  it('accepts a result of the shape it describes', () => {
    useWebMCPTool({
      name: 'count_items',
      description: 'd',
      inputSchema,
      outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
      execute: () => ({ count: 3 }),
    })
  })

  it('refuses one whose property has the wrong type', () => {
    useWebMCPTool({
      name: 'count_items',
      description: 'd',
      inputSchema,
      outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
      // @ts-expect-error count must be an integer
      execute: () => ({ count: 'many' }),
    })
  })

  it('refuses one without a required property, from an async execute too', () => {
    useWebMCPTool({
      name: 'count_items',
      description: 'd',
      inputSchema,
      outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
      // @ts-expect-error count is required
      execute: async () => ({}),
    })
  })

  it('defineWebMCPTool checks it too, and keeps execute\'s argument types', () => {
    const tool = defineWebMCPTool({
      name: 'total',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      execute: ({ n }) => ({ total: n * 2 }),
    })
    expectTypeOf(tool.name).toEqualTypeOf<'total'>()
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ n: number }>()
    defineWebMCPTool({
      name: 'total',
      description: 'd',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      // @ts-expect-error total must be a number
      execute: () => ({ total: 'two' }),
    })
  })

  it('without an outputSchema, execute returns anything and formatOutput sees its type', () => {
    useWebMCPTool({
      name: 'free',
      description: 'd',
      inputSchema,
      execute: () => 'text',
      formatOutput: result => expectTypeOf(result).toEqualTypeOf<string>(),
    })
  })
})
