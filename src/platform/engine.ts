/// <reference types="webmcp-types" />
// The adapter for a ModelContext's engine, chosen per context: Chromium's and
// the polyfills' (adapter.ts), or a context that removes tools by name,
// Firefox's own (byName.ts). How a listed tool runs tells Chromium 156 and
// later (`Tool` objects) from the JSON-only shape of Chromium 150 and the
// polyfills: `runsOf`, which only listing needs, so start-up code leaves it
// out. The rest of the package asks here and never tests a context's shape.
// No Vue import.
import type { Engine } from './adapter'
import { signalEngine } from './adapter'
import { byNameEngine, unregistersByName } from './byName'

/**
 * `context`'s engine. It follows from members a context has from its creation
 * on, so a context always gets the same one: no table is kept (start-up code).
 */
export function engineOf(context: WebMCP.ModelContext): Engine {
  return unregistersByName(context) ? byNameEngine : signalEngine
}

/**
 * How a listed tool of `context` is run: `executeTool` with an object
 * (`'object'`) or a JSON string (`'json'`) first, or `invokeTool` by name (`'name'`).
 */
export function runsOf(context: WebMCP.ModelContext): 'object' | 'json' | 'name' {
  return unregistersByName(context) ? 'name' : takesObjects(context) ? 'object' : 'json'
}

/**
 * Chromium 156 and later fire `toolcancel` (an `ontoolcancel` attribute), which
 * neither Chromium 150 nor the polyfills have; `@mcp-b/global` over a native
 * context takes the native context's form, so its `.native` is read.
 */
function takesObjects(context: WebMCP.ModelContext): boolean {
  return 'ontoolcancel' in ((context as { native?: object }).native ?? context)
}
