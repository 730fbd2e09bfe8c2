// A chunk of the call path that fails to load during a call (a network error, a
// chunk gone after a deploy): the guard's INTERNAL, never blamed on the tool.
import type { ToolCall } from '../../../src/call/callTool'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const failing = vi.hoisted(() => ({ validator: 0, formats: 0, budgets: 0 }))

beforeEach(() => {
  vi.resetModules()
  vi.doMock('../../../src/schemas/json-schema/validate', async (importOriginal: () => Promise<unknown>) => {
    if (failing.validator > 0) {
      failing.validator--
      throw new TypeError('Failed to fetch dynamically imported module: /assets/validate.js')
    }
    return importOriginal()
  })
  vi.doMock('../../../src/schemas/json-schema/formats', async (importOriginal: () => Promise<unknown>) => {
    if (failing.formats > 0) {
      failing.formats--
      throw new TypeError('Failed to fetch dynamically imported module: /assets/formats.js')
    }
    return importOriginal()
  })
  vi.doMock('../../../src/call/budgets', async (importOriginal: () => Promise<unknown>) => {
    if (failing.budgets > 0) {
      failing.budgets--
      throw new TypeError('Failed to fetch dynamically imported module: /assets/budgets.js')
    }
    return importOriginal()
  })
})

function call(over: Partial<ToolCall<Record<string, unknown>, unknown>>): ToolCall<Record<string, unknown>, unknown> {
  return { name: 'demo', settings: { budgets: false, validateArgs: true }, execute: () => ({ n: 1 }), signals: [], ...over }
}

const schema = { type: 'object', properties: { n: { type: 'number' } } }
/** The validator loads before the tool runs (its schema is checked first); the format checkers load with the output check. */
const datedSchema = { type: 'object', properties: { day: { type: 'string', format: 'date' } } }

describe('a validator that cannot be loaded', () => {
  it('during the output check: INTERNAL, the tool not blamed (no onError), and the agent told it ran', async () => {
    const { runToolCall } = await import('../../../src/call/callTool')
    failing.formats = 1
    const onError = vi.fn()
    const execute = vi.fn(() => ({ day: '2026-12-02' }))
    const outcome = await runToolCall(call({ outputSchema: datedSchema, execute, onError }), {})
    expect(execute).toHaveBeenCalledOnce()
    expect(outcome.code).toBe('INTERNAL')
    expect(onError).not.toHaveBeenCalled()
    expect((outcome.response.content[0] as { text: string }).text).toBe('Tool "demo" ran, but the code that checks its result could not be loaded. Its result was not sent. Reload the page before calling it, and call it again only if running it twice is safe.')
    // The developer reads which part, and the browser's own error (with the file's address).
    expect(outcome.error).toMatchObject({ name: 'CodeLoadError', part: 'the JSON Schema format checkers' })
    expect((outcome.error as Error).cause).toBeInstanceOf(Error)
    // The next call loads it again.
    expect((await runToolCall(call({ outputSchema: datedSchema, execute }), {})).ok).toBe(true)
  })

  it('during the input check: INTERNAL, the tool did not run, and the next call loads it again', async () => {
    const { runToolCall } = await import('../../../src/call/callTool')
    failing.validator = 1
    const onError = vi.fn()
    const execute = vi.fn(() => 'ran')
    const outcome = await runToolCall(call({ inputSchema: schema, execute, onError }), { n: 1 })
    expect(outcome.code).toBe('INTERNAL')
    expect(execute).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()
    expect((outcome.response.content[0] as { text: string }).text).toBe('Tool "demo" did not run: the code that checks its schema could not be loaded. Reload the page before calling it.')
    expect(outcome.error).toMatchObject({ name: 'CodeLoadError', part: 'the JSON Schema validator' })
    expect((await runToolCall(call({ inputSchema: schema, execute }), { n: 1 })).ok).toBe(true)
  })
})

describe('the result budget that cannot be loaded (\'error\' mode, loaded by the call in development builds)', () => {
  it('INTERNAL before the tool runs, and the next call loads it again', async () => {
    const { runToolCall } = await import('../../../src/call/callTool')
    failing.budgets = 1
    const execute = vi.fn(() => 'x'.repeat(5000))
    const settings = { budgets: 'error', validateArgs: true } as const
    const outcome = await runToolCall(call({ settings, execute }), {})
    expect(outcome.code).toBe('INTERNAL')
    expect(execute).not.toHaveBeenCalled()
    expect((outcome.response.content[0] as { text: string }).text).toBe('Tool "demo" did not run: the code that holds its result to the budget could not be loaded. Reload the page before calling it.')
    expect(outcome.error).toMatchObject({ name: 'CodeLoadError', part: 'the result budget' })
    const next = await runToolCall(call({ settings, execute }), {})
    expect(next.ok).toBe(true)
    expect((next.response.content[0] as { text: string }).text).toMatch(/…\[truncated: showed \d+ of 5000 characters\]$/)
  })
})
