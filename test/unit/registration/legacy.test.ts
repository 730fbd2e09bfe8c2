// The legacy navigator.modelContext slot (pre-150 builds, some polyfills).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { useWebMCPTool } from '../../../src'
import { InMemoryModelContext, install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'

afterEach(() => {
  uninstall()
  vi.restoreAllMocks()
})

describe('legacy navigator.modelContext', () => {
  it('is used when document.modelContext is absent', async () => {
    // Development builds say so once (test/unit/implementations.test.ts counts it).
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const legacy = install({ document: false, legacyNavigator: true })
    expect(document.modelContext).toBeUndefined()
    const scope = effectScope()
    const state = scope.run(() => useWebMCPTool({ name: 'legacy_tool', description: 'd', execute: () => '' }))!
    await until(() => state.isRegistered.value)
    expect(legacy.toolNames).toEqual(['legacy_tool'])
    scope.stop()
  })

  it('is ignored when document.modelContext exists', async () => {
    const modern = install()
    const legacy = new InMemoryModelContext()
    Object.defineProperty(navigator, 'modelContext', { configurable: true, get: () => legacy })
    try {
      const scope = effectScope()
      const state = scope.run(() => useWebMCPTool({ name: 'modern_tool', description: 'd', execute: () => '' }))!
      await until(() => state.isRegistered.value)
      expect(modern.toolNames).toEqual(['modern_tool'])
      expect(legacy.toolNames).toEqual([])
      scope.stop()
    }
    finally {
      delete (navigator as { modelContext?: unknown }).modelContext
    }
  })

  it('uninstall() restores what was there and the composables follow', async () => {
    expect(document.modelContext).toBeUndefined()
    const mc = install()
    const scope = effectScope()
    const state = scope.run(() => useWebMCPTool({ name: 'short_lived', description: 'd', execute: () => '' }))!
    await until(() => state.isRegistered.value)
    uninstall()
    expect(document.modelContext).toBeUndefined()
    await nextTick()
    expect(state.isSupported.value).toBe(false)
    expect(state.isRegistered.value).toBe(false)
    expect(mc.toolNames).toEqual([])
    scope.stop()
  })
})
