/// <reference types="webmcp-types" />
// What every engine's adapter answers (engine.ts chooses one per context), and
// the adapter of Chromium's shapes (156 and later, 150 and the MCP-B
// polyfills), which register alike: with a signal, and tell changes with
// `toolchange`; they differ only in how a listed tool runs (`runsOf` in
// engine.ts). No Vue import.

/** A tool as the package hands it to an engine: the spec's member, and `exposedTo`. */
export type EngineTool = WebMCP.ModelContextTool & { exposedTo?: readonly string[] }

export interface Engine {
  /**
   * The call that registers `tool` on `context` for as long as `signal` is
   * not aborted, ready to run. Run, it returns a promise that settles as the
   * registration does, or nothing once the tool is registered; a refusal
   * throws or rejects. `owner` (the slot registering) keeps a name across its
   * own re-registration where the engine tracks names itself.
   */
  registerCall: (context: WebMCP.ModelContext, tool: EngineTool, signal: AbortSignal, owner: object) => () => void | PromiseLike<void>
  /**
   * Runs `listener` when the context's tools may have changed (a name may have
   * come free), until `options.signal` is aborted; with `once`, the first time only.
   */
  onChange: (context: WebMCP.ModelContext, listener: () => void, options?: { once?: boolean, signal?: AbortSignal }) => void
}

/**
 * Chromium's `registerTool`, with the signal that ends the registration: a
 * promise from Chromium 151 on and in the polyfills; nothing from Chromium
 * 150, which throws at once on a refusal. Bound, not wrapped in a function:
 * a page a DevTools client drives (Playwright, an agent's) pays in each
 * registerTool call for every frame on the stack, as Chromium records the
 * whole stack there.
 */
export function registerCallWithSignal(context: WebMCP.ModelContext, tool: EngineTool, signal: AbortSignal): () => void | PromiseLike<void> {
  return context.registerTool.bind(context, tool as WebMCP.ModelContextTool, { signal, exposedTo: tool.exposedTo as string[] | undefined })
}

/** Chromium's `toolchange`, on every add and remove; a context that is no EventTarget has none. */
export function onToolChange(context: WebMCP.ModelContext, listener: () => void, options?: { once?: boolean, signal?: AbortSignal }): void {
  context.addEventListener?.('toolchange', listener, options)
}

/** Chromium's engine, whatever its version, and the polyfills'. */
export const signalEngine: Engine = { registerCall: registerCallWithSignal, onChange: onToolChange }
