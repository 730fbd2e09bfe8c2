// The `document` option (VueUse's ConfigurableDocument): a composable given a
// document other than the page's works with that document's modelContext, an
// iframe's or a test's own, and leaves the page's alone. Here an in-memory
// context on a second document; test/browser/document.browser.test.ts does the
// same with a same-origin iframe in Chromium.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useRegisteredTools, useWebMCPForm, useWebMCPTool, useWebMCPTools } from 'vue-webmcp'
import { InMemoryModelContext, install, uninstall } from 'vue-webmcp/testing'
import { until } from '../../helpers'

let page: InMemoryModelContext
let other: Document
let scope: ReturnType<typeof effectScope>

function placeOn(target: Document, modelContext: unknown): void {
  Object.defineProperty(target, 'modelContext', { configurable: true, get: () => modelContext })
}

beforeEach(() => {
  page = install()
  other = document.implementation.createHTMLDocument('other')
  scope = effectScope()
})

afterEach(() => {
  scope.stop()
  uninstall()
})

describe('the document option', () => {
  it('useWebMCPTool registers with that document\'s context, not the page\'s, and unregisters there', async () => {
    const mc = new InMemoryModelContext(other)
    placeOn(other, mc)
    const state = scope.run(() => useWebMCPTool({ name: 'in_other', description: 'd', execute: () => 'from the other document', document: other }))!
    await until(() => state.isRegistered.value)
    expect(state.isSupported.value).toBe(true)
    expect(mc.toolNames).toEqual(['in_other'])
    expect(page.toolNames).toEqual([])
    const [tool] = await mc.getTools()
    expect(await mc.executeTool(tool!, {})).toContain('from the other document')
    state.stop()
    expect(mc.toolNames).toEqual([])
  })

  it('useWebMCPTools registers the group with the group\'s document', async () => {
    const mc = new InMemoryModelContext(other)
    placeOn(other, mc)
    const group = scope.run(() => useWebMCPTools([
      { name: 'g_one', description: 'd', execute: () => '' },
      { name: 'g_two', description: 'd', execute: () => '' },
    ], { document: other }))!
    await until(() => group.isRegistered.value)
    expect(mc.toolNames).toEqual(['g_one', 'g_two'])
    expect(page.toolNames).toEqual([])
  })

  it('follows a context that appears on that document late, without touching the page\'s', async () => {
    const state = scope.run(() => useWebMCPTool({ name: 'late_other', description: 'd', execute: () => '', document: other }))!
    await nextTick()
    expect(state.isSupported.value).toBe(false)
    const mc = new InMemoryModelContext(other)
    placeOn(other, mc)
    // Picked up by the poll that follows each document's context.
    await until(() => state.isRegistered.value)
    expect(mc.toolNames).toEqual(['late_other'])
    expect(page.toolNames).toEqual([])
  })

  it('a document with no modelContext is unsupported while the page\'s registers', async () => {
    const [elsewhere, here] = scope.run(() => [
      useWebMCPTool({ name: 'nowhere', description: 'd', execute: () => '', document: other }),
      useWebMCPTool({ name: 'on_page', description: 'd', execute: () => '' }),
    ])!
    await until(() => here!.isRegistered.value)
    expect(elsewhere!.isSupported.value).toBe(false)
    expect(elsewhere!.isRegistered.value).toBe(false)
    expect(page.toolNames).toEqual(['on_page'])
  })

  it('useRegisteredTools lists and runs that document\'s tools only', async () => {
    const mc = new InMemoryModelContext(other)
    placeOn(other, mc)
    scope.run(() => {
      useWebMCPTool({ name: 'top_tool', description: 'd', execute: () => '' })
      useWebMCPTool({ name: 'other_tool', description: 'd', execute: () => 'ran in other', document: other })
    })
    const list = scope.run(() => useRegisteredTools({ document: other }))!
    await until(() => list.tools.value.length === 1)
    expect(list.tools.value.map(t => t.name)).toEqual(['other_tool'])
    expect(JSON.stringify(await list.execute(list.tools.value[0]!))).toContain('ran in other')
    // A change on that document's context is followed (its toolchange).
    scope.run(() => useWebMCPTool({ name: 'other_second', description: 'd', execute: () => '', document: other }))
    await until(() => list.tools.value.length === 2)
  })

  it('useWebMCPForm follows the agent on that document\'s context, not the page\'s', async () => {
    const mc = new InMemoryModelContext(other)
    placeOn(other, mc)
    const form = scope.run(() => useWebMCPForm({ name: 'other_form', description: 'd', execute: () => '', document: other }))!
    page.activate('other_form')
    await nextTick()
    expect(form.isAgentActive.value).toBe(false)
    mc.activate('other_form')
    expect(form.isAgentActive.value).toBe(true)
    mc.cancel('other_form')
    expect(form.isAgentActive.value).toBe(false)
  })
})

describe('useWebMCPForm with no active scope', () => {
  it('one development warning, no Vue warning, and stop() ends what it follows', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const form = useWebMCPForm({ name: 'unscoped_form', description: 'd', execute: () => '' })
      const messages = warn.mock.calls.map(c => String(c[0]))
      expect(messages.filter(m => m.includes('useWebMCPForm() was called with no active effect scope'))).toHaveLength(1)
      expect(messages.filter(m => m.includes('[Vue warn]'))).toEqual([])
      page.activate('unscoped_form')
      expect(form.isAgentActive.value).toBe(true)
      page.cancel('unscoped_form')
      form.stop()
      page.activate('unscoped_form')
      expect(form.isAgentActive.value).toBe(false)
    }
    finally {
      warn.mockRestore()
    }
  })
})

describe('a context that appears after the composables gave up looking', () => {
  // Each on a document of its own: the documents' contexts are followed apart.
  async function lateContext(setup: (document: Document) => void, change: () => void): Promise<InMemoryModelContext> {
    vi.useFakeTimers()
    const late = document.implementation.createHTMLDocument('late')
    scope.run(() => setup(late))
    vi.advanceTimersByTime(60_000) // every poll has ended
    vi.useRealTimers()
    const context = new InMemoryModelContext()
    placeOn(late, context)
    change()
    await nextTick()
    return context
  }

  it('useWebMCPTool finds it when an option changes', async () => {
    const name = ref('late_tool')
    let tool!: ReturnType<typeof useWebMCPTool>
    const context = await lateContext(late => (tool = useWebMCPTool({ name, description: 'd', execute: () => 'ok', document: late })), () => (name.value = 'renamed'))
    await until(() => tool.isRegistered.value)
    expect(context.toolNames).toEqual(['renamed'])
  })

  it('useWebMCPForm finds it when an option changes, and follows the agent\'s events there', async () => {
    const description = ref('d')
    let form!: ReturnType<typeof useWebMCPForm>
    const context = await lateContext(late => (form = useWebMCPForm({ name: 'late_form', description, execute: () => 'ok', document: late })), () => (description.value = 'changed'))
    await nextTick()
    context.dispatchEvent(Object.assign(new Event('toolactivated'), { toolName: 'late_form' }))
    expect(form.isAgentActive.value).toBe(true)
  })

  it('useRegisteredTools finds it when an option changes', async () => {
    const origins = ref<string[] | undefined>(['https://partner.example'])
    let list!: ReturnType<typeof useRegisteredTools>
    const context = await lateContext(late => (list = useRegisteredTools({ document: late, fromOrigins: origins })), () => (origins.value = undefined))
    await context.registerTool({ name: 'seen', description: 'd', execute: () => 'ok' })
    await until(() => list.tools.value.some(t => t.name === 'seen'))
    expect(list.isSupported.value).toBe(true)
  })
})
