// The `document` option against native Chromium: a same-origin iframe's
// document has a modelContext of its own, and a composable given that document
// registers with it, not the top document's. Chromium's getTools() lists the
// tools of same-origin frames from either document, each with the `window`
// that registered it: that is what tells the two apart.
import { afterEach, describe, expect, it } from 'vitest'
import { effectScope } from 'vue'
import { useRegisteredTools, useWebMCPTool, useWebMCPTools } from '../../src'
import { until } from '../helpers'
import { uniqueName } from '../lane'

const cleanups: (() => void)[] = []
afterEach(() => {
  cleanups.splice(0).forEach(c => c())
})

/** A same-origin iframe (about:blank inherits the page's origin), and its document. */
async function frameDocument(): Promise<Document> {
  const frame = document.createElement('iframe')
  document.body.append(frame)
  cleanups.push(() => frame.remove())
  await until(() => frame.contentDocument?.readyState === 'complete')
  return frame.contentDocument!
}

/** The window that registered each tool `mc` lists, by name. */
async function owners(mc: WebMCP.ModelContext): Promise<Map<string, Window>> {
  return new Map((await mc.getTools()).map(t => [t.name, t.window]))
}

function inScope<T>(fn: () => T): T {
  const scope = effectScope()
  cleanups.unshift(() => scope.stop())
  return scope.run(fn)!
}

const names = async (mc: WebMCP.ModelContext) => (await mc.getTools()).map(t => t.name)

describe('the document option in a same-origin iframe', () => {
  it('the iframe has a modelContext of its own', async () => {
    const inner = await frameDocument()
    expect(inner.modelContext).toBeTruthy()
    expect(inner.modelContext).not.toBe(document.modelContext)
  })

  it('useWebMCPTool: the tool is in the iframe\'s getTools() and not the top\'s, and stop() removes it', async () => {
    const inner = await frameDocument()
    const name = uniqueName('in_frame')
    const state = inScope(() => useWebMCPTool({ name, description: 'd', execute: () => 'from the frame', document: inner }))
    await until(() => state.isRegistered.value)
    expect(state.isSupported.value).toBe(true)
    await until(async () => (await names(inner.modelContext!)).includes(name))
    expect((await owners(inner.modelContext!)).get(name)).toBe(inner.defaultView)
    expect((await owners(document.modelContext!)).get(name)).not.toBe(window)
    state.stop()
    await until(async () => !(await names(inner.modelContext!)).includes(name))
    expect(await names(document.modelContext!)).not.toContain(name)
  })

  it('useWebMCPTools: the group goes to the iframe', async () => {
    const inner = await frameDocument()
    const [x, y] = [uniqueName('frame_x'), uniqueName('frame_y')]
    const group = inScope(() => useWebMCPTools([
      { name: x, description: 'd', execute: () => '' },
      { name: y, description: 'd', execute: () => '' },
    ], { document: inner }))
    await until(() => group.isRegistered.value)
    await until(async () => (await names(inner.modelContext!)).includes(y))
    const listed = await owners(document.modelContext!)
    expect(listed.get(x)).toBe(inner.defaultView)
    expect(listed.get(y)).toBe(inner.defaultView)
  })

  it('useRegisteredTools reads the iframe\'s context (same-origin tools of both documents) and runs its tools', async () => {
    const inner = await frameDocument()
    const [mine, theirs] = [uniqueName('top_only'), uniqueName('frame_only')]
    inScope(() => {
      useWebMCPTool({ name: mine, description: 'd', execute: () => '' })
      useWebMCPTool({ name: theirs, description: 'd', execute: () => 'ran in the frame', document: inner })
    })
    const list = inScope(() => useRegisteredTools({ document: inner }))
    await until(() => list.tools.value.some(t => t.name === theirs) && list.tools.value.some(t => t.name === mine))
    const tool = list.tools.value.find(t => t.name === theirs)!
    expect(tool.window).toBe(inner.defaultView)
    expect(list.tools.value.find(t => t.name === mine)!.window).toBe(window)
    // Run through the iframe's context, in the iframe's document.
    expect(JSON.stringify(await list.execute(tool))).toContain('ran in the frame')
  })
})
