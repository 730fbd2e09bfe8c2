/// <reference types="webmcp-types" />
// Where a document's ModelContext is, and the targets its events fire on. No Vue import.
import { unregistersByName } from './byName'

let warnedLegacy = false

/**
 * A document's ModelContext: `document.modelContext` (Chrome 150+, the spec),
 * else the legacy `navigator.modelContext` of its window, which some older
 * builds and polyfills still use, and Firefox's own implementation. Read afresh on each call: a polyfill may
 * wrap or replace it at any time. No document (a server render): none.
 */
export function findModelContext(doc: Document | undefined): WebMCP.ModelContext | undefined {
  const found = doc?.modelContext
  if (found)
    return found
  // Not every DOM-like environment has a window or a navigator (a partial test DOM, a worker shim).
  const legacy = (doc?.defaultView?.navigator as (Navigator & { modelContext?: WebMCP.ModelContext }) | undefined)?.modelContext
  // Firefox's own context lives there: not a deprecated place for it.
  if (__DEV__ && legacy && !warnedLegacy && !unregistersByName(legacy)) {
    warnedLegacy = true
    console.warn('[vue-webmcp] Only the deprecated navigator.modelContext exists; using it. Browsers and polyfills now expose document.modelContext.')
  }
  return legacy || undefined
}

/** `target` if it is an EventTarget: a plain-object ModelContext gets no listeners, and no error. */
export function eventTarget(target: unknown): EventTarget | undefined {
  return typeof (target as EventTarget | undefined)?.addEventListener === 'function' ? target as EventTarget : undefined
}

/**
 * Where `toolactivated` / `toolcancel` may fire for `context`'s forms: the
 * context (Chromium 156), `view` (Chromium 150, the polyfills, Chrome's
 * guides), or a native context a polyfill wraps without forwarding its events
 * (`@mcp-b/global` keeps it at `.native`). Those that are no EventTarget left out.
 */
export function agentEventTargets(context: WebMCP.ModelContext | undefined, view: Window | null | undefined): EventTarget[] {
  return [view, context, (context as { native?: EventTarget } | undefined)?.native].map(eventTarget).filter(target => !!target)
}
