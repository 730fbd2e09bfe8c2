/// <reference types="webmcp-types" />
// Environment probes shared by every composable. No Vue import.

declare const process: { env: Record<string, string | undefined> }

/**
 * Development build? Written the way Vue's own ESM build writes it, so bundlers
 * replace `process.env.NODE_ENV` and drop dev-only branches from production code.
 */
export const isDev: boolean = process.env.NODE_ENV !== 'production'

export const isClient: boolean = typeof window !== 'undefined' && typeof document !== 'undefined'

/**
 * The page's ModelContext: `document.modelContext` (Chrome 150+, the spec), else
 * the legacy `navigator.modelContext` some older builds and polyfills still use.
 */
export function getModelContext(): WebMCP.ModelContext | undefined {
  if (!isClient)
    return undefined
  return document.modelContext
    // Not every DOM-like environment has a navigator (a partial test DOM, a worker shim).
    ?? (typeof navigator !== 'undefined' ? (navigator as Navigator & { modelContext?: WebMCP.ModelContext }).modelContext : undefined)
    ?? undefined
}
