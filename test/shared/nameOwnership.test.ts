// Who owns a name where the browser removes tools by name and replaces a tool
// of the same name silently (Firefox's own ModelContext): the package decides,
// and says so here against the real one in the compat-firefox lane.
import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useWebMCPTool } from '../../src'
import { until } from '../helpers'
import { invokeTool, laneSuite, needs, registerTool, uniqueName, unregisterByName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

function tool(options: Parameters<typeof useWebMCPTool>[0]) {
  const scope = effectScope()
  const state = scope.run(() => useWebMCPTool(options))!
  cleanups.push(() => scope.stop())
  return { ...state, stop: () => scope.stop() }
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] })

describe('name ownership on a context that removes tools by name', () => {
  it('the holder keeps its name across its own re-registration while another tool waits; the waiting tool takes it once free', async (context) => {
    needs(context, 'byName')
    const name = uniqueName('owned')
    const description = ref('first')
    const holder = tool({ name, description, execute: () => 'holder' })
    await until(() => holder.isRegistered.value)
    const waiting = tool({ name, description: 'waits', execute: () => 'waiting' })
    await until(() => waiting.error.value)
    expect(waiting.error.value).toMatchObject({ name: 'InvalidStateError' })

    description.value = 'changed'
    await nextTick()
    await until(async () => (await mc.getTools()).find(t => t.name === name)?.description === 'changed')
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(holder.error.value).toBeNull()
    expect(holder.isRegistered.value).toBe(true)
    expect(waiting.isRegistered.value).toBe(false)
    expect(await invokeTool(mc, name, {})).toEqual(text('holder'))

    holder.stop()
    await until(() => waiting.isRegistered.value)
    expect(await invokeTool(mc, name, {})).toEqual(text('waiting'))
  })

  it('a tool waiting for a name the page\'s own code registered takes it once that code frees it with unregisterTool', async (context) => {
    needs(context, 'byName')
    const name = uniqueName('page_held')
    await registerTool(mc, { name, description: 'the page\'s own', execute: () => 'page' })
    const waiting = tool({ name, description: 'waits', execute: () => 'package' })
    await until(() => waiting.error.value)
    expect(waiting.error.value).toMatchObject({ name: 'InvalidStateError' })
    expect(await invokeTool(mc, name, {})).toBe('page')

    unregisterByName(mc, name)
    await until(() => waiting.isRegistered.value)
    expect(waiting.error.value).toBeNull()
    expect(await invokeTool(mc, name, {})).toEqual(text('package'))
  })
})
