// A tool's options and what the tool composables return.
import type { ComputedRef, MaybeRefOrGetter, Ref, ShallowRef } from 'vue'
import type { WebMCPConfirmOptions } from './calls'
import type { ToolExecuteCallbackOptions, WebMCPToolAnnotations } from './platform'
import type { StandardSchemaV1 } from './standardSchema'

/**
 * The arguments `execute` receives. For a Standard Schema (Zod, Valibot,
 * ArkType) its output type: what its validation gives, transforms and
 * defaults applied. For a literal JSON Schema, inferred the way
 * `webmcp-types` infers `registerTool` input: required vs optional
 * properties, `enum` / `const`, nested objects and arrays.
 */
export type InferToolArgs<Schema> = Schema extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<Schema>
  : Schema extends object
    ? Parameters<WebMCP.ModelContextToolFromSchema<Schema>['execute']>[0]
    : Record<string, unknown>

/**
 * What `execute` returns for an `outputSchema`: a Standard Schema's input
 * type (the value is checked, then sent as it is), or the object type a
 * literal JSON Schema describes.
 */
export type InferToolResult<Schema> = Schema extends StandardSchemaV1
  ? StandardSchemaV1.InferInput<Schema>
  : Schema extends object
    ? InferToolArgs<Schema>
    : unknown

/**
 * What `outputSchema` takes: a JSON Schema object, or a Standard Schema that
 * accepts what `execute` returns (`Result`), so a mismatch is a type error.
 */
export type WebMCPOutputSchema<Result = unknown>
  = | StandardSchemaV1<Result, unknown>
    // A JSON Schema: written inline (the index signature spares it excess-property checks), or typed by an interface.
    | { readonly '~standard'?: undefined, readonly [keyword: string]: unknown }
    | (object & { readonly '~standard'?: undefined })

export interface UseWebMCPToolOptions<Args = Record<string, unknown>, Result = unknown> {
  /** Tool identifier the agent sees. 1-128 characters of `[a-zA-Z0-9_.-]`; Chrome's guidance is at most 30. */
  name: MaybeRefOrGetter<string>
  /** Human-readable label for user-agent UI. Agents reason over `name` and `description`. */
  title?: MaybeRefOrGetter<string | null | undefined>
  /** Natural-language description for the agent. Chrome's guidance: under 500 characters. */
  description: MaybeRefOrGetter<string>
  /**
   * The tool's arguments: a JSON Schema, or a Standard Schema that describes
   * itself as JSON Schema (Zod 4.2+, ArkType, Valibot through
   * `toStandardJsonSchema()`), which then checks the arguments with its own
   * code: `execute` receives its output. Compared by the JSON Schema's
   * content, not identity.
   */
  inputSchema?: MaybeRefOrGetter<object | undefined>
  /**
   * The shape of a successful result, as a JSON Schema or a Standard Schema.
   * Registered for the agent (Chrome 159 reads it); each result is checked
   * against it and sent as `structuredContent` with its JSON as text. A
   * mismatch is an `INVALID_OUTPUT` error, never the data.
   */
  outputSchema?: MaybeRefOrGetter<WebMCPOutputSchema<Result> | undefined>
  /** Hints for the agent and the browser: `readOnlyHint`, `untrustedContentHint`, `consequentialHint` (a call then waits for the person, see `confirm`) and `debugging`. */
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
  execute: (args: Args, options: ToolExecuteCallbackOptions) => Result | Promise<Result>
  /** Register only while true. A ref or getter is followed reactively. */
  enabled?: MaybeRefOrGetter<boolean>
  /** Optional shaper applied to the result before MCP normalization. */
  formatOutput?: (result: Result, args: Args) => unknown
  /**
   * Side effect when `execute` throws or returns an `Error`; the agent still
   * gets an `isError` result. Like `onStart` and `onSuccess`, it runs in a
   * task of its own after the call's: never awaited, never delaying the
   * agent's answer, never counted against `timeoutMs`; a throw or a rejection
   * is logged in development and changes nothing for the agent.
   */
  onError?: (error: unknown) => void
  /**
   * Runs once `execute` has started, with the arguments it receives
   * (validated, and approved when the tool asks), in a task of its own: not
   * awaited, and its time does not count against `timeoutMs`. A throw or a
   * rejection is logged in development and changes nothing for the agent.
   */
  onStart?: (args: Args) => void
  /**
   * Runs after a call succeeded, with what `execute` returned and its
   * arguments, in a task of its own once the agent has its answer (which
   * never waits for it). A throw or a rejection is logged in development and
   * changes nothing for the agent.
   */
  onSuccess?: (result: Result, args: Args) => void
  /**
   * Check arguments against `inputSchema` before `execute`. Default: the
   * group's, then `WEBMCP_CONFIG.validateArgs`, else `true`. A ref or getter
   * is read at each call.
   */
  validateArgs?: MaybeRefOrGetter<boolean | undefined>
  /**
   * Time limit for one call, in milliseconds: it bounds the page's work, not
   * the person. The clock starts when the call starts and runs through the
   * argument check, `execute`, `formatOutput` and the output check. For a call
   * that asks the person, it stops while the request waits for their decision
   * (that wait has its own limit, `confirm.timeoutMs`) and runs on with the
   * time left once they approve. The hooks (`onStart`, `onSuccess`,
   * `onError`) never count. On expiry `signal` aborts with a `TimeoutError`
   * and the agent gets `TIMEOUT`.
   *
   * A positive number; unset, `0` or `Infinity`: no limit. A value above
   * 2^31-1 (about 24.8 days, the longest a browser timer holds) is clamped to
   * it; a negative number, `NaN` or a non-number is a mistake: development
   * builds warn, and the call runs without a limit. Default: the group's, then
   * `WEBMCP_CONFIG.timeoutMs`. A ref or getter is read at each call.
   */
  timeoutMs?: MaybeRefOrGetter<number | undefined>
  /**
   * Whether a call waits for the person's decision before `execute` runs.
   * One rule: a tool asks when its `confirm` (else its group's) is set to
   * anything but `false`, or, with neither set, when `annotations` say
   * `consequentialHint: true`; a call of a tool that asks never runs unless
   * the person approves it (now, or remembered). With no `ask` and no
   * `useWebMCPConfirmations` mounted, the agent gets a `TOOL_ERROR` saying
   * nobody could be asked, and the tool does not run (development builds
   * warn once). `false`: never asks, the one opt-out, for a tool whose
   * browser or agent asks the person itself. `true`: always, asked through
   * the group's `ask`, else the app's `confirm.ask`, else
   * `useWebMCPConfirmations`; the group's `when`, `remember` and `timeoutMs`
   * do not apply. An object (`WebMCPConfirmOptions`): asks, as it says
   * (`ask`, `when`, `remember`, `timeoutMs`), the group's object filling in
   * the fields it leaves unset. A ref or getter is read at each call, and
   * may be read at other times (the warm-up), so a getter only computes the
   * choice, as a `computed` does: asking the person is `ask`'s job, and a
   * getter that returns `false` opts the call out.
   */
  confirm?: MaybeRefOrGetter<boolean | WebMCPConfirmOptions<Args> | undefined>
  /**
   * The document whose `modelContext` gets the tool: a same-origin iframe's, or
   * a test's own. Default: the page's. Read once, at setup. In a
   * `useWebMCPTools` group the group's `document` applies to every tool.
   */
  document?: Document
}

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

/**
 * What the agent's calls of one tool did, for the page's own UI (a spinner,
 * the last result on screen). Shallow refs; every call counts, whoever made
 * it (the agent, the debugging tools, Vue DevTools' run button).
 */
export interface WebMCPToolCallState<Result = unknown> {
  /** A call is running: from the moment it arrives (its check and the person's decision included) until its answer is ready. Overlapping calls keep it true until the last one ends. */
  isExecuting: Readonly<ShallowRef<boolean>>
  /** How many calls arrived since setup or `reset()`, failed ones included. */
  callCount: Readonly<ShallowRef<number>>
  /** What `execute` returned in the last call to end, when that call succeeded (before `formatOutput`); else `undefined`. */
  lastResult: Readonly<ShallowRef<Result | undefined>>
  /** Why the last call to end failed (invalid arguments, declined, timed out, a throw, an `isError` result); `null` when it succeeded. Registration failures stay in `error`. */
  lastError: Readonly<ShallowRef<Error | null>>
  /** Clears `callCount`, `lastResult` and `lastError`; calls still running when it is called no longer write them. `isExecuting` keeps saying what runs. */
  reset: () => void
}

export interface UseWebMCPToolReturn<Result = unknown> extends WebMCPSupportable, WebMCPToolCallState<Result> {
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
 * What the agent sees of a tool, read from its options: the definition handed
 * to `registerTool`, plus `exposedTo`. Internal: what the registration engine
 * registers and compares, and what the development tools show.
 */
export interface ToolDefinition {
  name: string
  description: string
  title?: string
  inputSchema?: object
  /** What the tool returns (Chrome 159's `outputSchema`), when its options give one. */
  outputSchema?: object
  annotations?: object
  /** Mutable, as `registerTool`'s options type it; never written. */
  exposedTo?: string[]
}

/**
 * Options applied to every tool in the group unless the tool sets its own
 * (the order: docs/guide/configuration.md). Read at each registration pass
 * and each call: a ref, a getter or this object changed later counts.
 */
export interface UseWebMCPToolsSharedOptions {
  /** Register the group's tools only while true: `enabled` for every tool of the group that sets none. */
  enabled?: MaybeRefOrGetter<boolean>
  /** Annotations for every tool of the group that sets none. */
  annotations?: MaybeRefOrGetter<WebMCPToolAnnotations | undefined>
  /** `exposedTo` for every tool of the group that sets none. */
  exposedTo?: MaybeRefOrGetter<readonly string[] | undefined>
  /** Receives the failing tool's name as well, since one handler serves the group. */
  onError?: (error: unknown, name: string) => void
  /** `validateArgs` for every tool of the group that sets none; read at each call. */
  validateArgs?: MaybeRefOrGetter<boolean | undefined>
  /** {@link UseWebMCPToolOptions.timeoutMs | timeoutMs} for every tool of the group that sets none; read at each call. */
  timeoutMs?: MaybeRefOrGetter<number | undefined>
  /** As a tool's `confirm`, for every tool of the group that sets none (`false`: those tools never ask, `consequentialHint` or not); an object's fields fill in those a tool's own object leaves unset. Read at each call. */
  confirm?: MaybeRefOrGetter<boolean | WebMCPConfirmOptions<any> | undefined>
  /** The document whose `modelContext` gets the group (a tool's own `document` is not read). Default: the page's. */
  document?: Document
}

/** Any tool's options, whatever its argument and result types: what a `useWebMCPTools` group takes. */
export type WebMCPAnyToolOptions = UseWebMCPToolOptions<any, any>

/** The registration engine behind `useWebMCPTool(s)`, as the development tools register their own tools with it. */
export type ToolRegistrations = (list: readonly WebMCPAnyToolOptions[], shared?: UseWebMCPToolsSharedOptions) => UseWebMCPToolReturn<any>[]

/**
 * One tool of a `useWebMCPTools` group, as `byName` holds it: a readonly
 * reactive object, so `byName.x.isRegistered` is a boolean in a template and
 * in a script alike (a ref inside a plain object would read as truthy).
 * The call state reads as `WebMCPToolCallState` says, unwrapped.
 */
export interface WebMCPToolState<Result = unknown> {
  /** The document has a `ModelContext`. */
  readonly isSupported: boolean
  /** This tool is registered with the browser. */
  readonly isRegistered: boolean
  /** Why this tool is not registered, or `null`. */
  readonly error: Error | null
  readonly isExecuting: boolean
  readonly callCount: number
  readonly lastResult: Result | undefined
  readonly lastError: Error | null
  readonly reset: () => void
}

/**
 * What `execute` may return: with an `outputSchema`, what it describes (a literal JSON Schema's
 * object type, a Standard Schema's input type); without one, its own `Result`. `Schema` is the
 * schema `outputSchema` was given as, when it can type a result: a literal or a Standard Schema
 * (a ref or a getter of one is read at run time only: `unknown`).
 */
export type InferExecuteReturn<Output, Result> = [
  Output extends StandardSchemaV1 ? Output : Output extends Ref<unknown> | ((...args: never) => unknown) ? unknown : Output,
] extends [infer Schema]
  ? unknown extends Schema
    ? Result | Promise<Result>
    : [Schema] extends [WebMCPOutputSchema | undefined]
        ? InferToolResult<Schema> | Promise<InferToolResult<Schema>>
        : never // not a schema: no return fits, so the mistake is an error
  : never

/** What `execute` resolves to, as `lastResult` and `onSuccess` get it: typed by `outputSchema` when there is one, else by `execute`. */
export type InferExecuteResult<Output, Result> = Awaited<InferExecuteReturn<Output, Result>>

/**
 * Tool options whose `execute` return is checked against `outputSchema`, a literal JSON Schema
 * or a Standard Schema (`Output`, inferred from it).
 */
export type UseWebMCPToolOptionsWithOutput<Args = Record<string, unknown>, Result = unknown, Output = unknown>
  = Omit<UseWebMCPToolOptions<Args, Result>, 'outputSchema' | 'execute' | 'onSuccess'> & {
    /** As `UseWebMCPToolOptions.outputSchema`; a literal or Standard Schema also types what `execute` returns. */
    outputSchema?: unknown extends Output
      ? MaybeRefOrGetter<WebMCPOutputSchema<Result> | undefined>
      : Output | MaybeRefOrGetter<WebMCPOutputSchema<Result> | undefined>
    /** As `UseWebMCPToolOptions.execute`, its return typed by `outputSchema` when there is one. */
    execute: (args: Args, options: ToolExecuteCallbackOptions) => InferExecuteReturn<Output, Result>
    /** As `UseWebMCPToolOptions.onSuccess`, its result typed as `execute`'s return. */
    onSuccess?: (result: InferExecuteResult<Output, Result>, args: Args) => void
  }

/**
 * Tool options whose `execute` arguments are inferred from `inputSchema` (a literal JSON Schema,
 * or a Standard Schema's output type), and whose return is checked against `outputSchema`.
 */
export type UseWebMCPToolOptionsFromSchema<Schema extends object, Result = unknown, Output = unknown>
  = Omit<UseWebMCPToolOptionsWithOutput<InferToolArgs<Schema>, Result, Output>, 'inputSchema'> & { inputSchema: Schema }

/** A tool definition that keeps its literal name (and checks `execute`'s return against `outputSchema`). */
export type DefineWebMCPToolOptions<Args = Record<string, unknown>, Result = unknown, Name extends MaybeRefOrGetter<string> = string, Output = unknown>
  = Omit<UseWebMCPToolOptionsWithOutput<Args, Result, Output>, 'name'> & { name: Name }

/** Static tool names in a definitions tuple; reactive names fall back to `string`. */
export type InferToolNames<T extends readonly WebMCPAnyToolOptions[]> = T[number]['name'] extends string ? T[number]['name'] : string

/** What each tool of a definitions tuple returns, by name (`unknown` for a reactive name). */
export type InferToolResults<T extends readonly WebMCPAnyToolOptions[]> = {
  [D in T[number] as D['name'] extends string ? D['name'] : string]: Awaited<ReturnType<D['execute']>>
}

export interface UseWebMCPToolsReturn<Names extends string = string, Results = Record<Names, unknown>> extends WebMCPSupportable {
  /** Every enabled tool in the group is registered; `false` while none is enabled. */
  isRegistered: Readonly<Ref<boolean>>
  /** The first failure in the group, if any. */
  error: Readonly<Ref<Error | null>>
  /**
   * Per-tool state, keyed by each tool's name at setup time (any valid name,
   * `__proto__` included). Each entry is reactive: `byName.x.isRegistered` is a
   * boolean, `byName.x.lastResult` what that tool's `execute` returned.
   */
  byName: { readonly [N in Names]: WebMCPToolState<N extends keyof Results ? Results[N] : unknown> }
  /** Unregisters the whole group for good, before its scope ends. */
  stop: () => void
}
