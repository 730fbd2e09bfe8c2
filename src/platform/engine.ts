/// <reference types="webmcp-types" />
// The adapter for a ModelContext's engine, chosen once per context: Chromium
// 156 and later (nativeEngine.ts), the JSON-only shape of Chromium 150 and the
// MCP-B polyfills (jsonEngine.ts), or a context that removes tools by name,
// Firefox's own (byName.ts). The rest of the package asks the adapter and never
// tests a context's shape. Start-up code: listing and running tools, which only
// useRegisteredTools needs, read `runs` (listing.ts). No Vue import.
import type { Engine } from './adapter'
import { byNameEngine, unregistersByName } from './byName'
import { jsonEngine } from './jsonEngine'
import { nativeEngine } from './nativeEngine'

/**
 * `context`'s engine. It follows from members a context has from its creation
 * on, so a context always gets the same one: no table is kept (start-up code).
 */
export function engineOf(context: WebMCP.ModelContext): Engine {
  return unregistersByName(context) ? byNameEngine : takesObjects(context) ? nativeEngine : jsonEngine
}

/**
 * Chromium 156 and later fire `toolcancel` (an `ontoolcancel` attribute), which
 * neither Chromium 150 nor the polyfills have; `@mcp-b/global` over a native
 * context takes the native context's form, so its `.native` is read.
 */
function takesObjects(context: WebMCP.ModelContext): boolean {
  return 'ontoolcancel' in ((context as { native?: object }).native ?? context)
}
