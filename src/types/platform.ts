/// <reference types="webmcp-types" />
// The platform's own types under the names the package exports (they come from
// `webmcp-types`, the spec's repository), and a tool as `getTools()` lists it.

export type ModelContext = WebMCP.ModelContext

export type RegisteredTool = WebMCP.RegisteredTool

/**
 * The spec's annotations (`readOnlyHint`, `untrustedContentHint`,
 * `consequentialHint`, `debugging`), and MCP's `destructiveHint`, which
 * WebMCP does not define (browsers ignore it) but the MCP-B libraries read.
 */
export type WebMCPToolAnnotations = WebMCP.ToolAnnotations & {
  /**
   * MCP's hint: `true`, the tool's effects cannot be undone; `false`, they
   * can. It does not by itself make a call ask the person (`consequentialHint`
   * or `confirm` does; development builds warn about a `destructiveHint: true`
   * tool with neither). It decides whether an approval can be remembered:
   * never for `true` unless the tool's own `confirm` says `remember: true`;
   * by default for `false` (or `readOnlyHint: true`). Unset, as in MCP, the
   * tool may be irreversible: an approval is not remembered unless its
   * `confirm` (or its group's) says `remember: true`.
   */
  destructiveHint?: boolean
}

export type ToolExecuteCallbackOptions = WebMCP.ToolExecuteCallbackOptions

export type ModelContextRegisterToolOptions = WebMCP.ModelContextRegisterToolOptions

export type ModelContextGetToolOptions = WebMCP.ModelContextGetToolOptions

export type ModelContextExecuteToolOptions = WebMCP.ModelContextExecuteToolOptions

export type ModelContextTool = WebMCP.ModelContextTool

/** Where a listed tool's frame is, seen from the document whose tools are listed (see `WebMCPListedTool.frame`). */
export type WebMCPToolFrame = 'self' | 'descendant' | 'ancestor' | 'other'

/**
 * A tool `useRegisteredTools` lists: plain, frozen data with the same members
 * on every browser, whether `getTools()` gave a dictionary (Chrome 150-159,
 * the polyfills) or a `Tool` object (Chrome 160). Safe to spread, serialize,
 * clone and show; `source` and `window` are not enumerable, so none of those
 * carry the window.
 */
export interface WebMCPListedTool {
  /** The tool's name, as registered. */
  readonly name: string
  /** `''` when none was given. */
  readonly title: string
  /** The tool's description, as registered. */
  readonly description: string
  /** The registering document's origin. */
  readonly origin: string
  /** JSON Schema of the arguments (Chromium 150's JSON string parsed), or `null`. */
  readonly inputSchema: object | null
  /** JSON Schema of what the tool returns (Chrome 159 and later), or `null`. */
  readonly outputSchema: object | null
  /** The tool's annotations with all four hints filled in when any was given, or `null`. */
  readonly annotations: WebMCPToolAnnotations | null
  /**
   * Which frame registered it, seen from the document whose tools are listed:
   * `'self'` that document, `'descendant'` a frame inside it (the browser
   * lists same-origin frames' tools with the page's), `'ancestor'` a frame it
   * is inside, `'other'` any other (a cross-origin frame listed through
   * `fromOrigins`, say, that is not an ancestor or descendant). `null` when
   * the browser gives no window. Two frames can register the same name: this
   * and `origin` tell their tools apart.
   */
  readonly frame: WebMCPToolFrame | null
  /** The registering document's window (`null` when the browser gives none). Not enumerable. */
  readonly source: Window | null
  /** @deprecated Chrome 150-159's name for `source`; kept while those are in use. Not enumerable. */
  readonly window: Window | null
}
