/// <reference types="webmcp-types" />
// Environment probes shared by every composable. No Vue import.

export const isClient: boolean = typeof window !== 'undefined' && typeof document !== 'undefined'

let warnedLegacy = false

/**
 * A document's ModelContext: `document.modelContext` (Chrome 150+, the spec),
 * else the legacy `navigator.modelContext` of its window, which some older
 * builds and polyfills still use, and Firefox's own implementation. Read afresh on each call: a polyfill may
 * wrap or replace it at any time. No document (a server render): none.
 */
export function getModelContext(doc: Document | undefined): WebMCP.ModelContext | undefined {
  const found = doc?.modelContext
  if (found)
    return found
  // Not every DOM-like environment has a window or a navigator (a partial test DOM, a worker shim).
  const legacy = (doc?.defaultView?.navigator as (Navigator & { modelContext?: WebMCP.ModelContext }) | undefined)?.modelContext
  // Firefox's own context lives there (it has `unregisterTool`): not a deprecated place for it.
  if (__DEV__ && legacy && !warnedLegacy && typeof (legacy as { unregisterTool?: unknown }).unregisterTool !== 'function') {
    warnedLegacy = true
    console.warn('[vue-webmcp] Only the deprecated navigator.modelContext exists; using it. Browsers and polyfills now expose document.modelContext.')
  }
  return legacy || undefined
}
