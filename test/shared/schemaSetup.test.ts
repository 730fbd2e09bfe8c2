// A schema that cannot be enforced keeps its tool unregistered, with `error`
// saying which problem and where; its siblings are unaffected. Both lanes.
import { describe, expect, it, vi } from 'vitest'
import { createApp, effectScope } from 'vue'
import { useWebMCPTool, useWebMCPTools, WEBMCP_CONFIG, WebMCPDefinitionError } from '../../src'
import { until, withSetup } from '../helpers'
import { callTool, lane, laneSuite, listedNames, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const names = () => listedNames(mc)

function cyclicSchema(): object {
  const schema: Record<string, unknown> = { type: 'object', properties: {} }
  ;(schema.properties as Record<string, unknown>).self = schema
  return schema
}

describe(`a schema that cannot be enforced (${lane})`, () => {
  it.each([
    ['a pattern that only compiles without the u flag', { type: 'object', properties: { phone: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' } } }, /pattern, "\^\\\\d\{3\}\\\\-\\\\d\{4\}\$", that is not a valid regular expression with the u flag .* at \/properties\/phone\/pattern;/],
    ['a $ref that resolves to nothing', { type: 'object', properties: { a: { $ref: '#/$defs/gone' } } }, /reference, "#\/\$defs\/gone", that does not resolve at \/properties\/a\/\$ref;/],
    ['a $ref cycle', { $ref: '#' }, /references that lead back to the root without reaching into the arguments.* at \/\$ref;/],
    ['a JavaScript cycle', cyclicSchema(), /refers back to itself \(a JavaScript cycle to the root\) at \/properties\/self;/],
  ])('%s: not registered, error says why and where, its sibling registers', async (_, schema, message) => {
    const [broken, sibling] = [uniqueName('broken'), uniqueName('sibling')]
    const execute = vi.fn(() => 'ran')
    const { result, unmount } = withSetup(() => useWebMCPTools([
      { name: broken, description: 'd', inputSchema: schema, execute },
      { name: sibling, description: 'd', inputSchema: { type: 'object' }, execute },
    ]))
    cleanups.push(unmount)
    await until(() => result.byName[sibling]!.isRegistered)
    await until(() => result.byName[broken]!.error)
    const error = result.byName[broken]!.error!
    expect(error).toBeInstanceOf(WebMCPDefinitionError)
    expect(error.message).toMatch(new RegExp(`^Tool "${broken}": the input schema `))
    expect(error.message).toMatch(message)
    expect(result.byName[broken]!.isRegistered).toBe(false)
    const now = await names()
    expect(now).toContain(sibling)
    expect(now).not.toContain(broken)
  })

  it('a JavaScript cycle in one schema does not make mount throw or keep another component\'s tool away', async () => {
    const [broken, other] = [uniqueName('cyclic'), uniqueName('other')]
    const first = withSetup(() => useWebMCPTool({ name: broken, description: 'd', inputSchema: cyclicSchema(), execute: () => '' }))
    const second = withSetup(() => useWebMCPTool({ name: other, description: 'd', execute: () => '' }))
    cleanups.push(first.unmount, second.unmount)
    await until(() => second.result.isRegistered.value && first.result.error.value)
    expect(await names()).not.toContain(broken)
  })

  it('\'error\' budgets throw at setup in development, as for an over-budget definition', () => {
    const app = createApp({ render: () => null })
    app.provide(WEBMCP_CONFIG, { budgets: 'error' })
    expect(() => app.runWithContext(() => effectScope().run(() => useWebMCPTool({ name: uniqueName('p'), description: 'd', inputSchema: { type: 'string', pattern: '^[\\w-.]+$' }, execute: () => '' }))))
      .toThrow(/the input schema has a pattern, "\^\[\\\\w-\.\]\+\$", that is not a valid regular expression with the u flag .* at \/pattern;/)
  })

  it('a schema fixed later registers, and one broken later unregisters', async () => {
    const name = uniqueName('fix')
    const { ref } = await import('vue')
    const schema = ref<object>({ type: 'string', pattern: '^[\\w-.]+$' })
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: schema, execute: () => '' }))
    cleanups.push(unmount)
    await until(() => result.error.value)
    schema.value = { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w.-]+$' } } }
    await until(() => result.isRegistered.value)
    expect(result.error.value).toBeNull()
    schema.value = { $ref: '#/nowhere' }
    await until(() => !result.isRegistered.value && result.error.value)
    await until(async () => !(await names()).includes(name))
  })

  it('a reactive schema changed in place is checked again', async () => {
    const name = uniqueName('inplace')
    const { reactive } = await import('vue')
    const schema = reactive({ type: 'object', properties: { id: { type: 'string', pattern: '^[\\w.-]+$' } } })
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: schema, execute: () => '' }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    schema.properties.id.pattern = '^[\\w-.]+$'
    await until(() => !result.isRegistered.value && result.error.value)
    expect(result.error.value!.message).toContain('at /properties/id/pattern')
  })

  it('a top-level false schema is registered as one that accepts nothing, and every call is refused', async () => {
    const name = uniqueName('never')
    const execute = vi.fn(() => 'ran')
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: false as unknown as object, execute }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    const tool = (await mc.getTools()).find(t => t.name === name)!
    // Chromium 150 lists schemas as JSON text.
    expect(typeof tool.inputSchema === 'string' ? JSON.parse(tool.inputSchema) : tool.inputSchema).toEqual({ not: {} })
    for (const args of [{}, { a: 1 }]) {
      const response = await callTool(mc, tool, args)
      expect(response.isError).toBe(true)
      expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    }
    expect(execute).not.toHaveBeenCalled()
  })
})
