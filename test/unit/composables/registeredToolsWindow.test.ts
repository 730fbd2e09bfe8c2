// When useRegisteredTools queries after toolchange events: on a fake clock, whatever the machine's load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useRegisteredTools } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { withSetup } from '../../helpers'

let mc: ReturnType<typeof install>

beforeEach(() => {
  mc = install()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  uninstall()
})

/** A panel with its first query answered, counting the `getTools()` calls after it, on fake timers. */
async function panel() {
  const mounted = withSetup(() => useRegisteredTools())
  await mounted.result.refresh()
  const getTools = vi.spyOn(mc, 'getTools')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const change = () => mc.dispatchEvent(new Event('toolchange'))
  return { ...mounted, getTools, change }
}

describe('useRegisteredTools: the toolchange window', () => {
  it('queries once the events have been quiet for 16 ms, each event restarting the wait', async () => {
    const { getTools, change, unmount } = await panel()
    change()
    vi.advanceTimersByTime(15)
    change()
    vi.advanceTimersByTime(15)
    change()
    vi.advanceTimersByTime(15)
    expect(getTools).not.toHaveBeenCalled() // 45 ms after the first, 15 after the last
    vi.advanceTimersByTime(1)
    expect(getTools).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(1000)
    expect(getTools).toHaveBeenCalledOnce() // the deadline went with the query
    unmount()
  })

  it('queries 250 ms after a burst\'s first event however long it goes on, then opens a new window', async () => {
    const { getTools, change, unmount } = await panel()
    for (let t = 0; t < 250; t += 10) {
      change()
      vi.advanceTimersByTime(t === 240 ? 9 : 10)
    }
    expect(getTools).not.toHaveBeenCalled() // 249 ms
    vi.advanceTimersByTime(1)
    expect(getTools).toHaveBeenCalledOnce() // 250 ms, the last event 10 ms before
    // The next event opens a window of its own: quiet, it ends 16 ms later.
    change()
    vi.advanceTimersByTime(15)
    expect(getTools).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(1)
    expect(getTools).toHaveBeenCalledTimes(2)
    unmount()
  })
})
