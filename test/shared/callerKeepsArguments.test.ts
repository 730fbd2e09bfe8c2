// Firefox's invokeTool hands `execute` the caller's own object: a caller that
// keeps it and changes it after the call began never changes what `execute`
// gets (the call path checks and runs its own copy). Firefox lane only: the
// other lanes' contexts copy the arguments before the page sees them.
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool } from '../../src'
import { callChangingArgumentsMidway, until, withSetup } from '../helpers'
import { firefox, lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

describe(`a caller that keeps its arguments object (${lane})`, () => {
  it.runIf(firefox)('an object changed after the check never reaches execute', async () => {
    const name = uniqueName('transfer')
    const got: number[] = []
    const execute = vi.fn(({ amount }: { amount: number }) => {
      got.push(amount)
      return `Sent ${amount}.`
    })
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description: 'd', inputSchema: { type: 'object', properties: { amount: { type: 'integer', minimum: 1, maximum: 100 } }, required: ['amount'] }, execute }))
    cleanups.push(unmount)
    await until(() => result.isRegistered.value)
    const invoke = (mc as unknown as { invokeTool: (name: string, input: object) => Promise<unknown> }).invokeTool.bind(mc)
    await callChangingArgumentsMidway(args => invoke(name, args))
    // A change that lands before the call path took its copy is checked, and refused: never run.
    expect(got.length).toBeGreaterThan(0)
    expect(got.filter(amount => amount !== 5)).toEqual([])
  })
})
