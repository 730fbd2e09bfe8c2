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
import { toError } from '../shared/toError'

/** The registration by name once loaded; while it loads, the one import() every registration waits on, in order. */
let loaded: typeof import('./byNameRegistration') | undefined
let loading: Promise<typeof import('./byNameRegistration')> | undefined

/** Whether `mc` removes tools by name rather than by the registration's signal. */
export function unregistersByName(mc: unknown): mc is ByNameModelContext {
  return typeof (mc as Partial<ByNameModelContext> | undefined)?.unregisterTool === 'function'
}

/**
 * Registers `tool` on a by-name context for as long as `signal` is not aborted:
 * `registerByName` of byNameRegistration.ts, which answers as it does once
 * loaded. Before, it loads first, so the answer is a promise, and the
 * registrations waiting go out in the order they were asked for. A load that
 * fails (a network error, a chunk gone after a deploy) rejects with an error
 * that says so, and the next registration loads again.
 */
function registerByName(mc: ByNameModelContext, tool: WebMCP.ModelContextTool, signal: AbortSignal, owner: object): void | Promise<void> {
  if (!loaded)
    return loadAndRegister(mc, tool, signal, owner)
  return loaded.registerByName(mc, tool, signal, owner)
}

/** Loads byNameRegistration.ts once; a load that fails is tried again on the next call. */
function loadRegistration(): Promise<typeof import('./byNameRegistration')> {
  return loading ??= import('./byNameRegistration').then(module => (loaded = module))
}

async function loadAndRegister(mc: ByNameModelContext, tool: WebMCP.ModelContextTool, signal: AbortSignal, owner: object): Promise<void> {
  const load = loadRegistration()
  try {
    await load
  }
  catch (reason) {
    if (loading === load)
      loading = undefined
    throw new Error(`Tool "${tool.name}" not registered: the code that registers tools in this browser could not be loaded (${toError(reason).message}).`, { cause: reason })
  }
  // A registration that ended meanwhile must not take the name: nothing would free it.
  signal.throwIfAborted()
  return registerByName(mc, tool, signal, owner)
}

/**
 * The changes to a by-name context's tools are the loaded registration's to
 * report (byNameRegistration.ts): none happen before it loads, so a listener
 * added before waits for it.
 */
function onByNameChange(mc: ByNameModelContext, listener: () => void, options?: { once?: boolean, signal?: AbortSignal }): void {
  if (loaded)
    loaded.onChange(mc, listener, options)
  else
    loadRegistration().then(module => module.onChange(mc, listener, options), () => {})
}

// The context is a by-name one wherever this engine is chosen (engine.ts).
export const byNameEngine = { register: registerByName, onChange: onByNameChange, runs: 'name' } as unknown as Engine
