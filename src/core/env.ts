/// <reference types="webmcp-types" />
// Environment probes shared by every composable, and the one declaration of
// the development flag. No Vue import.

declare global {
  // The development flag is `process.env.NODE_ENV !== 'production'`, written
  // inline where it is used, as Vue's own ESM build writes it: bundlers (Vite,
  // webpack, Rollup, esbuild) replace `process.env.NODE_ENV` at build time, so
  // development-only code drops out of production builds; the no-bundler
  // files (dist/vue-webmcp.esm-browser*.js) get it replaced by our own build
  // (build.config.ts). Read at run time, not once into a constant, so a test
  // can switch it. Declared as @types/node declares it, so the two merge.
  // eslint-disable-next-line ts/no-namespace
  namespace NodeJS {
    interface ProcessEnv { NODE_ENV?: string }
    interface Process { env: ProcessEnv }
  }
  // eslint-disable-next-line vars-on-top
  var process: NodeJS.Process
}

export const isClient: boolean = typeof window !== 'undefined' && typeof document !== 'undefined'

let warnedLegacy = false

/**
 * A document's ModelContext: `document.modelContext` (Chrome 150+, the spec),
 * else the legacy `navigator.modelContext` of its window, which some older
 * builds and polyfills still use. Read afresh on each call: a polyfill may
 * wrap or replace it at any time. No document (a server render): none.
 */
export function getModelContext(doc: Document | undefined): WebMCP.ModelContext | undefined {
  const found = doc?.modelContext
  if (found)
    return found
  // Not every DOM-like environment has a window or a navigator (a partial test DOM, a worker shim).
  const legacy = (doc?.defaultView?.navigator as (Navigator & { modelContext?: WebMCP.ModelContext }) | undefined)?.modelContext
  if (process.env.NODE_ENV !== 'production' && legacy && !warnedLegacy) {
    warnedLegacy = true
    console.warn('[vue-webmcp] Only the deprecated navigator.modelContext exists; using it. Browsers and polyfills now expose document.modelContext.')
  }
  return legacy || undefined
}
