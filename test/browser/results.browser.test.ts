// What an agent receives, through Playwright's frame.webmcp.callTool against
// native Chromium: budgets on everything in 'error' mode, a valid result for
// any value returned or thrown, failures classified right.
import type { WebMCPConfig, WebMCPToolResponse } from '../../src'
import { describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

// The native context, with the checks every suite gets after each test.
const cleanups = laneSuite(() => {})

/** Registers a tool whose `execute` is `execute`, calls it as the agent, and returns what the agent received. */
async function agentCalls(
  options: { execute: () => unknown, formatOutput?: (r: unknown) => unknown, inputSchema?: object },
  config: WebMCPConfig = {},
  input: Record<string, unknown> = {},
): Promise<WebMCPToolResponse> {
  const name = uniqueName('result')
  const mounted = withSetup(() => useWebMCPTool({ name, description: 'd', ...options } as never), { provide: { [WEBMCP_CONFIG]: config } })
  cleanups.push(mounted.unmount)
  await until(() => (mounted.result as { isRegistered: { value: boolean } }).isRegistered.value)
  return await commands.callTool(name, input)
}

/** What the budget counts: the serialized result, less the frame of a text answer (39 characters). */
const budgetSize = (received: unknown) => [...JSON.stringify(received)].length - 39
const errorMode: WebMCPConfig = { budgets: 'error' }
const text = (t: string) => ({ type: 'text', text: t })

describe('in \'error\' mode the budget covers everything the agent receives', () => {
  it.each([
    ['a result the tool marked isError, 1,000,000 characters', () => ({ content: [text('x'.repeat(1_000_000))], isError: true }), true],
    ['100,000 empty text blocks', () => ({ content: Array.from({ length: 100_000 }, () => text('')) }), false],
    ['structuredContent and a text block of 1,380 each', () => ({ content: [text('t'.repeat(1380))], structuredContent: { d: 'q'.repeat(1372) } }), false],
  ])('%s: cut to the budget', async (_, execute, isError) => {
    const received = await agentCalls({ execute }, errorMode)
    expect(budgetSize(received)).toBeLessThanOrEqual(1500)
    expect(!!received.isError).toBe(isError)
  })

  it.each([
    ['a 10 MB image block', () => ({ content: [{ type: 'image', data: 'A'.repeat(10_000_000), mimeType: 'image/png' }] })],
    ['1 MB of _meta', () => ({ content: [text('ok')], _meta: { blob: 'm'.repeat(1_000_000) } })],
    ['an object with 10,000 keys', () => Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, [i, i, i, i, i, i, i]]))],
  ])('%s: refused with OUTPUT_TOO_LARGE, the refusal itself within budget', async (_, execute) => {
    const received = await agentCalls({ execute }, errorMode)
    expect(received.isError).toBe(true)
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'OUTPUT_TOO_LARGE' })
    expect(textOf(received)).toMatch(/^The result is .* over this tool's limit of 1500 characters\. Ask for less/)
    expect(budgetSize(received)).toBeLessThanOrEqual(1500)
  })

  it('a thrown message is measured after JSON escaping: 5,000 quotes fit', async () => {
    const received = await agentCalls({ execute: () => { throw new Error('"'.repeat(5000)) } }, { budgets: 'error', limits: { result: 400 } })
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(budgetSize(received)).toBeLessThanOrEqual(400)
    expect(textOf(received)).toMatch(/showed \d+ of 5000 characters\]$/)
  })

  it('an INVALID_ARGS problem list fits the budget', async () => {
    const required = Array.from({ length: 300 }, (_, i) => `field_${i}`)
    const received = await agentCalls({ execute: () => 'ran', inputSchema: { type: 'object', required } }, { budgets: 'error', limits: { result: 300 } })
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(budgetSize(received)).toBeLessThanOrEqual(300)
  })
})

describe('a valid result for any value returned or thrown', () => {
  const cyclicBlock: Record<string, unknown> = { type: 'text', text: 'c' }
  cyclicBlock.self = cyclicBlock

  it.each([
    ['a BigInt in structuredContent', () => ({ content: [text('x')], structuredContent: { n: 10n } }), { content: [text('x')], structuredContent: { n: '10' } }],
    ['a BigInt in an extra field', () => ({ content: [text('x')], total: 10n }), { content: [text('x')], total: '10' }],
    ['a cycle inside a block', () => ({ content: [cyclicBlock] }), { content: [{ type: 'text', text: 'c', self: '[Circular]' }] }],
    ['a block whose toJSON throws', () => ({ content: [{ type: 'text', text: 'x', toJSON() { throw new Error('no') } }] }), { content: [text('[Unserializable: no]')] }],
    ['a lone surrogate deep inside', () => ({ content: [text('ok')], structuredContent: { a: { b: ['\uD800'] } } }), { content: [text('ok')], structuredContent: { a: { b: ['\uFFFD'] } } }],
    ['a content getter that throws', () => ({ get content() { throw new Error('no content') } }), { content: [text('{"content":"[Unserializable: no content]"}')] }],
  ])('returned: %s', async (_, execute, expected) => {
    expect(await agentCalls({ execute })).toEqual(expected)
  })

  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    return proxy
  }
  it.each([
    ['a revoked Proxy', revoked, /^\[Unserializable: .*revoked/],
    ['an Error whose message getter throws', () => Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('getter broke') } }), /^Error \(its message could not be read: getter broke\)$/],
    ['a function (never its source)', () => function secret() { return 'source code' }, /^The tool failed without saying why \(it threw a function\)\.$/],
    ['prose naming an HTML tag', () => new Error('Use <head> for metadata'), /^Use <head> for metadata$/],
  ])('thrown: %s is TOOL_ERROR', async (_, make, message) => {
    const thrown = make()
    const received = await agentCalls({ execute: () => { throw thrown } })
    expect(received.isError).toBe(true)
    expect(received._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(received)).toMatch(message)
  })
})

describe('failures classified right, as the agent sees them', () => {
  it('an async formatOutput is awaited', async () => {
    expect(await agentCalls({ execute: () => 1, formatOutput: async n => ({ n }) })).toEqual({ content: [text('{"n":1}')] })
  })

  it('a hook cannot change the answer', async () => {
    const received = await agentCalls({ execute: () => 'original' }, {
      onToolResult: (event) => {
        (event.response.content[0] as { text: string }).text = 'HACKED'
      },
    })
    expect(received).toEqual({ content: [text('original')] })
  })

  it('timeoutMs above 2^31-1 does not fire at once', async () => {
    const received = await agentCalls({ execute: () => new Promise(r => setTimeout(r, 50, 'finished')) }, { timeoutMs: 2 ** 31 })
    expect(received).toEqual({ content: [text('finished')] })
  })
})
