// What `execute` of a tool that asks receives: the frozen copy of the
// arguments that `when` saw and the person was shown, so a caller that keeps
// the object it passed (Firefox's invokeTool hands `execute` the caller's own
// object) cannot change them after the check. Unit lane only: Chromium and the
// in-memory context copy the arguments before the page sees them.
import type { StandardSchemaV1 } from '../../../src/types/standardSchema'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWebMCPConfirmations, useWebMCPTool } from '../../../src'
import { byObjectContext, until, withSetup } from '../../helpers'

const SCHEMA = { type: 'object', properties: { amount: { type: 'integer', minimum: 1 } }, required: ['amount'] } as const

const unmounts: (() => void)[] = []
afterEach(() => unmounts.splice(0).forEach(unmount => unmount()))

function mounted<T>(setup: () => T): T {
  const m = withSetup(setup)
  unmounts.push(m.unmount)
  return m.result
}

describe('the arguments a tool that asks runs with', () => {
  it('a caller that changes its object after the person saw it changes nothing execute receives', async () => {
    const context = byObjectContext()
    const confirmations = mounted(() => useWebMCPConfirmations())
    const execute = vi.fn(({ amount }: { amount: number }) => `Sent ${amount}.`)
    mounted(() => useWebMCPTool({ name: 'transfer', description: 'd', document: context.document, inputSchema: SCHEMA, annotations: { consequentialHint: true }, execute }))
    await until(() => context.tools.has('transfer'))
    const args = { amount: 5 }
    const call = context.call('transfer', args)
    await until(() => confirmations.current.value)
    const shown = confirmations.current.value!.args
    args.amount = 5_000_000
    confirmations.approve()
    await call
    expect(shown).toEqual({ amount: 5 })
    expect(execute.mock.calls[0]![0]).toBe(shown)
  })

  it('when sees the same frozen copy execute then receives, whether or not it asked', async () => {
    const context = byObjectContext()
    const seen: unknown[] = []
    const execute = vi.fn((args: { amount: number }) => args)
    mounted(() => useWebMCPTool({
      name: 'transfer',
      description: 'd',
      document: context.document,
      inputSchema: SCHEMA,
      confirm: { when: (args) => {
        seen.push(args)
        return false
      } },
      execute,
    }))
    await until(() => context.tools.has('transfer'))
    await context.call('transfer', { amount: 5 })
    expect(execute.mock.calls[0]![0]).toBe(seen[0])
    expect(Object.isFrozen(seen[0])).toBe(true)
  })
})

describe('the arguments of a first call, while the confirmation step loads', () => {
  afterEach(() => {
    vi.doUnmock('../../../src/call/confirm')
    vi.resetModules()
  })

  it('a change made after the check, while the step loads, never reaches execute', async () => {
    // A fresh call path, whose confirmation step takes a while to arrive, as over a network.
    vi.resetModules()
    vi.doMock('../../../src/call/confirm', async (importOriginal: () => Promise<unknown>) => {
      await new Promise(resolve => setTimeout(resolve, 50))
      return importOriginal()
    })
    const src = await import('../../../src')
    const context = byObjectContext()
    // A schema that passes the object itself on, and the caller that changes it once it was checked.
    const passedOn = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => {
      setTimeout(() => Object.assign(value as object, { amount: -1 }))
      return { value }
    }, jsonSchema: { input: () => SCHEMA, output: () => SCHEMA } } } as StandardSchemaV1
    const execute = vi.fn((args: { amount: number }) => `Sent ${args.amount}.`)
    mounted(() => src.useWebMCPTool({ name: 'transfer', description: 'd', document: context.document, inputSchema: passedOn, confirm: { when: () => false }, execute }))
    await until(() => context.tools.has('transfer'))
    await context.call('transfer', { amount: 5 })
    expect(execute.mock.calls[0]![0]).toEqual({ amount: 5 })
  })
})
