// The Standard Schema adapter's edges, in happy-dom: schemas that cannot
// describe themselves, libraries that throw on a target, async validation,
// one conversion per schema, reactive swaps, budgets, and the result side.
import type { WebMCPConfig, WebMCPToolResponse } from '../../../../src'
import type { StandardSchemaV1 } from '../../../../src/types/standardSchema'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp, effectScope, nextTick, shallowRef } from 'vue'
import { z } from 'zod'
import { useWebMCPTool, WEBMCP_CONFIG, WebMCPDefinitionError } from '../../../../src'
import { install, uninstall } from '../../../../src/testing'
import { until } from '../../../helpers'

const stops: (() => void)[] = []
afterEach(() => {
  stops.splice(0).forEach(stop => stop())
  uninstall()
})

function setup(options: Record<string, unknown>, config: WebMCPConfig = {}) {
  const scope = effectScope()
  stops.push(() => scope.stop())
  return scope.run(() => {
    const app = createApp({ render: () => null })
    app.provide(WEBMCP_CONFIG, config)
    return app.runWithContext(() => useWebMCPTool({ name: 'tool', description: 'd', execute: () => 'ran', ...options } as Parameters<typeof useWebMCPTool>[0]))
  })!
}

async function call(mc: ReturnType<typeof install>, args: object = {}) {
  const [tool] = await mc.getTools()
  return JSON.parse(await mc.executeTool(tool!, args)) as WebMCPToolResponse
}

/** A hand-made Standard Schema: `convert` stands for the library's JSON Schema converter. */
type Validate = StandardSchemaV1['~standard']['validate']
function handMade(convert?: (target: string) => Record<string, unknown>, validate: Validate = value => ({ value })) {
  return {
    '~standard': {
      version: 1,
      vendor: 'handmade',
      validate,
      ...(convert && { jsonSchema: { input: (o: { target: string }) => convert(o.target), output: (o: { target: string }) => convert(o.target) } }),
    },
  } as const
}

describe('a Standard Schema that cannot describe the tool', () => {
  it('a validate-only schema is refused at setup, saying what to pass instead', async () => {
    const mc = install()
    const state = setup({ inputSchema: handMade() })
    await until(() => state.error.value)
    expect(state.error.value).toBeInstanceOf(WebMCPDefinitionError)
    expect(state.error.value!.message).toMatch(/^Tool "tool": the input schema \(handmade\) can validate but cannot describe itself as JSON Schema.*Zod 4\.2 or later, ArkType 2, Valibot wrapped in toStandardJsonSchema\(\).*or a JSON Schema object\.$/)
    expect(mc.toolNames).toEqual([])
  })

  it('a library that throws on 2020-12 is asked for draft-07, which keeps its $schema', async () => {
    const mc = install()
    const targets: string[] = []
    const state = setup({ inputSchema: handMade((target) => {
      targets.push(target)
      if (target !== 'draft-07')
        throw new Error('only draft-07')
      return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }
    }) })
    await until(() => state.isRegistered.value)
    expect(targets).toEqual(['draft-2020-12', 'draft-07'])
    expect((await mc.getTools())[0]!.inputSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' })
  })

  it('a library that throws on both targets is refused with its message', async () => {
    const mc = install()
    const state = setup({ outputSchema: handMade(() => {
      throw new Error('The "trim" action cannot be converted to JSON Schema.')
    }) })
    await until(() => state.error.value)
    expect(state.error.value!.message).toBe('Tool "tool": the output schema (handmade) could not be converted to JSON Schema: The "trim" action cannot be converted to JSON Schema.')
    expect(mc.toolNames).toEqual([])
  })
})

describe('a Standard Schema tool', () => {
  it('converts each schema once, however often its tool registers', async () => {
    install()
    const convert = vi.fn(() => ({ type: 'object' }))
    const schema = handMade(convert)
    const enabled = shallowRef(true)
    const state = setup({ inputSchema: schema, enabled })
    await until(() => state.isRegistered.value)
    enabled.value = false
    await nextTick()
    enabled.value = true
    await until(() => state.isRegistered.value)
    expect(convert).toHaveBeenCalledTimes(1)
  })

  it('awaits an async validate, and reports its issues with their paths ({ key } segments too)', async () => {
    const mc = install()
    const execute = vi.fn(() => 'ran')
    const state = setup({ execute, inputSchema: handMade(() => ({ type: 'object' }), async (value) => {
      await new Promise(resolve => setTimeout(resolve, 5))
      return (value as { ok?: boolean }).ok ? { value: { ok: 'parsed' } } : { issues: [{ message: 'taken', path: ['user', { key: 'a/b' }, 0] }, { message: 'whole' }] }
    }) })
    await until(() => state.isRegistered.value)
    expect(await call(mc, {})).toEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool "tool":\n/user/a~1b/0: taken\n(arguments): whole' }],
      isError: true,
      _meta: { 'vue-webmcp/code': 'INVALID_ARGS' },
    })
    expect(execute).not.toHaveBeenCalled()
    await call(mc, { ok: true })
    expect(execute).toHaveBeenCalledWith({ ok: 'parsed' }, expect.anything())
  })

  it('refuses arguments nested deeper than 64 levels before the schema runs', async () => {
    const mc = install()
    const validate = vi.fn((value: unknown) => ({ value }))
    const state = setup({ inputSchema: handMade(() => ({ type: 'object' }), validate) })
    await until(() => state.isRegistered.value)
    let deep: object = {}
    for (let i = 0; i < 100; i++) deep = { child: deep }
    const received = await call(mc, deep)
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(validate).not.toHaveBeenCalled()
  })

  it('a schema swapped for another re-registers with its JSON Schema, and calls check with the new one', async () => {
    const mc = install()
    const schema = shallowRef<object>(z.object({ a: z.string() }))
    const state = setup({ inputSchema: schema })
    await until(() => state.isRegistered.value)
    schema.value = z.object({ b: z.number() })
    await until(async () => JSON.stringify((await mc.getTools())[0]?.inputSchema).includes('"b"'))
    expect((await call(mc, { b: 'x' }))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect((await call(mc, { b: 1 })).isError).toBeUndefined()
  })

  it('\'error\' budgets hold its JSON Schema to the parameter budgets, output schema included', () => {
    install()
    expect(() => setup({ inputSchema: z.object({ city: z.string().describe('x'.repeat(200)) }) }, { budgets: 'error' }))
      .toThrow(/Tool "tool": the description at \/properties\/city is 200 characters, over Chrome's budget of 150\./)
    expect(() => setup({ outputSchema: z.object({ a_very_long_result_field_name_here: z.string() }) }, { budgets: 'error' }))
      .toThrow(/Tool "tool": the output schema's parameter name at \/properties\/a_very_long_result_field_name_here is 34 characters, over Chrome's budget of 30\./)
  })
})

describe('outputSchema, on the result side', () => {
  const outputSchema = z.object({ n: z.number() })

  it('a returned MCP result is checked by its structuredContent and passed on as it is', async () => {
    const mc = install()
    const good = { content: [{ type: 'text', text: 'n is 1' }], structuredContent: { n: 1 } }
    const state = setup({ outputSchema, execute: () => good })
    await until(() => state.isRegistered.value)
    expect(await call(mc)).toEqual(good)
  })

  it('a returned MCP result without structuredContent breaks the schema', async () => {
    const mc = install()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const state = setup({ outputSchema, execute: () => ({ content: [{ type: 'text', text: 'n is 1' }] }) })
    await until(() => state.isRegistered.value)
    expect((await call(mc))._meta).toEqual({ 'vue-webmcp/code': 'INVALID_OUTPUT' })
  })

  it('a result the tool marked isError is its own failure and goes as it is', async () => {
    const mc = install()
    const failure = { content: [{ type: 'text', text: 'no data' }], isError: true }
    const state = setup({ outputSchema, execute: () => failure })
    await until(() => state.isRegistered.value)
    expect(await call(mc)).toEqual(failure)
  })

  it('hands registerTool the output schema as JSON Schema, without $schema', async () => {
    // (The in-memory context's getTools() does not list outputSchema: what registerTool receives is what Chrome 159 reads.)
    const mc = install()
    const registerTool = vi.spyOn(mc, 'registerTool')
    const state = setup({ outputSchema })
    await until(() => state.isRegistered.value)
    const [tool] = registerTool.mock.calls[0]!
    expect((tool as { outputSchema?: object }).outputSchema).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] })
  })
})
