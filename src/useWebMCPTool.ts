import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue'
import type { InferToolArgs, WebMCPToolAnnotations, WebMCPToolExecuteOptions } from './types'
import { useToolRegistrations } from './internal/registrations'

/**
 * `isSupported`, declared once for every composable that returns it: VueUse's
 * `Supportable`, written out, since naming VueUse's types in ours would make a
 * consumer type-check all of `@vueuse/core` (its Web Bluetooth types included).
 */
export interface WebMCPSupportable {
  /**
   * The document has the WebMCP API the composable uses (for
   * `useRegisteredTools`, `getTools` and `executeTool`). Flips when the API is
   * injected late, replaced or removed.
   */
  isSupported: ComputedRef<boolean>
}

export interface UseWebMCPToolOptions<Args = Record<string, unknown>, Result = unknown> {
  /** Tool identifier the agent sees. 1-128 characters of `[a-zA-Z0-9_.-]`; Chrome's guidance is at most 30. */
  name: MaybeRefOrGetter<string>
  /** Human-readable label for user-agent UI. Agents reason over `name` and `description`. */
  title?: MaybeRefOrGetter<string | null | undefined>
  /** Natural-language description for the agent. Chrome's guidance: under 500 characters. */
  description: MaybeRefOrGetter<string>
  /** JSON Schema for the tool arguments. Compared by content, not identity. */
  inputSchema?: MaybeRefOrGetter<object | undefined>
  annotations?: MaybeRefOrGetter<WebMCPToolAnnotations | undefined>
  /**
   * Secure origins (an iframe-hosted agent, say) that may discover and call the
   * tool, besides the registering page, its same-origin frames and the browser's agent.
   */
  exposedTo?: MaybeRefOrGetter<readonly string[] | undefined>
  /**
   * Runs when the agent invokes the tool. Read at call time: swapping it never
   * re-registers the tool. `options.signal` aborts when the caller cancels, the
   * call times out, or the scope ends: hand it to `fetch` and other cancellable work.
   */
  execute: (args: Args, options: WebMCPToolExecuteOptions) => Result | Promise<Result>
  /** Register only while true. A ref or getter is followed reactively. */
  enabled?: MaybeRefOrGetter<boolean>
  /** Optional shaper applied to the result before MCP normalization. */
  formatOutput?: (result: Result, args: Args) => unknown
  /** Side effect when `execute` throws or returns an `Error`; the agent still gets an `isError` result. */
  onError?: (error: unknown) => void
  /** Check arguments against `inputSchema` before `execute`. Default: `WEBMCP_CONFIG.validateArgs`, else `true`. */
  validateArgs?: boolean
  /** Time limit for one call in milliseconds; on expiry `signal` aborts with a `TimeoutError`. */
  timeoutMs?: number
  /**
   * The document whose `modelContext` gets the tool: a same-origin iframe's, or
   * a test's own. Default: the page's. Read once, at setup. In a
   * `useWebMCPTools` group the group's `document` applies to every tool.
   */
  document?: Document
}

export interface UseWebMCPToolReturn extends WebMCPSupportable {
  /** The tool is registered with the browser (its `registerTool` promise resolved). */
  isRegistered: Readonly<Ref<boolean>>
  /** Registration failure, such as `NotAllowedError` from a `tools` Permissions Policy. */
  error: Readonly<Ref<Error | null>>
  /**
   * Unregisters the tool for good, before its scope ends. Called with no active
   * scope (after an `await` in an async `setup()`), it is the only way to.
   */
  stop: () => void
}

/**
 * One tool of a `useWebMCPTools` group, as `byName` holds it: a readonly
 * reactive object, so `byName.x.isRegistered` is a boolean in a template and
 * in a script alike (a ref inside a plain object would read as truthy).
 */
export interface WebMCPToolState {
  readonly isSupported: boolean
  readonly isRegistered: boolean
  readonly error: Error | null
}

/** Tool options whose `execute` arguments are inferred from a literal `inputSchema`. */
export type UseWebMCPToolOptionsFromSchema<Schema extends object, Result = unknown>
  = Omit<UseWebMCPToolOptions<InferToolArgs<Schema>, Result>, 'inputSchema'> & { inputSchema: Schema }

/**
 * Registers a WebMCP tool and ties its lifetime to the current component or
 * effect scope, so the tools an agent sees match what is on screen: a view
 * cached by `<KeepAlive>` has its tools only while activated.
 * Feature-detects the API and does nothing where it is absent, SSR included.
 */
export function useWebMCPTool<const Schema extends object, Result = unknown>(options: UseWebMCPToolOptionsFromSchema<Schema, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn {
  return useToolRegistrations([options], { document: options.document })[0]!
}
