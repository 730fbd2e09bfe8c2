// Calls through useWebMCPTool on a context that hands `execute` the caller's
// own object, as Firefox's invokeTool does. Calls of a tool that asks, made
// while the confirmation step loads: the person approves the first with
// `remember: true`, and the calls queued behind it run unasked, as `approve()`
// promises. A caller that changes its object after the call began never
// changes what `execute` gets.
import type { EffectScope } from 'vue'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { byObjectContext, callChangingArgumentsMidway, until } from '../../helpers'

const scopes: EffectScope[] = []
afterEach(() => {
  scopes.splice(0).forEach(scope => scope.stop())
  vi.doUnmock('../../../src/call/confirm')
  vi.resetModules()
})

function inScope<T>(setup: () => T): T {
  const scope = effectScope()
  scopes.push(scope)
  return scope.run(setup)!
}

describe('calls queued while the confirmation step loads', () => {
  it('approving the first with remember: true lets the ones queued behind it run unasked', async () => {
    vi.resetModules()
    vi.doMock('../../../src/call/confirm', async (importOriginal: () => Promise<unknown>) => {
      await new Promise(resolve => setTimeout(resolve, 50))
      return importOriginal()
    })
    const src = await import('../../../src')
    const context = byObjectContext()
    const confirmations = inScope(() => src.useWebMCPConfirmations())
    const execute = vi.fn(() => 'listed')
    inScope(() => src.useWebMCPTool({ name: 'list_orders', description: 'd', document: context.document, annotations: { readOnlyHint: true }, confirm: true, execute }))
    await until(() => context.tools.has('list_orders'))
    const calls = [1, 2, 3].map(n => context.call('list_orders', { n }))
    await until(() => confirmations.pending.value.length === 3)
    expect(confirmations.current.value!.canRemember).toBe(true)
    confirmations.approve(undefined, { remember: true })
    await Promise.all(calls)
    expect(execute).toHaveBeenCalledTimes(3)
    expect(confirmations.pending.value).toEqual([])
  })
})

describe('a caller that keeps its object (Firefox\'s invokeTool hands execute the caller\'s own)', () => {
  it('an object changed after the check never reaches execute of a tool that does not ask', async () => {
    const src = await import('../../../src')
    const context = byObjectContext()
    const got: number[] = []
    const execute = vi.fn(({ amount }: { amount: number }) => {
      got.push(amount)
      return `Sent ${amount}.`
    })
    inScope(() => src.useWebMCPTool({ name: 'transfer', description: 'd', document: context.document, inputSchema: { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 100 } }, required: ['amount'] }, execute }))
    await until(() => context.tools.has('transfer'))
    await callChangingArgumentsMidway(args => context.call('transfer', args))
    // A change that lands before the call path took its copy is checked, and refused: never run.
    expect(got.length).toBeGreaterThan(0)
    expect(got.filter(amount => amount !== 5)).toEqual([])
  })
})
