// An option's ref or getter that throws as a call reads it (the tool's or its
// group's `validateArgs`, `timeoutMs`, `confirm`, a schema getter) is the
// page's mistake: the agent gets an `isError` result with `TOOL_ERROR` that
// says so, the tool does not run, `onError` and `lastError` learn it; the
// browser's `execute` never rejects.
import type { UseWebMCPToolOptions, UseWebMCPToolsSharedOptions } from '../../src'
import { describe, expect, it, vi } from 'vitest'
import { useWebMCPTool, useWebMCPTools } from '../../src'
import { agentCall } from '../agent'
import { mountingInto, until } from '../helpers'
import { lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))
const mounted = mountingInto(cleanups)

const QTY = { type: 'object', properties: { qty: { type: 'integer' } } }

/** A getter that reads `value` until `broken.now`, then throws. */
function breakable<T>(value: T) {
  const broken = { now: false }
  const getter = (): T => {
    if (broken.now)
      throw new Error('stock service is down')
    return value
  }
  return { broken, getter }
}

type Own = Pick<UseWebMCPToolOptions<any, any>, 'validateArgs' | 'timeoutMs' | 'confirm' | 'inputSchema'>
type Shared = Pick<UseWebMCPToolsSharedOptions, 'validateArgs' | 'timeoutMs' | 'confirm'>

describe(`an option that throws when a call reads it (${lane})`, () => {
  it.each<[string, (getter: () => any) => { own?: Own, shared?: Shared }, unknown]>([
    ['the tool\'s validateArgs', getter => ({ own: { validateArgs: getter } }), true],
    ['the tool\'s timeoutMs', getter => ({ own: { timeoutMs: getter } }), 5000],
    ['the tool\'s confirm', getter => ({ own: { confirm: getter } }), false],
    ['the tool\'s inputSchema getter', getter => ({ own: { inputSchema: getter } }), QTY],
    ['the group\'s validateArgs', getter => ({ shared: { validateArgs: getter } }), true],
    ['the group\'s confirm', getter => ({ shared: { confirm: getter } }), false],
  ])('%s: an isError TOOL_ERROR result that names the page\'s mistake; nothing runs', async (_which, options, value) => {
    const { broken, getter } = breakable(value)
    const { own = {}, shared } = options(getter)
    const name = uniqueName('order')
    const execute = vi.fn(() => 'ordered')
    const onError = vi.fn()
    const tool = { name, description: 'Orders.', inputSchema: QTY, ...own, execute, onError }
    const group = shared && mounted(() => useWebMCPTools([tool], shared))
    const single = !shared && mounted(() => useWebMCPTool(tool))
    await until(() => group ? group.isRegistered.value : single && single.isRegistered.value)
    const lastError = () => group ? group.byName[name]!.lastError : single && single.lastError.value
    expect(textOf(await agentCall(mc, name, { qty: 1 }))).toBe('ordered')
    broken.now = true
    const response = await agentCall(mc, name, { qty: 2 })
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(response)).toContain(`Tool "${name}" did not run: reading its options threw (stock service is down).`)
    expect(execute).toHaveBeenCalledOnce()
    await until(() => onError.mock.calls.length > 0) // hooks run in a task of their own
    expect(onError).toHaveBeenCalledOnce()
    expect(lastError()).toMatchObject({ message: expect.stringContaining('stock service is down') })
    // Fixed, the next call runs.
    broken.now = false
    expect(textOf(await agentCall(mc, name, { qty: 3 }))).toBe('ordered')
  })
})
