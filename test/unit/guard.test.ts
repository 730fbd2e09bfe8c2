import type { ToolCall, ToolCallSettings } from '../../src/core/guard'
import { describe, expect, it, vi } from 'vitest'
import { classifyError, ERROR_CODE_KEY, invokeTool, ToolInputError } from '../../src/core/guard'

const settings = (over: Partial<ToolCallSettings> = {}): ToolCallSettings => ({ budgets: false, resultLimit: 1500, includeArgs: false, validate: true, ...over })

function call<A = Record<string, unknown>>(over: Partial<ToolCall<A, unknown>> = {}): ToolCall<A, unknown> {
  return { name: 'demo', settings: settings(), execute: () => 'ok', signals: [], ...over }
}

const schema = {
  type: 'object',
  properties: { size: { type: 'string', enum: ['1', '2'] }, count: { type: 'integer', minimum: 1 } },
  required: ['size'],
  additionalProperties: false,
}

describe('invokeTool', () => {
  it('returns the normalized result of execute', async () => {
    const outcome = await invokeTool(call({ execute: () => ({ done: true }) }), {})
    expect(outcome).toEqual({ ok: true, response: { content: [{ type: 'text', text: '{"done":true}' }] } })
  })

  it('validates arguments before execute and never enters it when they are wrong', async () => {
    const execute = vi.fn()
    const outcome = await invokeTool(call({ inputSchema: schema, execute }), { sise: '1', count: 0 })
    expect(execute).not.toHaveBeenCalled()
    expect(outcome.code).toBe('INVALID_ARGS')
    expect(outcome.response.isError).toBe(true)
    expect(outcome.response._meta).toEqual({ [ERROR_CODE_KEY]: 'INVALID_ARGS' })
    expect((outcome.response.content[0] as { text: string }).text).toBe([
      'Invalid arguments for tool "demo":',
      '/size: required',
      '/count: must be an integer >= 1',
      '/sise: is not an allowed property (allowed: size, count)',
    ].join('\n'))
  })

  it('skips validation when turned off', async () => {
    const execute = vi.fn(() => 'ran')
    const outcome = await invokeTool(call({ inputSchema: schema, execute, settings: settings({ validate: false }) }), { wrong: true })
    expect(execute).toHaveBeenCalled()
    expect(outcome.ok).toBe(true)
  })

  it('classes a ToolInputError as INVALID_ARGS and a plain throw as TOOL_ERROR, calling onError for both', async () => {
    const onError = vi.fn()
    const bad = await invokeTool(call({ onError, execute: () => { throw new ToolInputError('that date is in the past') } }), {})
    expect(bad.code).toBe('INVALID_ARGS')
    expect((bad.response.content[0] as { text: string }).text).toBe('that date is in the past')
    const broken = await invokeTool(call({ onError, execute: () => { throw new Error('db down') } }), {})
    expect(broken.code).toBe('TOOL_ERROR')
    expect(broken.response._meta).toEqual({ [ERROR_CODE_KEY]: 'TOOL_ERROR' })
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('treats a returned Error (after formatOutput) like a thrown one', async () => {
    const onError = vi.fn()
    const outcome = await invokeTool(call({ onError, execute: () => 5, formatOutput: n => new Error(`bad ${n as number}`) }), {})
    expect(outcome.response).toMatchObject({ isError: true, content: [{ type: 'text', text: 'bad 5' }] })
    expect(onError).toHaveBeenCalledOnce()
  })

  it('times out a stuck tool, aborting its signal with a TimeoutError', async () => {
    let seen: AbortSignal | undefined
    const outcome = await invokeTool(call({
      settings: settings({ timeoutMs: 20 }),
      execute: (_a, signal) => {
        seen = signal
        return new Promise(() => {})
      },
    }), {})
    expect(outcome.code).toBe('TIMEOUT')
    expect((outcome.response.content[0] as { text: string }).text).toBe('TimeoutError: Tool "demo" timed out after 20 ms.')
    expect(seen!.aborted).toBe(true)
    expect((seen!.reason as DOMException).name).toBe('TimeoutError')
  })

  it('reports ABORTED when the caller cancels', async () => {
    const controller = new AbortController()
    const pending = invokeTool(call({ signals: [controller.signal], execute: () => new Promise(() => {}) }), {})
    controller.abort()
    const outcome = await pending
    expect(outcome.code).toBe('ABORTED')
  })

  it('reports to the hooks without arguments unless asked, and survives a hook that throws', async () => {
    const onToolCall = vi.fn(() => { throw new Error('analytics down') })
    const onToolResult = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const outcome = await invokeTool(call({ settings: settings({ onToolCall, onToolResult }) }), { secret: 'pii' })
      expect(outcome.ok).toBe(true)
      expect(onToolCall).toHaveBeenCalledWith({ name: 'demo' })
      const event = onToolResult.mock.calls[0]![0] as Record<string, unknown>
      expect(event).toMatchObject({ name: 'demo', ok: true, response: outcome.response })
      expect(event).not.toHaveProperty('args')
      expect(typeof event.ms).toBe('number')
      const withArgs = vi.fn()
      await invokeTool(call({ settings: settings({ includeArgs: true, onToolResult: withArgs, onToolCall: vi.fn() }) }), { q: 1 })
      expect(withArgs.mock.calls[0]![0]).toMatchObject({ args: { q: 1 } })
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('onToolCall threw'), expect.any(Error))
    }
    finally {
      consoleError.mockRestore()
    }
  })

  it('refuses an oversized structured result in error mode with OUTPUT_TOO_LARGE, and reports it', async () => {
    const onToolResult = vi.fn()
    const outcome = await invokeTool(call({
      settings: settings({ budgets: 'error', resultLimit: 100, onToolResult }),
      execute: () => Array.from({ length: 50 }, (_, i) => ({ i })),
    }), {})
    expect(outcome.code).toBe('OUTPUT_TOO_LARGE')
    expect(onToolResult.mock.calls[0]![0]).toMatchObject({ ok: false, code: 'OUTPUT_TOO_LARGE' })
  })

  it('warns about an oversized result in warn mode and passes it through', async () => {
    const warn = vi.fn()
    const outcome = await invokeTool(call({ settings: settings({ budgets: 'warn', resultLimit: 10, warn }), execute: () => 'x'.repeat(50) }), {})
    expect(outcome.ok).toBe(true)
    expect((outcome.response.content[0] as { text: string }).text).toHaveLength(50)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('50 characters'))
  })

  it('marks a returned isError result as a failure without changing it', async () => {
    const response = { content: [{ type: 'text', text: 'not found' }], isError: true }
    const outcome = await invokeTool(call({ execute: () => response }), {})
    expect(outcome).toMatchObject({ ok: false, response })
  })
})

describe('classifyError', () => {
  it.each([
    [new ToolInputError('x'), 'INVALID_ARGS'],
    [new (class DateInPast extends ToolInputError { override name = 'DateInPast' })('x'), 'INVALID_ARGS'],
    [new DOMException('x', 'TimeoutError'), 'TIMEOUT'],
    [new DOMException('x', 'AbortError'), 'ABORTED'],
    [new Error('x'), 'TOOL_ERROR'],
    ['x', 'TOOL_ERROR'],
  ])('%s is %s', (error, code) => {
    expect(classifyError(error)).toBe(code)
  })
})
