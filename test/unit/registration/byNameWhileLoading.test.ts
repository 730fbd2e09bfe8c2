// Firefox's registration by name loads with import() on the first
// registration there (platform/byName.ts). Registrations made while it
// loads: a scope that ends leaves no tool behind, of two tools of one name the
// first registers and the second waits for the name, useRegisteredTools
// follows them, and a tool registered that way answers calls. Production
// build, on vue-webmcp/testing's model of Firefox's context.
import type { EffectScope } from 'vue'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, effectScope, nextTick } from 'vue'
import { InMemoryFirefoxModelContext } from '../../../src/testing'
import { until } from '../../helpers'

// The by-name code arrives after a delay, as over a network: registrations pile up meanwhile.
function mockSlowByName(): void {
  vi.resetModules()
  vi.doMock('../../../src/platform/byNameRegistration', async (importOriginal: () => Promise<unknown>) => {
    await new Promise(resolve => setTimeout(resolve, 50))
    return importOriginal()
  })
}

let src: typeof import('../../../src')
let mc: InMemoryFirefoxModelContext
const before = process.env.NODE_ENV
const scopes: EffectScope[] = []

beforeEach(async () => {
  process.env.NODE_ENV = 'production'
  mockSlowByName()
  src = await import('../../../src')
  mc = new InMemoryFirefoxModelContext()
  Object.defineProperty(navigator, 'modelContext', { configurable: true, value: mc })
})

afterEach(() => {
  scopes.splice(0).forEach(scope => scope.stop())
  delete (navigator as { modelContext?: unknown }).modelContext
  process.env.NODE_ENV = before
  vi.doUnmock('../../../src/platform/byNameRegistration')
})

function inScope<T>(setup: () => T): { result: T, scope: EffectScope } {
  const scope = effectScope()
  scopes.push(scope)
  const result = scope.run(() => createApp({ render: () => null }).runWithContext(setup))!
  return { result, scope }
}

describe('production: registering on Firefox while the by-name code loads', () => {
  it('a scope that ends while the code loads leaves no tool behind', async () => {
    const { result, scope } = inScope(() => src.useWebMCPTool({ name: 'brief', description: 'd', execute: () => '' }))
    // The registration has begun and waits on the load.
    await new Promise(resolve => setTimeout(resolve, 10))
    expect(mc.toolNames).toEqual([])
    scope.stop()
    const later = inScope(() => src.useWebMCPTool({ name: 'later', description: 'd', execute: () => '' }))
    await until(() => later.result.isRegistered.value)
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(mc.toolNames).toEqual(['later'])
    expect(result.isRegistered.value).toBe(false)
  })

  it('two tools of one name while the code loads: the first registers, the second is refused and takes the name once it is free', async () => {
    const first = inScope(() => src.useWebMCPTool({ name: 'dup', description: 'first', execute: () => 'first' }))
    const second = inScope(() => src.useWebMCPTool({ name: 'dup', description: 'second', execute: () => 'second' }))
    await new Promise(resolve => setTimeout(resolve, 10))
    expect(mc.toolNames).toEqual([])
    await until(() => first.result.isRegistered.value && second.result.error.value)
    expect(second.result.error.value!.name).toBe('InvalidStateError')
    expect(second.result.isRegistered.value).toBe(false)
    expect((await mc.getTools()).map(tool => tool.description)).toEqual(['first'])
    first.scope.stop()
    await until(() => second.result.isRegistered.value)
    expect((await mc.getTools()).map(tool => tool.description)).toEqual(['second'])
    expect(await mc.invokeTool('dup', {})).toMatchObject({ content: [{ type: 'text', text: 'second' }] })
  })

  it('useRegisteredTools set up before the code loads follows the tools registered once it has', async () => {
    const listing = inScope(() => src.useRegisteredTools())
    const tool = inScope(() => src.useWebMCPTool({ name: 'seen', description: 'd', execute: () => '' }))
    await until(() => tool.result.isRegistered.value)
    await until(() => listing.result.tools.value.some(t => t.name === 'seen'))
    tool.scope.stop()
    await nextTick()
    await until(() => !listing.result.tools.value.some(t => t.name === 'seen'))
  })
})
