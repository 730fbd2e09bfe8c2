import { afterAll, afterEach, beforeAll, inject, vi } from 'vitest'
import { install, uninstall } from 'vue-webmcp/testing'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which ModelContext this project tests: the package's in-memory one, or Chromium's own. */
    lane: 'memory' | 'native'
  }
}

export const lane = inject('lane')

/**
 * The ModelContext under test. The browser lane must find Chromium's own and
 * fails otherwise (never falls back); the happy-dom lane installs the in-memory one.
 */
export function useLaneModelContext(): WebMCP.ModelContext {
  if (lane === 'native') {
    const native = document.modelContext
    if (!native)
      throw new Error('document.modelContext is missing: Chromium must run with --enable-features=WebMCP')
    return native
  }
  return install()
}

export function releaseLaneModelContext(): void {
  if (lane === 'memory')
    uninstall()
}

/** Lets queued tasks run (native events and promise settlements). */
export function tick(ms = 0): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms))
}

let counter = 0
/** A tool name no other test in this document uses. */
export function uniqueName(prefix = 'tool'): string {
  return `${prefix}_${++counter}_${Math.random().toString(36).slice(2, 8)}`
}

/**
 * The set-up every shared suite needs: the lane's ModelContext before the
 * suite, released after it, and after each test the test's cleanups run, mocks
 * restored and queued events let go by. Returns the list tests push cleanups to.
 */
export function laneSuite(onReady: (mc: WebMCP.ModelContext) => void): (() => void)[] {
  const cleanups: (() => void)[] = []
  beforeAll(() => onReady(useLaneModelContext()))
  afterAll(() => releaseLaneModelContext())
  afterEach(async () => {
    cleanups.splice(0).forEach(cleanup => cleanup())
    vi.restoreAllMocks()
    await tick(30)
  })
  return cleanups
}
