// What a call checks and runs, and when it waits for the confirmation step:
// which tools ask (the tool's confirm, its group's, the app's, the
// annotations); the step loads only for a call that asks, after the arguments
// are checked, so a call `when` lets through and wrong arguments never depend
// on that load; `execute` gets the arguments that were checked, whatever a
// caller that kept its object (or a getter) does after the call began; and a
// confirm.timeoutMs of null fails the call in production rather than wait.
import type { ToolCall } from '../../../src/call/callTool'
import type { ToolCallSettings } from '../../../src/shared/callSettings'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runToolCall } from '../../../src/call/callTool'
import { resolveCallSettings } from '../../../src/shared/callSettings'

const settings = (over: Partial<ToolCallSettings> = {}): ToolCallSettings => ({ budgets: false, includeArgs: false, validateArgs: true, ...over })

function call<A = Record<string, unknown>>(over: Partial<ToolCall<A, unknown>> = {}): ToolCall<A, unknown> {
  return { name: 'demo', settings: settings(), execute: () => 'ok', signals: [], ...over }
}

describe('which tools ask', () => {
  const never = () => false
  it.each([
    ['consequentialHint alone', undefined, undefined, { consequentialHint: true }, true],
    ['the group\'s confirm: true', undefined, true, {}, true],
    ['a tool\'s confirm: false over its group\'s true and its hint', false, true, { consequentialHint: true }, false],
    ['a tool\'s {} over its group\'s false', {}, false, {}, true],
    ['a tool\'s own ask: the group\'s when still fills in', 'own', { when: never }, {}, false],
    ['a tool\'s confirm: true: the group\'s when never reaches it', true, { when: never }, {}, true],
    ['a tool\'s remember: false', { remember: false }, undefined, {}, true],
    ['a when that answers a string', { when: () => 'no' }, undefined, {}, true],
    ['a when that throws', { when: () => { throw new Error('x') } }, undefined, {}, true],
    ['a tool\'s null falls back to its group\'s true', null, true, {}, true],
    ['a tool\'s timeoutMs alone', { timeoutMs: 1000 }, undefined, {}, true],
    ['the group\'s when: false on a consequentialHint tool', undefined, { when: never }, { consequentialHint: true }, false],
    ['destructiveHint alone (documented: does not ask)', undefined, undefined, { destructiveHint: true }, false],
  ])('%s', async (_, own, group, annotations, asks) => {
    const appAsk = vi.fn(async () => true)
    const ownAsk = vi.fn(async () => true)
    const execute = vi.fn(() => 'ran')
    const outcome = await runToolCall(call({
      settings: { ...resolveCallSettings({ confirm: { ask: appAsk } }, { confirm: group as never }, { confirm: (own === 'own' ? { ask: ownAsk } : own) as never }), warn: () => {} },
      annotations,
      owner: {} as never,
      execute,
    }), {})
    expect(outcome.ok).toBe(true)
    expect(appAsk.mock.calls.length + ownAsk.mock.calls.length).toBe(asks ? 1 : 0)
  })
})

describe('a call\'s arguments, and the confirmation step it loads', () => {
  afterEach(() => {
    vi.doUnmock('../../../src/call/confirm')
    vi.resetModules()
  })

  it('an agent that cancels while the confirmation step loads: ABORTED, nobody is asked, nothing runs', async () => {
    vi.resetModules()
    vi.doMock('../../../src/call/confirm', async (importOriginal: () => Promise<unknown>) => {
      await new Promise(resolve => setTimeout(resolve, 50))
      return importOriginal()
    })
    const { runToolCall: freshCallTool } = await import('../../../src/call/callTool')
    const ask = vi.fn(async () => true)
    const execute = vi.fn(() => 'sent')
    const caller = new AbortController()
    const running = freshCallTool(call({ settings: resolveCallSettings({ confirm: { ask } }, {}, { confirm: true }), execute, signals: [caller.signal] }), {})
    setTimeout(() => caller.abort(new DOMException('The agent cancelled.', 'AbortError')), 10)
    const outcome = await running
    await new Promise(resolve => setTimeout(resolve, 80))
    expect(outcome.code).toBe('ABORTED')
    expect(ask).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
  })

  it('a call that `when` lets through still runs when the confirmation step cannot be loaded', async () => {
    vi.resetModules()
    vi.doMock('../../../src/call/confirm', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/confirm-3f2a.js')
    })
    const { runToolCall: freshCallTool } = await import('../../../src/call/callTool')
    const execute = vi.fn(() => 'listed')
    const outcome = await freshCallTool(call({
      settings: resolveCallSettings({}, {}, { confirm: { when: () => false } }),
      execute,
    }), {})
    expect(outcome.ok).toBe(true)
    expect(execute).toHaveBeenCalled()
  })

  it('an agent\'s wrong arguments to a tool that asks: INVALID_ARGS, not INTERNAL, whatever the step\'s loading did', async () => {
    vi.resetModules()
    vi.doMock('../../../src/call/confirm', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/confirm-3f2a.js')
    })
    const { runToolCall: freshCallTool } = await import('../../../src/call/callTool')
    const outcome = await freshCallTool(call({
      settings: resolveCallSettings({}, {}, { confirm: true }),
      inputSchema: { type: 'object', required: ['id'] },
    }), {})
    // Not INTERNAL "the code that asks the person could not be loaded": the agent would be told to
    // "Try again." with the same wrong arguments, rather than what is wrong with them.
    expect(outcome.code).toBe('INVALID_ARGS')
  })

  it('a tool that asks: the caller changing its object in the microtasks after the call began never reaches execute', async () => {
    const schema = { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['amount'] }
    for (let ticks = 0; ticks < 40; ticks++) {
      const execute = vi.fn((args: { amount: number }) => args.amount)
      const args = { amount: 5 }
      const running = runToolCall(call({ settings: resolveCallSettings({}, {}, { confirm: { when: () => false } }), inputSchema: schema, execute }), args)
      let chain = Promise.resolve()
      for (let i = 0; i < ticks; i++)
        chain = chain.then(() => {})
      void chain.then(() => { args.amount = 1_000_000 })
      const outcome = await running
      expect(outcome.ok).toBe(true)
      expect(execute.mock.calls[0]![0].amount, `mutated after ${ticks} microtasks`).toBe(5)
    }
  })

  it('a tool that does not ask: the caller changing its object after the call began never reaches execute (Firefox hands execute the caller\'s object)', async () => {
    const schema = { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['amount'] }
    const got: number[] = []
    for (let ticks = 0; ticks < 40; ticks++) {
      const execute = vi.fn((args: { amount: number }) => args.amount)
      const args = { amount: 5 }
      const running = runToolCall(call({ inputSchema: schema, execute }), args)
      let chain = Promise.resolve()
      for (let i = 0; i < ticks; i++)
        chain = chain.then(() => {})
      void chain.then(() => { args.amount = -1_000_000 })
      await running
      got.push(...execute.mock.calls.map(([a]) => a.amount))
    }
    expect(got).toEqual(Array.from({ length: 40 }).fill(5))
  })

  it('a getter in the arguments (an in-page caller): what was checked is what execute gets', async () => {
    const schema = { type: 'object', properties: { amount: { type: 'integer', maximum: 10 } }, required: ['amount'] }
    const got: number[] = []
    // The getter answers 5 for its first `honest` reads, then 1,000,000: some count lines up with the check.
    for (let honest = 1; honest <= 8; honest++) {
      let reads = 0
      const args = { get amount() { return reads++ < honest ? 5 : 1_000_000 } }
      const execute = vi.fn((a: { amount: number }) => a.amount)
      await runToolCall(call({ settings: resolveCallSettings({}, {}, { confirm: { when: () => false } }), inputSchema: schema, execute }), args as never)
      got.push(...execute.mock.calls.map(([a]) => a.amount))
    }
    expect(got.length).toBeGreaterThan(0)
    expect(got.every(amount => amount <= 10)).toBe(true)
  })

  it('a tool that asks: a caller keeping an object that holds a Date changes it after the person approved, and execute still gets what they saw', async () => {
    const schema = { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['amount'] }
    const at = new Date('2026-12-04T10:00:00Z')
    const args = { amount: 5, at }
    const shown: unknown[] = []
    const ask = vi.fn(async (request: { args: unknown }) => {
      shown.push(request.args)
      // The person approves 5; the caller, still holding its object, then writes 1,000,000 into it and its Date.
      setTimeout(() => {
        args.amount = 1_000_000
        at.setTime(0)
      })
      await new Promise(resolve => setTimeout(resolve, 5))
      return true
    })
    const execute = vi.fn((a: { amount: number, at: Date }) => [a.amount, a.at.toISOString()])
    const settings = resolveCallSettings({ confirm: { ask: ask as never } }, {}, { confirm: true })
    const outcome = await runToolCall(call({ settings, inputSchema: schema, execute: execute as never }), args)
    expect(outcome.ok).toBe(true)
    expect(shown).toEqual([{ amount: 5, at: new Date('2026-12-04T10:00:00Z') }])
    expect(execute.mock.calls[0]![0]).toBe(shown[0]) // the copy the person saw, not the caller's object
    expect(execute.mock.results[0]!.value).toEqual([5, '2026-12-04T10:00:00.000Z'])
  })

  it('a tool that does not ask: an object holding a Date, changed after the call began, never reaches execute', async () => {
    const schema = { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['amount'] }
    const got: number[] = []
    for (let ticks = 0; ticks < 40; ticks++) {
      const execute = vi.fn((a: { amount: number, at: Date }) => a.amount)
      const args = { amount: 5, at: new Date() }
      const running = runToolCall(call({ inputSchema: schema, execute: execute as never }), args)
      let chain = Promise.resolve()
      for (let i = 0; i < ticks; i++)
        chain = chain.then(() => {})
      void chain.then(() => { args.amount = 1_000_000 })
      await running
      got.push(...execute.mock.calls.map(([a]) => a.amount))
    }
    expect(got).toEqual(Array.from({ length: 40 }).fill(5))
  })

  it('copies Dates, Maps, Sets, typed arrays, shared and circular references, null prototypes and a __proto__ key as they are', async () => {
    const shared = { id: 1 }
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const bare = Object.assign(Object.create(null) as object, { z: 1, a: 2 })
    const args = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    const holey = [1, 2, 3]
    delete holey[1]
    Object.assign(args, { b: 1, a: holey, at: new Date(5), tags: new Set(['x', shared]), map: new Map<unknown, unknown>([[shared, new Date(7)]]) })
    Object.assign(args, { bytes: new Uint8Array([1, 2]), shared, again: shared, cyclic, bare })
    const execute = vi.fn((a: unknown) => a)
    await runToolCall(call({ execute }), args)
    const got = execute.mock.calls[0]![0] as typeof args & { map: Map<unknown, Date>, tags: Set<unknown>, cyclic: typeof cyclic }
    expect(got).not.toBe(args)
    expect(got).toEqual(args)
    expect(Object.keys(got)).toEqual(Object.keys(args))
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype)
    expect(Object.hasOwn(got, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(got.at).toBeInstanceOf(Date)
    expect(got.at).not.toBe(args.at)
    expect(1 in (got.a as unknown[])).toBe(false)
    expect(got.shared).toBe(got.again)
    expect([...got.tags][1]).toBe(got.shared)
    expect([...got.map.keys()][0]).toBe(got.shared)
    expect(got.cyclic.self).toBe(got.cyclic)
    expect(Object.getPrototypeOf(got.bare)).toBeNull()
    expect(Object.keys(got.bare as object)).toEqual(['z', 'a'])
  })

  it.each([
    ['a class instance', () => ({ price: new (class Money { cents = 5 })() }), '/price: cannot be copied faithfully (a Money instance)'],
    ['a function', () => ({ items: [1, () => 1] }), '/items/1: cannot be copied faithfully (a function)'],
    ['a symbol', () => ({ key: Symbol('k') }), '/key: cannot be copied faithfully (a symbol)'],
    ['a subclass of Date', () => ({ at: new (class Moment extends Date {})() }), '/at: cannot be copied faithfully (a Moment instance)'],
    ['a Date with properties of its own', () => ({ at: Object.assign(new Date(), { zone: 'UTC' }) }), '/at: cannot be copied faithfully (a Date instance with properties of its own)'],
    ['a getter that throws', () => ({ get secret(): number { throw new Error('no') } }), '/secret: could not be read to be copied'],
    ['a revoked Proxy', () => {
      const { proxy, revoke } = Proxy.revocable({ amount: 5 }, {})
      revoke()
      return { inner: proxy }
    }, '/inner: could not be read to be copied'],
    ['a class instance as the arguments themselves', () => new (class Order { amount = 5 })(), '(arguments): cannot be copied faithfully (an Order instance)'],
  ])('arguments holding %s are refused with INVALID_ARGS saying where, never run as given', async (_, make, said) => {
    const execute = vi.fn(() => 'ran')
    const onError = vi.fn()
    const outcome = await runToolCall(call({ execute, onError }), make() as never)
    expect(outcome.code).toBe('INVALID_ARGS')
    const text = (outcome.response.content[0] as { text: string }).text
    expect(text).toContain('Invalid arguments for tool "demo":\n')
    expect(text).toContain(said)
    expect(execute).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()
  })

  it('a Standard Schema\'s output is run as the schema made it, class instances and Dates included, on a tool that asks', async () => {
    class Money {
      constructor(readonly cents: number) {}
    }
    const schema = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value: { price: new Money((value as { cents: number }).cents), at: new Date(0) } }), jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) } } }
    const execute = vi.fn((a: { price: Money, at: Date }) => a.price.cents)
    const settings = resolveCallSettings({}, {}, { confirm: { when: () => false } })
    const outcome = await runToolCall(call({ settings, inputSchema: schema, execute: execute as never }), { cents: 5 })
    expect(outcome.ok).toBe(true)
    expect(execute.mock.calls[0]![0].price).toBeInstanceOf(Money)
    expect(execute.mock.calls[0]![0].at).toBeInstanceOf(Date)
  })

  it('production: confirm.timeoutMs null fails the call at once, as in development, not a wait without end', async () => {
    const before = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    const caller = new AbortController()
    try {
      const settings = resolveCallSettings({}, {}, { confirm: { timeoutMs: null as unknown as number, ask: () => new Promise<boolean>(() => {}) } })
      // Each call that asks fails at once; a call still waiting after 300 ms has not.
      const outcome = await Promise.race([
        runToolCall(call({ settings, signals: [caller.signal] }), {}),
        new Promise<'still waiting'>(resolve => setTimeout(resolve, 300, 'still waiting')),
      ])
      expect(outcome).not.toBe('still waiting')
    }
    finally {
      caller.abort()
      process.env.NODE_ENV = before
    }
  })
})
