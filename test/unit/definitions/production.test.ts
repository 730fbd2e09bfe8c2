// The production path of the definition checks: loaded with import() only
// when budgets are switched on, and nothing registers in 'error' mode before
// they have run. (Development builds check synchronously; see config.test.ts.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, effectScope, nextTick } from 'vue'
import { useRegisteredTools, useWebMCPTool, WEBMCP_CONFIG, WebMCPDefinitionError } from '../../../src'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

const before = process.env.NODE_ENV
beforeEach(() => { process.env.NODE_ENV = 'production' })
afterEach(() => {
  process.env.NODE_ENV = before
  uninstall()
})

function inApp<T>(config: object, setup: () => T): T {
  const scope = effectScope()
  return scope.run(() => {
    const app = createApp({ render: () => null })
    app.provide(WEBMCP_CONFIG, config)
    return app.runWithContext(setup)
  })!
}

describe('production build: definition checks', () => {
  it('\'error\' mode does not throw at setup, keeps an over-budget tool unregistered and says why', async () => {
    const mc = install()
    const state = inApp({ budgets: 'error' }, () => useWebMCPTool({ name: 'n'.repeat(40), description: 'd', execute: () => '' }))
    await until(() => state.error.value)
    expect(state.error.value).toBeInstanceOf(WebMCPDefinitionError)
    expect(state.error.value!.message).toContain('40 characters')
    // The pass that set error is the one that would have registered, synchronously; nextTick
    // flushes any pass still queued.
    await nextTick()
    expect(mc.toolNames).toEqual([])
  })

  it('\'error\' mode registers a tool within budget once the checks have loaded', async () => {
    const mc = install()
    const state = inApp({ budgets: 'error' }, () => useWebMCPTool({ name: 'fine', description: 'd', execute: () => '' }))
    await until(() => state.isRegistered.value)
    expect(mc.toolNames).toEqual(['fine'])
  })

  it('with budgets off, a tool with a schema waits for the schema check: a broken one never registers, a sound one does', async () => {
    const mc = install()
    const [broken, sound] = inApp({ budgets: false }, () => [
      useWebMCPTool({ name: 'broken', description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w-.]+$' } } }, execute: () => '' }),
      useWebMCPTool({ name: 'sound', description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w.-]+$' } } }, execute: () => '' }),
    ])
    // Not offered before the check has run, not even for a moment.
    expect(mc.toolNames).not.toContain('sound')
    await until(() => sound!.isRegistered.value && broken!.error.value)
    expect(broken!.error.value!.message).toContain('at /properties/id/pattern')
    expect(mc.toolNames).toContain('sound')
    expect(mc.toolNames).not.toContain('broken')
  })

  it('with budgets off, a tool with a schema and a name outside the grammar is refused by the loaded checks, saying why', async () => {
    const mc = install()
    const registerTool = vi.spyOn(mc, 'registerTool')
    const state = inApp({ budgets: false }, () => useWebMCPTool({ name: 'has space', description: 'd', inputSchema: { type: 'object' }, execute: () => '' }))
    await until(() => state.error.value)
    expect(state.error.value).toBeInstanceOf(WebMCPDefinitionError)
    expect(state.error.value!.message).toContain('a name must be 1-128 characters')
    // Earlier tests' scopes still run, and move their tools to this context: only this one's name counts.
    expect(registerTool.mock.calls.filter(([tool]) => tool.name === 'has space')).toEqual([])
  })

  it('budgets left unset register at once without loading any check', async () => {
    const mc = install()
    const state = inApp({ budgets: false }, () => useWebMCPTool({ name: 'n'.repeat(40), description: 'd', execute: () => '' }))
    expect(mc.toolNames).toEqual(['n'.repeat(40)])
    await until(() => state.isRegistered.value)
  })
})

describe('production build: no active scope', () => {
  it('says nothing, and stop() still unregisters', async () => {
    const mc = install()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const state = useWebMCPTool({ name: 'unscoped', description: 'd', execute: () => '' })
      const list = useRegisteredTools()
      await until(() => state.isRegistered.value)
      expect(warn).not.toHaveBeenCalled()
      state.stop()
      list.stop()
      expect(mc.toolNames).not.toContain('unscoped')
    }
    finally {
      warn.mockRestore()
    }
  })
})
