// The adapter of a context that removes a tool by name: Firefox's own
// ModelContext (behind dom.modelcontext.enabled), whose registerTool ignores
// the signal the package ends a registration with and which fires no
// `toolchange`. What start-up code needs of it: telling such a context apart,
// and loading the registration itself, which also reports the changes to its
// tools, (byNameRegistration.ts) with import() on
// the first registration there. No Chromium or polyfill context removes by
// name, so their pages never load it; on Firefox a tool registers once it has
// loaded. No Vue import.
import type { Engine } from './adapter'
import type { ByNameModelContext } from './byNameRegistration'

/** The registration by name once loaded; while it loads, the one import() every registration waits on, in order. */
let loaded: typeof import('./byNameRegistration') | undefined
let loading: Promise<typeof import('./byNameRegistration')> | undefined

/** Whether `mc` removes tools by name rather than by the registration's signal. */
export function unregistersByName(mc: unknown): mc is ByNameModelContext {
  return typeof (mc as Partial<ByNameModelContext> | undefined)?.unregisterTool === 'function'
}

/**
 * `use` with byNameRegistration.ts: at once once loaded; before, after
 * loading it, in the order asked. A load that fails (a network error, a chunk
 * gone after a deploy) goes to `failed`, and the next use loads again.
 */
function withRegistration<T>(use: (module: typeof import('./byNameRegistration')) => T, failed: (reason: unknown) => T): T | Promise<T> {
  if (loaded)
    return use(loaded)
  loading ??= import('./byNameRegistration').then(module => (loaded = module), (reason) => {
    loading = undefined
    throw reason
  })
  return loading.then(use, failed)
}

/**
 * The engine of a by-name context: byNameRegistration.ts answers once loaded.
 * Before, a registration loads it first, so the answer is a promise; the
 * changes to the context's tools are the loaded module's to report, and none
 * happen before it loads, so a listener added before waits for it. The
 * context is a by-name one wherever this engine is chosen (engine.ts).
 */
export const byNameEngine = {
  registerCall: (mc: ByNameModelContext, tool: WebMCP.ModelContextTool, signal: AbortSignal, owner: object) => (): void | Promise<void> =>
    withRegistration((module) => {
      // A registration that ended while the module loaded must not take the name: nothing would free it.
      signal.throwIfAborted()
      return module.registerByName(mc, tool, signal, owner)
    }, (reason) => {
      throw new Error(`Tool "${tool.name}" not registered: its registration code could not be loaded. Reload the page.`, { cause: reason })
    }) as void | Promise<void>,
  onChange: (mc: ByNameModelContext, listener: () => void, options?: { once?: boolean, signal?: AbortSignal }): void => {
    withRegistration(module => module.onChange(mc, listener, options), () => {})
  },
} as unknown as Engine
