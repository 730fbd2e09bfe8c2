// Schema checks an agent or a page can turn against the call (issue #35):
// checks that never settle, messages that quote the value that failed, and
// refinements that throw. Every step of a call answers within its limits.
import type { ToolCall } from '../../../src/call/callTool'
import type { ToolCallSettings } from '../../../src/shared/callSettings'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { runToolCall } from '../../../src/call/callTool'
import { ToolInputError, ToolOutputError } from '../../../src/shared/errors'

function settings(over: Partial<ToolCallSettings> = {}): ToolCallSettings {
  return { budgets: false, includeArgs: false, validateArgs: true, warn: () => {}, ...over }
}

function call<A = Record<string, unknown>>(over: Partial<ToolCall<A, unknown>> = {}): ToolCall<A, unknown> {
  return { name: 'demo', settings: settings(), execute: () => 'ok', signals: [], ...over }
}

const textOf = (response: { content: unknown[] }) => (response.content[0] as { text: string }).text
const never = () => new Promise<boolean>(() => {})

describe('a check that never settles', () => {
  it('an input refinement that never settles times out, and onToolResult fires', async () => {
    const onToolResult = vi.fn()
    const execute = vi.fn()
    const inputSchema = z.object({ n: z.number() }).refine(never)
    const outcome = await runToolCall(call({ inputSchema, execute, settings: settings({ timeoutMs: 50, onToolResult }) }), { n: 1 })
    expect(outcome.code).toBe('TIMEOUT')
    expect(outcome.response.isError).toBe(true)
    expect(execute).not.toHaveBeenCalled()
    expect(onToolResult).toHaveBeenCalledWith(expect.objectContaining({ code: 'TIMEOUT' }))
  })

  it('ends when its scope ends (or the caller cancels), with no time limit', async () => {
    const scope = new AbortController()
    const inputSchema = z.object({ n: z.number() }).refine(never)
    const pending = runToolCall(call({ inputSchema, signals: [scope.signal] }), { n: 1 })
    setTimeout(() => scope.abort(new DOMException('The tool went away.', 'AbortError')), 20)
    expect((await pending).code).toBe('ABORTED')
  })

  it('an output check that never settles times out too', async () => {
    const outputSchema = z.object({ n: z.number() }).refine(never)
    const outcome = await runToolCall(call({ outputSchema, execute: () => ({ n: 1 }), settings: settings({ timeoutMs: 50 }) }), {})
    expect(outcome.code).toBe('TIMEOUT')
  })

  it('the timer runs from the start of the call: a slow input check and a slow execute share one timeoutMs', async () => {
    const slow = (ms: number) => new Promise(resolve => setTimeout(resolve, ms, true))
    const inputSchema = z.object({ n: z.number() }).refine(() => slow(40))
    const outcome = await runToolCall(call({ inputSchema, execute: () => slow(40), settings: settings({ timeoutMs: 60 }) }), { n: 1 })
    expect(outcome.code).toBe('TIMEOUT')
  })
})

// Valibot: Zod leaves the rejection of a throwing async refinement unhandled inside itself.
const throwing = (error: Error) => v.objectAsync({ email: v.pipeAsync(v.string(), v.checkAsync(async () => { throw error })) })

describe('a refinement that throws', () => {
  it('fails the call like execute throwing: TOOL_ERROR, and onError gets what it threw', async () => {
    const onError = vi.fn()
    const broken = new Error('lookup service down')
    const inputSchema = throwing(broken)
    const outcome = await runToolCall(call({ inputSchema, onError }), { email: 'a@b.c' })
    expect(outcome.code).toBe('TOOL_ERROR')
    expect(onError).toHaveBeenCalledWith(broken)
  })

  it('a ToolInputError it throws is INVALID_ARGS, with its message', async () => {
    const inputSchema = throwing(new ToolInputError('that address is taken'))
    const outcome = await runToolCall(call({ inputSchema }), { email: 'a@b.c' })
    expect(outcome.code).toBe('INVALID_ARGS')
    expect(textOf(outcome.response)).toBe('that address is taken')
  })
})

const SECRET = 'SSN-078-05-1120'
// Valibot as a tool takes it, wrapped in toStandardJsonSchema: the JSON Schema
// names the properties a result's locations may show.
const status = {
  'Zod': z.object({ status: z.enum(['ok', 'error']) }),
  'Valibot': toStandardJsonSchema(v.object({ status: v.picklist(['ok', 'error']) })),
  'ArkType': type({ status: '\'ok\'|\'error\'' }),
  'JSON Schema': { type: 'object', properties: { status: { enum: ['ok', 'error'] } } },
}
const refined = {
  'Zod': z.object({ status: z.string().refine(value => value === 'ok', { message: `got ${SECRET}` }) }),
  'Valibot': toStandardJsonSchema(v.object({ status: v.pipe(v.string(), v.email()) })),
  'ArkType': type({ status: 'string.email' }),
  'JSON Schema': { type: 'object', properties: { status: { type: 'number' } } },
}

describe('error texts never carry the value that failed', () => {
  describe.each(Object.keys(status))('%s', (library) => {
    const schemas = [status[library as keyof typeof status], refined[library as keyof typeof refined]]

    it('INVALID_ARGS names the field and the problem, not the value', async () => {
      for (const inputSchema of schemas) {
        const outcome = await runToolCall(call({ inputSchema }), { status: SECRET })
        expect(outcome.code).toBe('INVALID_ARGS')
        const text = textOf(outcome.response)
        expect(text).toMatch(/^Invalid arguments for tool "demo":\n\/status: /)
        expect(text).not.toContain(SECRET)
        expect(text).not.toContain('078-05')
      }
    })

    it('INVALID_OUTPUT names the field and the problem, not the data; onError keeps the library\'s message', async () => {
      for (const outputSchema of schemas) {
        const onError = vi.fn()
        for (const result of [{ status: SECRET }, { content: [{ type: 'text', text: 'x' }], structuredContent: { status: SECRET } }]) {
          const outcome = await runToolCall(call({ outputSchema, onError, execute: () => result }), {})
          expect(outcome.code).toBe('INVALID_OUTPUT')
          const text = textOf(outcome.response)
          expect(text).toMatch(/^Tool "demo" returned a result that does not match its output schema:\n\/status: /)
          expect(text).not.toContain(SECRET)
          expect(text).not.toContain('078-05')
          expect(JSON.stringify(outcome.response)).not.toContain(SECRET)
        }
        expect(onError).toHaveBeenCalledWith(expect.any(ToolOutputError))
      }
    })
  })

  it('what the library said stays, but the value: Valibot\'s expected options are kept', async () => {
    const outcome = await runToolCall(call({ outputSchema: status.Valibot, execute: () => ({ status: SECRET }) }), {})
    expect(textOf(outcome.response)).toBe('Tool "demo" returned a result that does not match its output schema:\n/status: Invalid type: Expected ("ok" | "error")')
    const onError = vi.fn()
    await runToolCall(call({ outputSchema: status.Valibot, onError, execute: () => ({ status: SECRET }) }), {})
    // The developer's onError keeps the library's own message, the value it quoted included.
    expect((onError.mock.calls[0]![0] as Error).message).toContain(`/status: Invalid type: Expected ("ok" | "error") but received "${SECRET}"`)
  })

  it('JSON Schema problems, which never quote the value, reach the agent as the validator wrote them', async () => {
    const inputSchema = { type: 'object', properties: { tags: { type: 'array', maxItems: 3 } } }
    const outcome = await runToolCall(call({ inputSchema }), { tags: [1, 2, 3, 4] })
    expect(textOf(outcome.response)).toBe('Invalid arguments for tool "demo":\n/tags: must have at most 3 items')
  })

  it('a value nested in an object, a number, a value quoted with single quotes', async () => {
    const nested = await runToolCall(call({ outputSchema: type({ status: 'number' }).narrow(() => false), execute: () => ({ status: 1120780 }) }), {})
    expect(textOf(nested.response)).not.toContain('1120780')
    const arkObject = await runToolCall(call({ outputSchema: type({ status: '\'ok\'' }), execute: () => ({ status: { ssn: SECRET } }) }), {})
    expect(textOf(arkObject.response)).not.toContain(SECRET)
    const quoted = await runToolCall(call({ outputSchema: z.object({ status: z.string().refine(() => false, { message: `'${SECRET}' is not allowed` }) }), execute: () => ({ status: SECRET }) }), {})
    expect(textOf(quoted.response)).toBe(`Tool "demo" returned a result that does not match its output schema:\n/status: '(value not shown)' is not allowed`)
  })
})
