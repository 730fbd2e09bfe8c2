/// <reference types="webmcp-types" />
// Environment probes shared by every composable. No Vue import.

declare const process: { env: Record<string, string | undefined> }

/**
 * Development build? Written the way Vue's own ESM build writes it, so bundlers
 * replace `process.env.NODE_ENV` and drop dev-only branches from production code.
 */
export const isDev: boolean = process.env.NODE_ENV !== 'production'

export const isClient: boolean = typeof window !== 'undefined' && typeof document !== 'undefined'

let warnedLegacy = false

/**
 * The page's ModelContext: `document.modelContext` (Chrome 150+, the spec), else
 * the legacy `navigator.modelContext` some older builds and polyfills still use.
 * Read afresh on each call: a polyfill may wrap or replace it at any time.
 */
export function getModelContext(): WebMCP.ModelContext | undefined {
  // Read at call time too: a test environment torn down under a running poll has no document.
  if (!isClient || typeof document === 'undefined')
    return undefined
  const found = document.modelContext
  if (found)
    return found
  // Not every DOM-like environment has a navigator (a partial test DOM, a worker shim).
  const legacy = typeof navigator !== 'undefined' ? (navigator as Navigator & { modelContext?: WebMCP.ModelContext }).modelContext : undefined
  if (process.env.NODE_ENV !== 'production' && legacy && !warnedLegacy) {
    warnedLegacy = true
    console.warn('[vue-webmcp] Only the deprecated navigator.modelContext exists; using it. Browsers and polyfills now expose document.modelContext.')
  }
  return legacy ?? undefined
}
