// The production path of the definition checks: a Standard Schema's JSON
// Schema at setup, with nothing to load, and the spec's rules left to the
// browser, whose refusal lands in `error`; the budgets
// loaded with import() only when switched on (nothing registers in 'error'
// mode before they have run); a JSON Schema literal checked on the tool's
// first call. (Development builds check everything at setup; see config.test.ts.)
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

  it('a description cut inside an emoji registers repaired, with budgets off, without a warning', async () => {
    const mc = install()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const scope = effectScope()
    const state = scope.run(() => inApp({ budgets: false }, () => useWebMCPTool({ name: 'pack', description: 'Packs a suitcase \u{1F9F3}'.slice(0, -1), execute: () => '' })))!
    await until(() => state.isRegistered.value)
    expect((await mc.getTools())[0]!.description).toBe('Packs a suitcase ')
    expect(warn).not.toHaveBeenCalled()
    scope.stop()
    warn.mockRestore()
  })

  it('\'error\' mode registers a tool within budget once the checks have loaded', async () => {
    const mc = install()
    const state = inApp({ budgets: 'error' }, () => useWebMCPTool({ name: 'fine', description: 'd', execute: () => '' }))
    await until(() => state.isRegistered.value)
    expect(mc.toolNames).toEqual(['fine'])
  })

  it('with budgets off, tools with a schema register at setup; a schema that cannot be enforced refuses each call, saying why, before the tool runs', async () => {
    const mc = install()
    const execute = vi.fn(() => 'ran')
    const [broken, sound, brokenOutput] = inApp({ budgets: false }, () => [
      useWebMCPTool({ name: 'broken', description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w-.]+$' } } }, execute }),
      useWebMCPTool({ name: 'sound', description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w.-]+$' } } }, execute }),
      // The schema is broken on purpose: no result could match it, so its type says nothing here.
      useWebMCPTool({ name: 'broken_output', description: 'd', outputSchema: { $ref: '#/$defs/missing' }, execute: execute as unknown as () => Record<string, unknown> }),
    ])
    // Registered in the setup's own task: no check waits for a chunk.
    expect([...mc.toolNames].sort()).toEqual(['broken', 'broken_output', 'sound'])
    await until(() => broken!.isRegistered.value && sound!.isRegistered.value && brokenOutput!.isRegistered.value)
    const call = async (name: string) => JSON.parse(await mc.executeTool((await mc.getTools()).find(t => t.name === name)!, { id: 'a.b' }))
    for (const [name, problem] of [['broken', 'input schema has a pattern'], ['broken_output', 'output schema has a reference']]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const refused = await call(name!)
        expect(refused.isError).toBe(true)
        expect(refused._meta).toEqual({ 'vue-webmcp/code': 'INTERNAL' })
        expect(refused.content[0].text).toContain(`Tool "${name}" did not run: its ${problem}`)
      }
    }
    expect(execute).not.toHaveBeenCalled()
    expect(await call('sound')).toEqual({ content: [{ type: 'text', text: 'ran' }] })
  })

  it.each([
    ['a name outside the grammar', { name: 'has space', description: 'd' }],
    ['an empty description', { name: 'undescribed', description: '' }],
  ])('with budgets off, a tool with %s goes to the browser, and its refusal lands in error', async (_what, definition) => {
    const mc = install()
    const registerTool = vi.spyOn(mc, 'registerTool')
    const state = inApp({ budgets: false }, () => useWebMCPTool({ ...definition, inputSchema: { type: 'object' }, execute: () => '' }))
    await until(() => state.error.value)
    // The browser's own error, as Chromium refuses it.
    expect(state.error.value).toMatchObject({ name: 'InvalidStateError' })
    expect(state.isRegistered.value).toBe(false)
    // Earlier tests' scopes still run, and move their tools to this context: only this one's name counts.
    expect(registerTool.mock.calls.filter(([tool]) => tool.name === definition.name).length).toBeGreaterThan(0)
    expect(mc.toolNames).not.toContain(definition.name)
  })

  it('\'warn\' mode registers at once and warns once the budgets have loaded', async () => {
    const mc = install()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const state = inApp({ budgets: 'warn' }, () => useWebMCPTool({ name: 'w'.repeat(40), description: 'd', execute: () => '' }))
      expect(mc.toolNames).toContain('w'.repeat(40))
      await until(() => warn.mock.calls.some(([message]) => String(message).includes('40 characters')))
      expect(state.isRegistered.value).toBe(true)
    }
    finally {
      warn.mockRestore()
    }
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

describe('production build: a confirm.timeoutMs that is not a positive, finite number', () => {
  it.each([
    ['the tool\'s', 'pay_own', { confirm: { timeoutMs: -5 } }, {}, '-5'],
    ['the app\'s', 'pay_app', { confirm: true }, { confirm: { timeoutMs: '100' } }, '"100"'],
  ])('%s: the tool registers, and each call that would ask fails at once without asking or running, saying why', async (_whose, name, toolOptions, config, shown) => {
    const mc = install()
    const ask = vi.fn(() => true)
    const execute = vi.fn(() => 'paid')
    const state = inApp({ ...config, confirm: { ...(config as { confirm?: object }).confirm, ask } }, () => useWebMCPTool({ name, description: 'd', ...toolOptions, execute }))
    await until(() => state.isRegistered.value)
    expect(state.error.value).toBeNull()
    // Earlier tests' scopes still run, and move their tools to this context: this one is found by name.
    const tool = (await mc.getTools()).find(t => t.name === name)!
    const answer = JSON.parse(await mc.executeTool(tool, {}))
    expect(answer).toMatchObject({ isError: true, _meta: { 'vue-webmcp/code': 'TOOL_ERROR' } })
    expect(answer.content[0].text).toContain(`Tool "${name}" did not run: the page could not ask the person for confirmation (confirm.timeoutMs must be a positive, finite number of milliseconds; got ${shown}).`)
    expect(ask).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
    // The tool's call state says why, as for any confirmation that failed.
    expect(state.lastError.value).toMatchObject({ name: 'ConfirmationError' })
  })
})
