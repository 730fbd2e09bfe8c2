import type { ToolCall } from '../../../src/call/callTool'
import type { ToolCallSettings } from '../../../src/shared/callSettings'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { classifyError, runToolCall } from '../../../src/call/callTool'
import { MAX_TIMER_MS, timeoutSetting } from '../../../src/call/loading'
import { resultSize } from '../../../src/results'
import { resolveCallSettings } from '../../../src/shared/callSettings'
import { ERROR_CODE_KEY, ToolInputError } from '../../../src/shared/errors'
import { resultLimitSetting } from '../../../src/shared/limits'
import { serializedLength } from '../../../src/shared/text'
import { until } from '../../helpers'
import { tick } from '../../lane'
import { anyLimit, anyValue, hostile, hostileValue } from '../arbitraries'

const settings = (over: Partial<ToolCallSettings> = {}): ToolCallSettings => ({ budgets: false, includeArgs: false, validateArgs: true, ...over })

function call<A = Record<string, unknown>>(over: Partial<ToolCall<A, unknown>> = {}): ToolCall<A, unknown> {
  return { name: 'demo', settings: settings(), execute: () => 'ok', signals: [], ...over }
}

const schema = {
  type: 'object',
  properties: { size: { type: 'string', enum: ['1', '2'] }, count: { type: 'integer', minimum: 1 } },
  required: ['size'],
  additionalProperties: false,
}

describe('runToolCall', () => {
  it('returns the normalized result of execute', async () => {
    const outcome = await runToolCall(call({ execute: () => ({ done: true }) }), {})
    expect(outcome).toEqual({ ok: true, response: { content: [{ type: 'text', text: '{"done":true}' }] } })
  })

  it('validates arguments before execute and never enters it when they are wrong', async () => {
    const execute = vi.fn()
    const outcome = await runToolCall(call({ inputSchema: schema, execute }), { sise: '1', count: 0 })
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
    const outcome = await runToolCall(call({ inputSchema: schema, execute, settings: settings({ validateArgs: false }) }), { wrong: true })
    expect(execute).toHaveBeenCalled()
    expect(outcome.ok).toBe(true)
  })

  it('classes a ToolInputError as INVALID_ARGS and a plain throw as TOOL_ERROR, calling onError for both', async () => {
    const onError = vi.fn()
    const bad = await runToolCall(call({ onError, execute: () => { throw new ToolInputError('that date is in the past') } }), {})
    expect(bad.code).toBe('INVALID_ARGS')
    expect((bad.response.content[0] as { text: string }).text).toBe('that date is in the past')
    const broken = await runToolCall(call({ onError, execute: () => { throw new Error('db down') } }), {})
    expect(broken.code).toBe('TOOL_ERROR')
    expect(broken.response._meta).toEqual({ [ERROR_CODE_KEY]: 'TOOL_ERROR' })
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('treats a returned Error (after formatOutput) like a thrown one', async () => {
    const onError = vi.fn()
    const outcome = await runToolCall(call({ onError, execute: () => 5, formatOutput: n => new Error(`bad ${n as number}`) }), {})
    expect(outcome.response).toMatchObject({ isError: true, content: [{ type: 'text', text: 'bad 5' }] })
    expect(onError).toHaveBeenCalledOnce()
  })

  it('times out a stuck tool, aborting its signal with a TimeoutError', async () => {
    let seen: AbortSignal | undefined
    const outcome = await runToolCall(call({
      settings: settings({ timeoutMs: 20 }),
      execute: (_a, { signal }) => {
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
    const pending = runToolCall(call({ signals: [controller.signal], execute: () => new Promise(() => {}) }), {})
    controller.abort()
    const outcome = await pending
    expect(outcome.code).toBe('ABORTED')
  })

  it('stops listening to the caller\'s and the scope\'s signals once the call ends', async () => {
    const caller = new AbortController()
    const scope = new AbortController()
    let given: AbortSignal | undefined
    const outcome = await runToolCall(call({ signals: [caller.signal, undefined, scope.signal], execute: (_, { signal }) => {
      given = signal
      return 'ok'
    } }), {})
    expect(outcome.ok).toBe(true)
    caller.abort()
    scope.abort()
    expect(given!.aborted).toBe(false)
  })

  it('a call that never waits, of a tool that never reads its signal, listens to none of the call\'s signals', async () => {
    // Each listener (and the call's own AbortController) costs a simple call in Chromium more than the rest of the call path.
    const caller = new AbortController()
    const scope = new AbortController()
    const listens = [vi.spyOn(caller.signal, 'addEventListener'), vi.spyOn(scope.signal, 'addEventListener')]
    const outcome = await runToolCall(call({ signals: [caller.signal, scope.signal], execute: () => 'ok' }), {})
    expect(outcome.ok).toBe(true)
    for (const listen of listens)
      expect(listen).not.toHaveBeenCalled()
  })

  it('a caller\'s signal aborted before or while a synchronous tool runs still answers ABORTED', async () => {
    const before = new AbortController()
    before.abort()
    const execute = vi.fn(() => 'ok')
    expect((await runToolCall(call({ signals: [before.signal], execute }), {})).code).toBe('ABORTED')
    expect(execute).not.toHaveBeenCalled()
    const during = new AbortController()
    const outcome = await runToolCall(call({ signals: [undefined, during.signal], execute: () => {
      during.abort(new Error('the page moved on'))
      return 'ok'
    } }), {})
    expect(outcome.code).toBe('ABORTED')
    expect((outcome.error as Error).cause).toEqual(new Error('the page moved on'))
  })

  it('a cancel while a schema checks answers ABORTED, whatever the check throws, and no check runs once cancelled', async () => {
    // Checkers already loaded check at once, with no signal made: a throw once cancelled is the cancel.
    const loads = { '~standard': { version: 1, vendor: 'test', validate: () => ({ value: {} }) } }
    expect((await runToolCall(call({ inputSchema: loads }), {})).ok).toBe(true)
    const during = new AbortController()
    const onError = vi.fn()
    const execute = vi.fn(() => 'ok')
    const aborting = { '~standard': { version: 1, vendor: 'test', validate: () => {
      during.abort(new Error('the page moved on'))
      throw new Error('the schema broke as it was cancelled')
    } } }
    const outcome = await runToolCall(call({ inputSchema: aborting, signals: [during.signal], onError, execute }), {})
    expect(outcome.code).toBe('ABORTED')
    expect(onError).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
    const validate = vi.fn(() => ({ value: {} }))
    const before = new AbortController()
    before.abort()
    expect((await runToolCall(call({ inputSchema: { '~standard': { version: 1, vendor: 'test', validate } }, signals: [before.signal], execute }), {})).code).toBe('ABORTED')
    expect(validate).not.toHaveBeenCalled()
  })

  it('a call whose options could not be read, under an app config whose getters throw, still answers TOOL_ERROR', async () => {
    const config = { get onToolCall(): never { throw new Error('not ready') }, get budgets(): never { throw new Error('not ready') } } as unknown as ToolCallSettings
    const outcome = await runToolCall(call({ settings: config, unreadable: [new Error('its name could not be read')] }), {})
    expect(outcome.code).toBe('TOOL_ERROR')
    expect(outcome.response.isError).toBe(true)
  })

  it('a signal the tool reads only after its call ended never aborts, and adds no listener', async () => {
    const caller = new AbortController()
    let kept: { readonly signal: AbortSignal } | undefined
    await runToolCall(call({ signals: [caller.signal], execute: (_, options) => {
      kept = options
      return 'ok'
    } }), {})
    const listen = vi.spyOn(caller.signal, 'addEventListener')
    const late = kept!.signal
    caller.abort()
    expect(late.aborted).toBe(false)
    expect(listen).not.toHaveBeenCalled()
  })

  it('reports to the hooks without arguments unless asked, and survives a hook that throws', async () => {
    const onToolCall = vi.fn(() => { throw new Error('analytics down') })
    const onToolResult = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const outcome = await runToolCall(call({ settings: settings({ onToolCall, onToolResult }) }), { secret: 'pii' })
      expect(outcome.ok).toBe(true)
      // A call without an origin is a tool's, called by an agent.
      expect(onToolCall).toHaveBeenCalledWith({ name: 'demo', source: 'tool', caller: 'agent' })
      const event = onToolResult.mock.calls[0]![0] as Record<string, unknown>
      expect(event).toMatchObject({ name: 'demo', source: 'tool', caller: 'agent', ok: true, response: outcome.response })
      expect(event).not.toHaveProperty('args')
      expect(typeof event.ms).toBe('number')
      const withArgs = vi.fn()
      await runToolCall(call({ settings: settings({ includeArgs: true, onToolResult: withArgs, onToolCall: vi.fn() }) }), { q: 1 })
      expect(withArgs.mock.calls[0]![0]).toMatchObject({ args: { q: 1 } })
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('onToolCall threw'), expect.any(Error))
    }
    finally {
      consoleError.mockRestore()
    }
  })

  it('refuses an oversized structured result in error mode with OUTPUT_TOO_LARGE, and reports it', async () => {
    const onToolResult = vi.fn()
    const outcome = await runToolCall(call({
      settings: settings({ budgets: 'error', limits: { result: 100 }, onToolResult }),
      execute: () => Array.from({ length: 50 }, (_, i) => ({ i })),
    }), {})
    expect(outcome.code).toBe('OUTPUT_TOO_LARGE')
    expect(onToolResult.mock.calls[0]![0]).toMatchObject({ ok: false, code: 'OUTPUT_TOO_LARGE' })
  })

  it('warns about an oversized result in warn mode and passes it through', async () => {
    const warn = vi.fn()
    const outcome = await runToolCall(call({ settings: settings({ budgets: 'warn', limits: { result: 10 }, warn }), execute: () => 'x'.repeat(50) }), {})
    expect(outcome.ok).toBe(true)
    expect((outcome.response.content[0] as { text: string }).text).toHaveLength(50)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('50 characters'))
  })

  it('marks a returned isError result as a failure without changing it', async () => {
    const response = { content: [{ type: 'text', text: 'not found' }], isError: true }
    const outcome = await runToolCall(call({ execute: () => response }), {})
    expect(outcome).toMatchObject({ ok: false, code: 'TOOL_ERROR', response })
  })
})

const textOf = (outcome: { response: { content: unknown[] } }) => (outcome.response.content[0] as { text: string }).text

describe('every failure classified right', () => {
  it('awaits an async formatOutput', async () => {
    const outcome = await runToolCall(call({ execute: () => 2, formatOutput: async n => ({ doubled: (n as number) * 2 }) }), {})
    expect(outcome).toEqual({ ok: true, response: { content: [{ type: 'text', text: '{"doubled":4}' }] } })
    const failing = await runToolCall(call({ execute: () => 2, formatOutput: async () => { throw new Error('format broke') } }), {})
    expect(failing).toMatchObject({ ok: false, code: 'TOOL_ERROR' })
    expect(textOf(failing)).toBe('format broke')
  })

  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    return proxy
  }
  it.each([
    ['a revoked Proxy', revoked],
    ['a Proxy that refuses every read', () => hostile],
    ['an Error whose message getter throws', () => Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('no') } })],
    ['an Error whose name getter throws', () => Object.defineProperty(new Error('x'), 'name', { get() { throw new Error('no') } })],
    ['an Error whose message toString throws', () => Object.assign(new Error('x'), { message: { toString() { throw new Error('no') } } })],
    ['a function', () => () => 'source'],
  ])('a thrown %s is TOOL_ERROR, with onError called', async (_, make) => {
    const onError = vi.fn()
    const thrown = make()
    const outcome = await runToolCall(call({ onError, execute: () => { throw thrown } }), {})
    expect(outcome.code).toBe('TOOL_ERROR')
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toBe(thrown)
    expect(textOf(outcome)).not.toContain('source')
    expect(() => JSON.stringify(outcome.response)).not.toThrow()
  })

  it('catches hooks that return a rejected promise: logged in development, no unhandled rejection', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const reject = (what: string) => async () => { throw new Error(what) }
      const outcome = await runToolCall(call({
        settings: settings({ onToolCall: reject('call'), onToolResult: reject('result') }),
        onError: reject('error'),
        execute: () => { throw new Error('boom') },
      }), {})
      expect(outcome.code).toBe('TOOL_ERROR')
      await until(() => consoleError.mock.calls.length === 3)
      expect(consoleError).toHaveBeenCalledTimes(3)
      for (const what of ['onToolCall', 'onToolResult', 'onError'])
        expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`${what} threw`), expect.any(Error))
      await tick() // Node reports a rejection left unhandled once the microtasks of its task have run
      expect(unhandled).not.toHaveBeenCalled()
    }
    finally {
      process.off('unhandledRejection', unhandled)
      consoleError.mockRestore()
    }
  })

  it('in production, a rejecting or throwing hook is silent, and still no unhandled rejection', async () => {
    const before = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const outcome = await runToolCall(call({
        settings: settings({ onToolCall: async () => { throw new Error('call') }, onToolResult: () => { throw new Error('result') } }),
        onError: async () => { throw new Error('error') },
        execute: () => { throw new Error('boom') },
      }), {})
      expect(outcome.code).toBe('TOOL_ERROR')
      await tick() // Node reports a rejection left unhandled once the microtasks of its task have run
      expect(consoleError).not.toHaveBeenCalled()
      expect(unhandled).not.toHaveBeenCalled()
      const warn = vi.fn()
      expect(timeoutSetting(-5, warn)).toBeUndefined()
      expect(warn).not.toHaveBeenCalled()
    }
    finally {
      process.env.NODE_ENV = before
      process.off('unhandledRejection', unhandled)
      consoleError.mockRestore()
    }
  })

  it('gives onToolResult a copy: changing it does not change what the agent receives', async () => {
    const outcome = await runToolCall(call({
      settings: settings({ onToolResult: (e) => {
        (e.response.content[0] as { text: string }).text = 'HACKED'
        e.response.isError = true
      } }),
      execute: () => 'original',
    }), {})
    expect(outcome.response).toEqual({ content: [{ type: 'text', text: 'original' }] })
  })

  it('a returned MCP result is copied: the tool changing it later does not change the answer', async () => {
    const mine = { content: [{ type: 'text', text: 'original' }] }
    const outcome = await runToolCall(call({ execute: () => mine }), {})
    mine.content[0]!.text = 'changed'
    expect(textOf(outcome)).toBe('original')
  })
})

describe('timeoutMs', () => {
  it('clamps a delay longer than a timer can hold instead of firing at once', async () => {
    expect(timeoutSetting(2 ** 31)).toBe(MAX_TIMER_MS)
    expect(timeoutSetting(Number.MAX_SAFE_INTEGER)).toBe(MAX_TIMER_MS)
    const outcome = await runToolCall(call({ settings: settings({ timeoutMs: 2 ** 31 }), execute: () => new Promise(r => setTimeout(r, 30, 'finished')) }), {})
    expect(outcome).toMatchObject({ ok: true, response: { content: [{ type: 'text', text: 'finished' }] } })
  })

  it('treats unset, 0 and Infinity as no limit, and reports a negative or NaN one in development', () => {
    const warn = vi.fn()
    for (const ms of [undefined, 0, Number.POSITIVE_INFINITY])
      expect(timeoutSetting(ms, warn)).toBeUndefined()
    expect(warn).not.toHaveBeenCalled()
    for (const ms of [-1, Number.NaN, '100'])
      expect(timeoutSetting(ms, warn)).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(3)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('timeoutMs must be a positive number of milliseconds (0 or Infinity for none); got -1.'))
    expect(timeoutSetting(250, warn)).toBe(250)
  })

  it('is resolved once at setup from the tool and app settings, and clamped by the call path', () => {
    expect(timeoutSetting(resolveCallSettings({ timeoutMs: 2 ** 40 }).timeoutMs)).toBe(MAX_TIMER_MS)
    expect(timeoutSetting(resolveCallSettings({ timeoutMs: 100 }, {}, { timeoutMs: 0 }).timeoutMs)).toBeUndefined()
  })
})

describe('limits.result', () => {
  it('falls back to Chrome\'s budget, with a warning in development, when it is not a finite count', async () => {
    const warn = vi.fn()
    expect(resultLimitSetting(undefined, warn)).toBe(1500)
    expect(resultLimitSetting(0, warn)).toBe(0)
    expect(resultLimitSetting(99.9, warn)).toBe(99)
    expect(warn).not.toHaveBeenCalled()
    for (const limit of [Number.NaN, -1, Number.POSITIVE_INFINITY, '100'])
      expect(resultLimitSetting(limit, warn)).toBe(1500)
    expect(warn).toHaveBeenCalledTimes(4)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('limits.result must be a finite number of characters, 0 or more; got NaN.'))
    // A NaN limit used to empty an MCP result's text and let a string through whole.
    for (const execute of [() => 'x'.repeat(5000), () => ({ content: [{ type: 'text', text: 'x'.repeat(5000) }] })]) {
      const outcome = await runToolCall(call({ settings: settings({ budgets: 'error', limits: { result: Number.NaN }, warn }), execute }), {})
      expect(resultSize(outcome.response)).toBeLessThanOrEqual(1500)
      expect(textOf(outcome)).toMatch(/^x{100}/)
    }
  })
})

describe('budgets cover the package\'s own texts in \'error\' mode', () => {
  const errorMode = (over: Partial<ToolCallSettings> = {}) => settings({ budgets: 'error', ...over })

  it('an INVALID_ARGS problem list fits the budget', async () => {
    const required = Array.from({ length: 2000 }, (_, i) => `field_${i}`)
    const outcome = await runToolCall(call({ settings: errorMode({ limits: { result: 300 } }), inputSchema: { type: 'object', required } }), {})
    expect(outcome.code).toBe('INVALID_ARGS')
    expect(resultSize(outcome.response)).toBeLessThanOrEqual(300)
    expect(textOf(outcome)).toMatch(/^Invalid arguments for tool "demo":\n\/field_0: required\n/)
  })

  it('a thrown message is measured after JSON escaping', async () => {
    const outcome = await runToolCall(call({ settings: errorMode({ limits: { result: 500 } }), execute: () => { throw new Error('"'.repeat(5000)) } }), {})
    expect(resultSize(outcome.response)).toBeLessThanOrEqual(500)
    expect(textOf(outcome)).toMatch(/showed \d+ of 5000 characters\]$/)
    // In every mode, error text is at most 1,000 characters as sent.
    const anyMode = await runToolCall(call({ execute: () => { throw new Error('"'.repeat(5000)) } }), {})
    expect(serializedLength(textOf(anyMode))).toBeLessThanOrEqual(1000)
  })

  it('a returned isError result is budgeted like any other, and stays TOOL_ERROR', async () => {
    const outcome = await runToolCall(call({ settings: errorMode(), execute: () => ({ content: [{ type: 'text', text: 'x'.repeat(1_000_000) }], isError: true }) }), {})
    expect(outcome).toMatchObject({ ok: false, code: 'TOOL_ERROR' })
    expect(resultSize(outcome.response)).toBeLessThanOrEqual(1500)
  })

  it('\'warn\' mode reports the size of everything the agent receives, failures included', async () => {
    const warn = vi.fn()
    await runToolCall(call({ settings: settings({ budgets: 'warn', warn }), execute: () => ({ content: [{ type: 'image', data: 'A'.repeat(5000), mimeType: 'image/png' }] }) }), {})
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/the result is 50\d\d characters, over Chrome's budget of 1500/))
    warn.mockClear()
    await runToolCall(call({ settings: settings({ budgets: 'warn', warn, limits: { result: 100 } }), execute: () => { throw new Error('e'.repeat(500)) } }), {})
    expect(warn).toHaveBeenCalledOnce()
  })
})

/** A call whose tool returns `value`, or throws it. */
function returningOrThrowing(value: unknown, thrown: boolean, over: Partial<ToolCall<Record<string, unknown>, unknown>>) {
  return call({
    ...over,
    execute: () => {
      if (thrown)
        throw value
      return value
    },
  })
}

describe('runToolCall properties', () => {
  it('any value returned or thrown: a valid, serializable result within budget in \'error\' mode; a throw is never INTERNAL', async () => {
    await fc.assert(fc.asyncProperty(anyValue, fc.boolean(), anyLimit, async (value, thrown, limit) => {
      const onError = vi.fn()
      const outcome = await runToolCall(returningOrThrowing(value, thrown, { settings: settings({ budgets: 'error', limits: { result: limit } }), onError }), {})
      expect(outcome.code).not.toBe('INTERNAL')
      if (thrown && outcome.code !== 'ABORTED') {
        expect(outcome.code).toBe('TOOL_ERROR')
        expect(onError).toHaveBeenCalledOnce()
      }
      const json = JSON.stringify(outcome.response)
      expect(Array.isArray(JSON.parse(json).content)).toBe(true)
      // Below the size of a bare failure (its isError and code alone), that bare failure.
      if (resultSize(outcome.response) > limit)
        expect(outcome).toMatchObject({ ok: false, response: { content: [{ type: 'text', text: '' }], isError: true } })
      expect(json).not.toMatch(/(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/)
    }), { numRuns: 600 })
  })
})

describe('runToolCall properties, hostile values', () => {
  it('returned or thrown, in every budget mode and at any limit: a valid result, within it in \'error\' mode (or a bare refusal below its size); never INTERNAL', async () => {
    const budgets = fc.constantFrom<ToolCallSettings['budgets']>('error', 'warn', false)
    await fc.assert(fc.asyncProperty(hostileValue, fc.boolean(), anyLimit, budgets, async (value, thrown, limit, mode) => {
      const onError = vi.fn()
      const onToolResult = vi.fn()
      const outcome = await runToolCall(returningOrThrowing(value, thrown, {
        settings: settings({ budgets: mode, limits: { result: limit }, warn: () => {}, onToolResult }),
        onError,
      }), {})
      expect(outcome.code).not.toBe('INTERNAL')
      if (thrown) {
        expect(outcome.code).toBe('TOOL_ERROR')
        expect(onError).toHaveBeenCalledOnce()
      }
      else if (onError.mock.calls.length) {
        // A returned value is awaited: a `then` that cannot be read fails the call, as `await` would.
        expect(() => (value as { then?: unknown } | null)?.then).toThrow()
      }
      expect(onToolResult).toHaveBeenCalledOnce()
      const json = JSON.stringify(outcome.response)
      expect(structuredClone(outcome.response)).toEqual(JSON.parse(json))
      expect(json).not.toMatch(/(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/)
      if (mode === 'error' && resultSize(outcome.response) > limit) {
        expect(outcome.ok).toBe(false)
        expect(outcome.response.content).toEqual([{ type: 'text', text: '' }])
      }
    }), { numRuns: 400 })
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
