// What an agent can send, through Playwright's frame.webmcp.callTool: every
// keyword enforced, a tool whose schema cannot be enforced never offered, and
// arguments of any shape answered in bounded time with a clear code.
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { useWebMCPTool, useWebMCPTools } from '../../src'
import { MAX_DEPTH } from '../../src/schemas/problems'
import { until, withSetup } from '../helpers'
import { callTool, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

// As JSON text: see the callTool command in vitest.config.ts.
const call = (name: string, args: Record<string, unknown>) => commands.callTool(name, JSON.stringify(args))

function setUp(inputSchema: object) {
  const name = uniqueName('checked')
  const execute = vi.fn(() => 'ran')
  const mounted = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema, execute }))
  cleanups.push(mounted.unmount)
  return { name, execute, result: mounted.result }
}

async function refused(name: string, args: Record<string, unknown>): Promise<string[]> {
  const response = await call(name, args)
  expect(response.isError).toBe(true)
  expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
  return textOf(response).split('\n').slice(1)
}

describe('validation on the agent path (Playwright frame.webmcp)', () => {
  it('a tool whose pattern does not compile with the u flag is never offered, so <img onerror> cannot reach execute', async () => {
    const [broken, fine] = [uniqueName('lookup'), uniqueName('fine')]
    const execute = vi.fn(() => 'ran')
    const { result, unmount } = withSetup(() => useWebMCPTools([
      { name: broken, description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w-.]+$' } }, required: ['id'] }, execute },
      { name: fine, description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w.-]+$' } }, required: ['id'] }, execute },
    ]))
    cleanups.push(unmount)
    await until(() => result.byName[fine]!.isRegistered && result.byName[broken]!.error)
    expect(result.byName[broken]!.error!.message).toContain('that is not a valid regular expression with the u flag JSON Schema requires')
    expect(result.byName[broken]!.error!.message).toContain('at /properties/id/pattern;')
    const listed = (await commands.listTools()).map(t => t.name)
    expect(listed).toContain(fine)
    expect(listed).not.toContain(broken)
    await expect(call(broken, { id: '<img src=x onerror=alert(1)>' })).rejects.toThrow()
    expect(await refused(fine, { id: '<img src=x onerror=alert(1)>' })).toEqual(['/id: must match the pattern "^[\\\\w.-]+$"'])
    expect(execute).not.toHaveBeenCalled()
  })

  it('enforces if/then/else, dependentRequired, dependentSchemas, contains, propertyNames and unevaluatedProperties', async () => {
    const { name, execute, result } = setUp({
      type: 'object',
      properties: { country: { type: 'string' }, zip: { type: 'string' }, card: { type: 'string' }, cvc: { type: 'string' }, roles: { type: 'array', contains: { const: 'owner' } }, tags: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } } },
      if: { properties: { country: { const: 'US' } }, required: ['country'] },
      then: { required: ['zip'] },
      dependentRequired: { card: ['cvc'] },
      dependentSchemas: { cvc: { properties: { cvc: { pattern: '^\\d{3}$' } } } },
      allOf: [{ properties: { note: { type: 'string' } } }],
      unevaluatedProperties: false,
    })
    await until(() => result.isRegistered.value)
    expect(await refused(name, { country: 'US' })).toEqual(['/zip: required'])
    expect(await refused(name, { card: '4111' })).toEqual(['/cvc: required when "card" is present'])
    expect(await refused(name, { cvc: 'abc' })).toEqual(['/cvc: must match the pattern "^\\\\d{3}$"'])
    expect(await refused(name, { roles: ['viewer'] })).toEqual(['/roles: must contain at least 1 item matching the "contains" schema (found 0)'])
    expect(await refused(name, { tags: { Bad: 1 } })).toEqual(['/tags/Bad: is not an allowed property name (the name must match the pattern "^[a-z]+$")'])
    expect(await refused(name, { extra: 1 })).toEqual(['/extra: is not an allowed property'])
    expect(execute).not.toHaveBeenCalled()
    expect(await call(name, { country: 'US', zip: '1', card: '4', cvc: '123', roles: ['owner'], tags: { a: 1 }, note: 'n' })).toEqual({ content: [{ type: 'text', text: 'ran' }] })
  })

  // Playwright's callTool (on Chromium 156) delivers arguments nested at most 97 levels below the
  // arguments object; deeper ones never reach the page and the call never completes. The page's own
  // executeTool takes any depth: 5,000 levels go that way below.
  it('arguments nested deeper than the limit against a recursive $ref get INVALID_ARGS naming it', async () => {
    const { name, execute, result } = setUp({ $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' })
    await until(() => result.isRegistered.value)
    let args: Record<string, unknown> = {}
    for (let i = 0; i < 90; i++)
      args = { child: args }
    const problems = await refused(name, args)
    expect(problems).toEqual([`/child${'/child'.repeat(MAX_DEPTH - 1)}: is nested too deeply: arguments may nest at most ${MAX_DEPTH} levels`])
    for (let i = 90; i < 5_000; i++)
      args = { child: args }
    // Too deep for the test runner's messaging: through the page's own executeTool.
    const response = await callTool(mc, name, args)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(response)).toContain(`is nested too deeply: arguments may nest at most ${MAX_DEPTH} levels`)
    expect(execute).not.toHaveBeenCalled()
  })

  // Large arguments travel through the test runner, Playwright and Chromium: seconds, not a hang
  // (about 2.5 s a call on an idle machine; a pairwise uniqueItems, two minutes). The bound leaves
  // room for two loaded cores.
  const large = { timeout: 60_000 }
  const bigArgs = { type: 'object', properties: { ids: { type: 'array', uniqueItems: true }, map: { type: 'object', additionalProperties: { type: 'integer' } }, text: { type: 'string', maxLength: 100 } } }

  // Pairwise comparison took 7-8 s for 50,000 numbers; for 200,000 it would take two minutes.
  it('200,000 items under uniqueItems are answered', large, async () => {
    const { name, result } = setUp(bigArgs)
    await until(() => result.isRegistered.value)
    const ids = Array.from({ length: 200_000 }, (_, i) => i)
    expect(await call(name, { ids })).toEqual({ content: [{ type: 'text', text: 'ran' }] })
    expect(await refused(name, { ids: [...ids, 199_999] })).toEqual(['/ids: must not repeat items (items 199999 and 200000 are equal)'])
  })

  it('100,000 keys and a 10 MB string are answered', large, async () => {
    const { name, result } = setUp(bigArgs)
    await until(() => result.isRegistered.value)
    const map = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))
    expect(await call(name, { map })).toEqual({ content: [{ type: 'text', text: 'ran' }] })
    expect(await refused(name, { text: 'x'.repeat(10_000_000) })).toEqual(['/text: must be at most 100 characters long'])
  })
})
