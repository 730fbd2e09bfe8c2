import type { Ref } from 'vue'
import type { WebMCPConfig, WebMCPConfirmationRequest, WebMCPContentBlock, WebMCPToolResponse, WebMCPToolState } from '../../src'
import type { StandardSchemaV1 } from '../../src/types/standardSchema'
import { describe, expectTypeOf, it } from 'vitest'
import { ref } from 'vue'
import { defineWebMCPTool, isToolResponse, useWebMCPForm, useWebMCPTool, useWebMCPTools } from '../../src'

describe('argument types from a literal inputSchema', () => {
  it('infers required and optional properties, enum, const, nested objects and arrays', () => {
    useWebMCPTool({
      name: 'order',
      description: 'Orders a pizza',
      inputSchema: {
        type: 'object',
        properties: {
          size: { type: 'string', enum: ['S', 'M', 'L'] },
          count: { type: 'integer' },
          gift: { type: 'boolean' },
          kind: { const: 'pizza' },
          toppings: { type: 'array', items: { type: 'string' } },
          address: { type: 'object', properties: { street: { type: 'string' }, zip: { type: 'string' } }, required: ['street'] },
        },
        required: ['size', 'count'],
      },
      execute(args) {
        expectTypeOf(args.size).toEqualTypeOf<'S' | 'M' | 'L'>()
        expectTypeOf(args.count).toEqualTypeOf<number>()
        expectTypeOf(args.gift).toEqualTypeOf<boolean | undefined>()
        expectTypeOf(args.kind).toEqualTypeOf<'pizza' | undefined>()
        expectTypeOf(args.toppings).toEqualTypeOf<string[] | undefined>()
        expectTypeOf(args.address).toEqualTypeOf<{ street: string, zip?: string } | undefined>()
        return 'ok'
      },
    })
  })

  it('reports a misuse of an inferred argument as a type error', () => {
    useWebMCPTool({
      name: 'count',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      execute: ({ n }) => {
        // @ts-expect-error n is a number, not a string
        return n.toUpperCase()
      },
    })
    useWebMCPTool({
      name: 'missing',
      description: 'd',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
      execute: (args) => {
        // @ts-expect-error `other` is not in the schema
        return args.other
      },
    })
  })

  it('lets an explicit Args type win over the schema', () => {
    useWebMCPTool<{ id: string }>({
      name: 'get',
      description: 'd',
      inputSchema: { type: 'object' },
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ id: string }>()
      },
    })
  })

  it('falls back to a record without a schema', () => {
    useWebMCPTool({ name: 'x', description: 'd', execute(args) {
      expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>()
    } })
  })
})

describe('defineWebMCPTool', () => {
  it('keeps the literal name and the inferred types', () => {
    const tool = defineWebMCPTool({
      name: 'search_tasks',
      description: 'Searches',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: ({ q }) => ({ hits: [q] }),
    })
    expectTypeOf(tool.name).toEqualTypeOf<'search_tasks'>()
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ q: string }>()
    expectTypeOf(tool.execute).returns.toEqualTypeOf<{ hits: string[] } | Promise<{ hits: string[] }>>()
  })

  it('keeps an explicit Args and Result; the literal name then needs the third type argument', () => {
    // TypeScript infers no type argument once any is given explicitly.
    const loose = defineWebMCPTool<{ id: number }, string>({ name: 'get_task', description: 'd', execute: ({ id }) => `#${id}` })
    expectTypeOf(loose.name).toEqualTypeOf<string>()
    expectTypeOf(loose.execute).parameter(0).toEqualTypeOf<{ id: number }>()
    const exact = defineWebMCPTool<{ id: number }, string, 'get_task'>({ name: 'get_task', description: 'd', execute: ({ id }) => `#${id}` })
    expectTypeOf(exact.name).toEqualTypeOf<'get_task'>()
  })
})

describe('useWebMCPTools', () => {
  it('types byName with the literal names', () => {
    const a = defineWebMCPTool({ name: 'list_tasks', description: 'd', execute: () => [] })
    const b = defineWebMCPTool({ name: 'add_task', description: 'd', execute: () => '' })
    const group = useWebMCPTools([a, b])
    expectTypeOf(group.byName).toHaveProperty('list_tasks')
    expectTypeOf(group.byName).toHaveProperty('add_task')
    // @ts-expect-error not a tool of the group
    void group.byName.remove_task
  })

  it('holds plain values in byName, so a template reads a boolean, never a truthy ref', () => {
    const group = useWebMCPTools([defineWebMCPTool({ name: 'list_tasks', description: 'd', execute: () => [] })])
    expectTypeOf(group.byName.list_tasks.isRegistered).toEqualTypeOf<boolean>()
    expectTypeOf(group.byName.list_tasks.error).toEqualTypeOf<Error | null>()
    // The group's own state stays refs, to destructure as with any VueUse composable.
    expectTypeOf(group.isRegistered.value).toEqualTypeOf<boolean>()
  })

  it('falls back to string keys for reactive names', () => {
    const name: Ref<string> = ref('x')
    const group = useWebMCPTools([{ name, description: 'd', execute: () => '' }])
    expectTypeOf(group.byName).toEqualTypeOf<{ readonly [name: string]: WebMCPToolState<string> }>()
  })

  it('types each tool\'s lastResult from what its execute returns', () => {
    const group = useWebMCPTools([
      defineWebMCPTool({ name: 'count_tasks', description: 'd', execute: async () => ({ count: 3 }) }),
      { name: 'clear_tasks', description: 'd', execute: () => 'cleared' },
    ])
    expectTypeOf(group.byName.count_tasks.lastResult).toEqualTypeOf<{ count: number } | undefined>()
    expectTypeOf(group.byName.clear_tasks.lastResult).toEqualTypeOf<string | undefined>()
    expectTypeOf(group.byName.clear_tasks.isExecuting).toEqualTypeOf<boolean>()
    expectTypeOf(group.byName.clear_tasks.callCount).toEqualTypeOf<number>()
    expectTypeOf(group.byName.clear_tasks.lastError).toEqualTypeOf<Error | null>()
  })
})

describe('call state', () => {
  it('types lastResult from execute\'s return, awaited', () => {
    const { lastResult, isExecuting, callCount, lastError } = useWebMCPTool({ name: 'x', description: 'd', execute: async () => ({ id: 1 }) })
    expectTypeOf(lastResult.value).toEqualTypeOf<{ id: number } | undefined>()
    expectTypeOf(isExecuting.value).toEqualTypeOf<boolean>()
    expectTypeOf(callCount.value).toEqualTypeOf<number>()
    expectTypeOf(lastError.value).toEqualTypeOf<Error | null>()
  })

  it('types lastResult from a Standard Schema outputSchema and the args of onStart and onSuccess from inputSchema', () => {
    const output: StandardSchemaV1<{ ok: boolean }, { ok: boolean }> = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value: value as { ok: boolean } }) } }
    const { lastResult } = useWebMCPTool({
      name: 'y',
      description: 'd',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      outputSchema: output,
      execute: () => ({ ok: true }),
      onStart: (args) => {
        expectTypeOf(args.q).toEqualTypeOf<string>()
      },
      onSuccess: (result, args) => {
        expectTypeOf(result).toEqualTypeOf<{ ok: boolean }>()
        expectTypeOf(args.q).toEqualTypeOf<string>()
      },
    })
    expectTypeOf(lastResult.value).toEqualTypeOf<{ ok: boolean } | undefined>()
  })

  it('types confirm.when\'s arguments from inputSchema', () => {
    useWebMCPTool({
      name: 'z',
      description: 'd',
      inputSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      confirm: { when: args => args.amount > 100, remember: false, timeoutMs: 30_000 },
      execute: () => 'ok',
    })
  })

  it('takes confirm as true, false or an object, as a value, a ref or a getter; never a bare callback (ask is the field)', () => {
    const ask = (request: WebMCPConfirmationRequest) => request.args !== undefined
    useWebMCPTool({ name: 'a', description: 'd', confirm: { ask }, execute: () => 'ok' })
    useWebMCPTool({ name: 'b', description: 'd', confirm: ref(true), validateArgs: () => false, timeoutMs: ref(5), execute: () => 'ok' })
    useWebMCPTools([{ name: 'c', description: 'd', execute: () => 'ok' }], { confirm: () => ({ ask }), validateArgs: ref(false), timeoutMs: () => 60 })
    // @ts-expect-error a function taking the request is not a confirm: `confirm: { ask }` is
    useWebMCPTool({ name: 'd', description: 'd', confirm: ask, execute: () => 'ok' })
  })

  it('the app\'s confirm is an object too: ask and timeoutMs; when and remember are a tool\'s', () => {
    const ask = (request: WebMCPConfirmationRequest) => request.args !== undefined
    expectTypeOf<{ confirm: { ask: typeof ask, timeoutMs: number } }>().toExtend<WebMCPConfig>()
    // @ts-expect-error a bare callback is not the app's confirm: `confirm: { ask }` is
    const bare: WebMCPConfig = { confirm: ask }
    // @ts-expect-error `when` reads a tool's arguments: it is set on the tool or its group
    const when: WebMCPConfig = { confirm: { when: () => true } }
    expectTypeOf(bare).toEqualTypeOf(when)
  })
})

describe('useWebMCPForm', () => {
  it('types attrs for v-bind and the fields handler', () => {
    const form = useWebMCPForm<{ title: string, tags: string[] }, number>({
      name: 'create_task',
      description: 'd',
      execute: (fields, event) => {
        expectTypeOf(fields.tags).toEqualTypeOf<string[]>()
        expectTypeOf(event).toEqualTypeOf<SubmitEvent>()
        return 1
      },
    })
    expectTypeOf(form.attrs.value.toolname).toEqualTypeOf<string>()
    expectTypeOf(form.attrs.value.toolautosubmit).toEqualTypeOf<'' | undefined>()
  })
})

describe('platform types reach consumers', () => {
  it('types document.modelContext', () => {
    expectTypeOf(document.modelContext).toEqualTypeOf<WebMCP.ModelContext | undefined>()
  })
})

describe('result types narrow', () => {
  it('narrows a content block on its type', () => {
    const block = {} as WebMCPContentBlock
    if (block.type === 'text')
      expectTypeOf(block.text).toEqualTypeOf<string>()
    if (block.type === 'image')
      expectTypeOf(block.data).toEqualTypeOf<string>()
    // @ts-expect-error only a text block has text
    void block.text
  })

  it('reads a result from useRegisteredTools without a cast', () => {
    const result: unknown = {}
    if (isToolResponse(result)) {
      expectTypeOf(result).toEqualTypeOf<WebMCPToolResponse>()
      const first = result.content[0]
      if (first?.type === 'text')
        expectTypeOf(first.text).toEqualTypeOf<string>()
    }
  })
})
