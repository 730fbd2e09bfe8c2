// Contexts that remove a tool by name: Firefox's own ModelContext (behind
// dom.modelcontext.enabled), whose registerTool ignores the signal the package
// ends a registration with. What start-up code needs of them: telling such a
// context apart, following the package's changes to its tools there
// (useRegisteredTools), and loading the registration itself
// (byNameRegistration.ts) with import() on the first registration there. No
// Chromium or polyfill context removes by name, so their pages never load it;
// on Firefox a tool registers once it has loaded. No Vue import.
import type { ByNameModelContext } from './byNameRegistration'
import { toError } from '../shared/toError'

/** Per context: who follows the package's changes to its tools (useRegisteredTools). */
const changeListeners = new WeakMap<object, Set<() => void>>()

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
export function registerByName(mc: ByNameModelContext, tool: WebMCP.ModelContextTool, signal: AbortSignal, retry?: () => void): void | Promise<void> {
  if (!loaded)
    return loadAndRegister(mc, tool, signal, retry)
  return loaded.registerByName(mc, tool, signal, () => changeListeners.get(mc)?.forEach(listener => listener()), retry)
}

async function loadAndRegister(mc: ByNameModelContext, tool: WebMCP.ModelContextTool, signal: AbortSignal, retry?: () => void): Promise<void> {
  const load = loading ??= import('./byNameRegistration')
  try {
    loaded = await load
  }
  catch (reason) {
    if (loading === load)
      loading = undefined
    throw new Error(`Tool "${tool.name}" not registered: the code that registers tools in this browser could not be loaded (${toError(reason).message}).`, { cause: reason })
  }
  // A registration that ended meanwhile must not take the name: nothing would free it.
  signal.throwIfAborted()
  return registerByName(mc, tool, signal, retry)
}

/**
 * Runs `listener` whenever the package registers or unregisters a tool on the
 * by-name context `mc`, which fires no `toolchange` of its own. Returns the
 * function that stops it.
 */
export function onByNameChange(mc: object, listener: () => void): () => void {
  let listeners = changeListeners.get(mc)
  if (!listeners)
    changeListeners.set(mc, listeners = new Set())
  listeners.add(listener)
  return () => listeners.delete(listener)
}
