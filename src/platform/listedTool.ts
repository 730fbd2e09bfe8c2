// What `getTools()` lists, read into plain data the same on every browser.
// Chrome 160 (spec PR #348) returns `Tool` objects whose attributes are
// getters on the prototype: a spread, `JSON.stringify` or `structuredClone`
// of one loses everything. Chrome 150-159 and the polyfills return
// dictionaries. Each attribute is read by name, so both work. No Vue import.
import type { WebMCPListedTool, WebMCPToolAnnotations, WebMCPToolFrame } from '../types'

/** A schema as listed: an object; Chromium 150's JSON string is parsed; anything else (`''`, `null`, unparsable) is `null`. */
function parseListedSchema(value: unknown): object | null {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    }
    catch {
      return null
    }
  }
  return value && typeof value === 'object' ? value : null
}

/**
 * Where `source` is from the point of view of `view` (the window of the
 * document whose tools are listed): its own, a frame inside it at any depth, a
 * frame it is inside, or another (a sibling, a cousin). `parent` can be read
 * on a cross-origin window too. `null` when either window is unknown.
 */
export function frameOf(source: Window | null, view: Window | null | undefined): WebMCPToolFrame | null {
  if (!source || !view)
    return null
  if (source === view)
    return 'self'
  try {
    for (let w = source; w.parent !== w; w = w.parent) {
      if (w.parent === view)
        return 'descendant'
    }
    for (let w = view; w.parent !== w; w = w.parent) {
      if (w.parent === source)
        return 'ancestor'
    }
  }
  catch {
    // A frame removed meanwhile has no parent to read.
  }
  return 'other'
}

/**
 * One listed tool as plain, frozen data: `name`, `title` (`''` when none),
 * `description`, `origin`, `inputSchema`, `outputSchema` and `annotations`
 * (objects or `null`), and `frame` (where it was registered, seen from `view`)
 * as enumerable members; the registering window as
 * `source` (Chrome 160's name) and `window` (150-159's), not enumerable, so a
 * spread, JSON or structured clone of the entry carries no window.
 */
export function readListedTool(tool: unknown, view?: Window | null): WebMCPListedTool {
  const t = tool as Record<string, unknown>
  const annotations = t.annotations
  const source = (t.source ?? t.window ?? null) as Window | null
  const entry = {
    name: String(t.name),
    title: typeof t.title === 'string' ? t.title : '',
    description: String(t.description ?? ''),
    origin: String(t.origin ?? ''),
    inputSchema: parseListedSchema(t.inputSchema),
    outputSchema: parseListedSchema(t.outputSchema),
    annotations: annotations && typeof annotations === 'object' ? { ...annotations } as WebMCPToolAnnotations : null,
    frame: frameOf(source, view),
  }
  return Object.freeze(Object.defineProperties(entry, { source: { value: source }, window: { value: source } })) as WebMCPListedTool
}
