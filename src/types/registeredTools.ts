// `useRegisteredTools`: the tools this document may call.
import type { MaybeRefOrGetter, Ref, ShallowRef } from 'vue'
import type { RegisteredTool, WebMCPListedTool } from './platform'
import type { WebMCPSupportable } from './tools'

export interface UseRegisteredToolsOptions {
  /**
   * Origins whose tools to include on top of the same-origin default. Each must
   * be a secure origin whose document listed this page in `exposedTo`.
   */
  fromOrigins?: MaybeRefOrGetter<readonly string[] | undefined>
  /**
   * How to hand arguments to `executeTool()`. Unset: detect. The JSON string
   * Chrome first shipped with (Chromium 150, the MCP-B polyfills) is tried
   * first; when the browser rejects it with a `TypeError` (Chromium 156) the
   * spec's object form is used from then on, remembered per
   * ModelContext object. A chosen form the browser cannot parse
   * (`UnknownError` "Failed to parse input arguments" on Chromium 150 for an
   * object) switches to the other once. Set it to the form your browser takes
   * to skip the trial call; the browser's own answer, once seen, wins.
   */
  argumentFormat?: 'object' | 'json'
  /** The document whose `modelContext` to read (a same-origin iframe's, a test's own). Default: the page's. */
  document?: Document
}

export interface UseRegisteredToolsExecuteOptions {
  /** Aborts the execution; the tool's `execute` sees it through its own signal. */
  signal?: AbortSignal
}

export interface UseRegisteredToolsReturn extends WebMCPSupportable {
  /**
   * Tools this document may call, sorted by name, refreshed on `toolchange`:
   * plain, frozen data with the same members on every browser (see
   * `WebMCPListedTool`), never the browser's own objects.
   */
  tools: Readonly<ShallowRef<readonly WebMCPListedTool[]>>
  /**
   * Failure of the last `getTools()` call, or its entries that could not be
   * read (left out of `tools`); cleared by the next clean answer.
   */
  error: Readonly<Ref<Error | null>>
  /**
   * Query `getTools()` again, at once: the newest answer wins over one still
   * pending. Runs by itself after `toolchange` events. Resolves once `tools`
   * holds an answer at least this new.
   */
  refresh: () => Promise<void>
  /**
   * Runs a discovered tool in its owner's document and resolves with its result
   * parsed from the JSON the browser returns (a non-JSON string stays a string).
   * An entry of `tools` runs exactly the browser object it was read from (Chrome
   * 160 refuses anything else, and a tool replaced under the same name since is
   * not run in its place); a plain copy of one runs the tool listed now under
   * its name and origin.
   * Rejects with the browser's DOMException when the tool or the browser fails,
   * and with `NotSupportedError` when the API is absent, `InvalidStateError`
   * once stopped.
   */
  execute: (tool: WebMCPListedTool | RegisteredTool, args?: object, options?: UseRegisteredToolsExecuteOptions) => Promise<unknown>
  /**
   * Stops following `toolchange` and goes inert, as at the end of its scope:
   * no more `getTools()`, and `execute` rejects.
   */
  stop: () => void
}
