// Firefox's invokeTool hands `execute` the caller's own object: a caller that
// keeps it and changes it after the call began never changes what `execute`
// gets (the call path checks and runs its own copy), whatever the object holds;
// what cannot be copied faithfully is refused. Firefox lane only: the other
// lanes' contexts copy the arguments before the page sees them.
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool } from '../../src'
import { callChangingArgumentsMidway, until, withSetup } from '../helpers'
import { firefox, lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))
interface ByName { invokeTool: (name: string, input: object) => Promise<unknown> }
const invoke = (name: string, input: object): Promise<unknown> => (mc as unknown as ByName).invokeTool(name, input)
const SCHEMA = { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 100 } }, required: ['amount'] } as const

describe(`a caller that keeps its arguments object (${lane})`, () => {
  it.runIf(firefox)('an object changed after the check never reaches execute', async () => {
    const name = uniqueName('transfer')
    const got: number[] = []
    const execute = vi.fn(({ amount }: { amount: number }) => {
      got.push(amount)
      return `Sent ${amount}.`
    })
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: SCHEMA, execute }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    await callChangingArgumentsMidway(args => invoke(name, args))
    // A change that lands before the call path took its copy is checked, and refused: never run.
    expect(got.length).toBeGreaterThan(0)
    expect(got.filter(amount => amount !== 5)).toEqual([])
  })

  it.runIf(firefox)('on a tool that asks, an object holding a Date changed after the person approved never reaches execute', async () => {
    const name = uniqueName('transfer')
    const at = new Date('2026-12-04T10:00:00Z')
    const args = { amount: 5, at }
    const shown: unknown[] = []
    const ask = vi.fn(async ({ args: seen }: { args: unknown }) => {
      shown.push(seen)
      await new Promise(resolve => setTimeout(resolve))
      // The person approves 5; the caller, still holding its object, has changed it and its Date meanwhile.
      args.amount = 1_000_000
      at.setTime(0)
      return true
    })
    const execute = vi.fn(({ amount, at }: { amount: number, at: Date }) => `Sent ${amount} at ${at.toISOString()}.`)
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: SCHEMA, confirm: { ask, remember: false }, execute }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    const answer = await invoke(name, args) as { content: { text: string }[] }
    expect(shown).toEqual([{ amount: 5, at: new Date('2026-12-04T10:00:00Z') }])
    expect(execute.mock.calls[0]![0]).not.toBe(args)
    expect(execute.mock.calls[0]![0]).toBe(shown[0])
    expect(answer.content[0]!.text).toBe('Sent 5 at 2026-12-04T10:00:00.000Z.')
  })

  it.runIf(firefox)('arguments that cannot be copied faithfully are refused with INVALID_ARGS, never run as given', async () => {
    const name = uniqueName('transfer')
    const execute = vi.fn(() => 'ran')
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: SCHEMA, execute }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    class Money {
      cents = 5
    }
    const answer = await invoke(name, { amount: 5, price: new Money() }) as { isError: boolean, content: { text: string }[], _meta: object }
    expect(answer.isError).toBe(true)
    expect(answer._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(answer.content[0]!.text).toContain('/price: cannot be copied faithfully (a Money instance)')
    expect(execute).not.toHaveBeenCalled()
  })
})
