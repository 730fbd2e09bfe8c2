import type { EffectScope } from 'vue'
// The lazy chunks failing to load: a network error, a chunk gone after a
// deploy. The call path fails that call with an INTERNAL result and loads
// again on the next; definition checks that fail to load keep the tools that
// need them unregistered, with the reason in `error`.
import type { WebMCPToolResultEvent } from '../../../src'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, effectScope } from 'vue'
import { z } from 'zod'
import { useWebMCPTool, WEBMCP_CONFIG } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

// How many of the next loads of each chunk fail, as a browser's import() does:
// the call path's (with the definition checks of production builds), and the
// schema code's (the JSON Schema validator with its setup check, the Standard
// Schema adapter with its converter), which can be held back by a gate.
const failing = vi.hoisted(() => ({ pipeline: 0, schemaCode: 0, schemaCodeGate: Promise.resolve() }))
const loadError = () => new TypeError('Failed to fetch dynamically imported module: /assets/chunk.js')

// Each test loads the chunks anew: mocked again (a mock's module, once loaded, is kept) on a fresh module registry.
function mockChunks(): void {
  vi.resetModules()
  const load = (counter: 'pipeline' | 'schemaCode') => async (importOriginal: () => Promise<unknown>) => {
    if (counter === 'schemaCode')
      await failing.schemaCodeGate
    if (failing[counter] > 0) {
      failing[counter]--
      throw loadError()
    }
    return importOriginal()
  }
  vi.doMock('../../../src/call/index', load('pipeline'))
  vi.doMock('../../../src/schemas/json-schema/validate', load('schemaCode'))
  vi.doMock('../../../src/schemas/standard-schema/validate', load('schemaCode'))
}
beforeEach(mockChunks)

const before = process.env.NODE_ENV
const scopes: EffectScope[] = []
afterEach(() => {
  process.env.NODE_ENV = before
  scopes.splice(0).forEach(scope => scope.stop())
  failing.pipeline = 0
  failing.schemaCode = 0
  failing.schemaCodeGate = Promise.resolve()
  uninstall()
})

function inApp<T>(config: object, setup: () => T): T {
  const scope = effectScope()
  scopes.push(scope)
  return scope.run(() => {
    const app = createApp({ render: () => null })
    app.provide(WEBMCP_CONFIG, config)
    return app.runWithContext(setup)
  })!
}

describe('the call path failing to load', () => {
  it('answers that call with an INTERNAL result that says so, runs no hook, and loads again on the next call', async () => {
    const mc = install()
    const events: WebMCPToolResultEvent[] = []
    const onToolCall = vi.fn()
    const onError = vi.fn()
    const execute = vi.fn(() => 'done')
    const state = inApp({ onToolCall, onToolResult: (e: WebMCPToolResultEvent) => events.push(e) }, () =>
      useWebMCPTool({ name: 'echo', description: 'd', execute, onError }))
    await until(() => state.isRegistered.value)
    const [tool] = await mc.getTools()

    failing.pipeline = 1
    const first = JSON.parse(await mc.executeTool(tool!, {}))
    expect(first).toEqual({
      content: [{ type: 'text', text: expect.stringMatching(/^Tool "echo" did not run: its code could not be loaded \(.+\)\. Try again\.$/) }],
      isError: true,
      _meta: { 'vue-webmcp/code': 'INTERNAL' },
    })
    // (The reason is the importer's words: here, Vitest's for a mock that threw.)
    // The call never started: no hook (they are the call path's), no execute.
    expect(onToolCall).not.toHaveBeenCalled()
    expect(events).toEqual([])
    expect(execute).not.toHaveBeenCalled()
    expect(onError).not.toHaveBeenCalled()

    const second = JSON.parse(await mc.executeTool(tool!, {}))
    expect(second).toEqual({ content: [{ type: 'text', text: 'done' }] })
    expect(events).toEqual([expect.objectContaining({ name: 'echo', ok: true })])
    expect(onToolCall).toHaveBeenCalledTimes(1)
  })
})

describe('production build: the definition checks failing to load', () => {
  it('\'error\' mode: the tool stays unregistered and its error says why', async () => {
    process.env.NODE_ENV = 'production'
    failing.pipeline = 1
    const mc = install()
    const state = inApp({ budgets: 'error' }, () => useWebMCPTool({ name: 'fine', description: 'd', execute: () => '' }))
    await until(() => state.error.value)
    expect(state.error.value!.message).toMatch(/^Not registered: the checks of tool definitions could not be loaded \(.+\)\.$/)
    expect(state.isRegistered.value).toBe(false)
    expect(mc.toolNames).toEqual([])
  })

  it('a tool with a schema, budgets off: unregistered with the reason; a tool without one registers; a new setup loads again', async () => {
    process.env.NODE_ENV = 'production'
    failing.pipeline = 1
    const mc = install()
    const [withSchema, plain] = inApp({ budgets: false }, () => [
      useWebMCPTool({ name: 'lookup', description: 'd', inputSchema: { type: 'object' }, execute: () => '' }),
      useWebMCPTool({ name: 'plain', description: 'd', execute: () => '' }),
    ])
    await until(() => withSchema!.error.value && plain!.isRegistered.value)
    expect(withSchema!.error.value!.message).toContain('Not registered: the checks of tool definitions could not be loaded')
    expect(mc.toolNames).toEqual(['plain'])

    const again = inApp({ budgets: false }, () => useWebMCPTool({ name: 'lookup2', description: 'd', inputSchema: { type: 'object' }, execute: () => '' }))
    await until(() => again.isRegistered.value)
    expect(again.error.value).toBeNull()
  })

  it.each([
    ['a JSON Schema literal', () => ({ type: 'object', properties: { q: { type: 'string' } } })],
    ['a Standard Schema (Zod)', () => z.object({ q: z.string() })],
  ])('the schema code for %s failing: waits with no error, then unregistered with the reason; a new setup loads again', async (_kind, schema) => {
    process.env.NODE_ENV = 'production'
    failing.schemaCode = 1
    let open!: () => void
    failing.schemaCodeGate = new Promise<void>(resolve => (open = resolve))
    const mc = install()
    const [withSchema, plain] = inApp({ budgets: false }, () => [
      useWebMCPTool({ name: 'lookup', description: 'd', inputSchema: schema() as object, execute: () => '' }),
      useWebMCPTool({ name: 'plain', description: 'd', execute: () => '' }),
    ])
    // While its schema code loads, the tool is neither offered nor in error.
    await until(() => plain!.isRegistered.value)
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(withSchema!.error.value).toBeNull()
    expect(withSchema!.isRegistered.value).toBe(false)
    expect(mc.toolNames).toEqual(['plain'])
    open()
    await until(() => withSchema!.error.value)
    expect(withSchema!.error.value!.message).toMatch(/^Not registered: the checks of tool definitions could not be loaded \(.+\)\.$/)
    expect(withSchema!.isRegistered.value).toBe(false)
    expect(mc.toolNames).toEqual(['plain'])

    const again = inApp({ budgets: false }, () => useWebMCPTool({ name: 'lookup2', description: 'd', inputSchema: schema() as object, execute: () => '' }))
    await until(() => again.isRegistered.value)
    expect(again.error.value).toBeNull()
    expect([...mc.toolNames].sort()).toEqual(['lookup2', 'plain'])
  })
})
