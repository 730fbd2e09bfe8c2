// What useRegisteredTools makes of a getTools() answer a buggy implementation
// gives: entries that cannot be read, an answer that is no list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useRegisteredTools } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { withSetup } from '../../helpers'

let mc: ReturnType<typeof install>

beforeEach(() => {
  mc = install()
})

afterEach(() => {
  vi.restoreAllMocks()
  uninstall()
})

/** `promise`, or a rejection once it has not settled within a second. */
function settled<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('did not settle within a second')), 1000))])
}

describe('useRegisteredTools: a getTools() answer that cannot all be read', () => {
  it('lists the entries it can read, names the others in error, and refresh() settles', async () => {
    const raw = new AbortController()
    await mc.registerTool({ name: 'good_tool', description: 'd', execute: () => 'ran' }, { signal: raw.signal })
    const { result: list, unmount } = withSetup(() => useRegisteredTools())
    await settled(list.refresh())
    expect(list.tools.value.map(tool => tool.name)).toEqual(['good_tool'])
    const [good] = await mc.getTools()
    const throwing = { get name(): string { throw new Error('a broken getter') } }
    vi.spyOn(mc, 'getTools').mockResolvedValue([null, good, throwing] as never)
    await settled(list.refresh())
    expect(list.tools.value.map(tool => tool.name)).toEqual(['good_tool'])
    expect(list.error.value).toBeInstanceOf(TypeError)
    expect(list.error.value!.message).toMatch(/^getTools\(\) listed 2 entries that could not be read/)
    // A clean answer clears it.
    vi.mocked(mc.getTools).mockRestore()
    await settled(list.refresh())
    expect(list.error.value).toBeNull()
    // A listed entry still runs.
    expect(await list.execute(list.tools.value[0]!, {})).toBe('ran')
    unmount()
    raw.abort()
  })

  it('reports an answer that is no list in error, keeping the last list, and refresh() settles', async () => {
    const raw = new AbortController()
    await mc.registerTool({ name: 'kept_tool', description: 'd', execute: () => '' }, { signal: raw.signal })
    const { result: list, unmount } = withSetup(() => useRegisteredTools())
    await settled(list.refresh())
    vi.spyOn(mc, 'getTools').mockResolvedValue(null as never)
    await settled(list.refresh())
    expect(list.error.value).toBeInstanceOf(TypeError)
    expect(list.tools.value.map(tool => tool.name)).toEqual(['kept_tool'])
    unmount()
    raw.abort()
  })
})
