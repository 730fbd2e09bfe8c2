/// <reference types="webmcp-types" />
// The package's shared public types, in one module that the composables, the
// registration engine and the call path all import (and that imports none of
// them back). Platform types come from `webmcp-types` (the spec's own
// repository); this file gives them the names the package exports, and adds
// the MCP result shapes, the app config and the composables' options.
import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue'
import type { StandardSchemaV1 } from './standardSchema'

/**
 * Stable codes for why a call failed, found in `result._meta['vue-webmcp/code']`
 * and in `onToolResult` events.
 */
export type WebMCPErrorCode
  /** The arguments do not match the schema, or the tool threw a `ToolInputError`. Fix the call. */
  = | 'INVALID_ARGS'
  /** The tool ran longer than its `timeoutMs`. Retry later or ask for less. */
    | 'TIMEOUT'
  /** The caller cancelled, or the component that owns the tool went away. */
    | 'ABORTED'
  /** The result was over the budget and could not be cut safely. Ask for less. */
    | 'OUTPUT_TOO_LARGE'
  /** `execute` threw or returned an error. */
    | 'TOOL_ERROR'
  /** The person declined the call (a tool that asks for confirmation): it did not run. Not the tool's failure: do not retry unless the person asks. */
    | 'DECLINED'
  /** The result does not match the tool's `outputSchema`: the page's bug, not the agent's. */
    | 'INVALID_OUTPUT'
  /** vue-webmcp itself failed. A bug: please report it. */
    | 'INTERNAL'

/** Chrome's guidance ("WebMCP tool security", "Set character budgets"). */
export interface WebMCPBudgetLimits {
  /** Tool name. Default 30. */
  name: number
  /** Each parameter (property) name anywhere in the input schema. Default 30. */
  parameterName: number
  /** Tool description. Default 500. */
  description: number
  /** Each parameter description anywhere in the input schema. Default 150. */
  parameterDescription: number
  /** Tool result, as serialized for the agent. Default 1,500. */
  result: number
}

export type ModelContext = WebMCP.ModelContext
export type RegisteredTool = WebMCP.RegisteredTool
export type WebMCPToolAnnotations = WebMCP.ToolAnnotations
export type WebMCPToolExecuteOptions = WebMCP.ToolExecuteCallbackOptions
export type RegisterToolOptions = WebMCP.ModelContextRegisterToolOptions
export type GetToolsOptions = WebMCP.ModelContextGetToolOptions
export type ExecuteToolOptions = WebMCP.ModelContextExecuteToolOptions
export type WebMCPToolDescriptor = WebMCP.ModelContextTool

/**
 * A tool `useRegisteredTools` lists: plain, frozen data with the same members
 * on every browser, whether `getTools()` gave a dictionary (Chrome 150-159,
 * the polyfills) or a `Tool` object (Chrome 160). Safe to spread, serialize,
 * clone and show; `source` and `window` are not enumerable, so none of those
 * carry the window.
 */
export interface WebMCPListedTool {
  readonly name: string
  /** `''` when none was given. */
  readonly title: string
  readonly description: string
  /** The registering document's origin. */
  readonly origin: string
  /** JSON Schema of the arguments (Chromium 150's JSON string parsed), or `null`. */
  readonly inputSchema: object | null
  /** JSON Schema of what the tool returns (Chrome 159 and later), or `null`. */
  readonly outputSchema: object | null
  readonly annotations: WebMCPToolAnnotations | null
  /** The registering document's window (`null` when the browser gives none). Not enumerable. */
  readonly source: Window | null
  /** @deprecated Chrome 150-159's name for `source`; kept while those are in use. Not enumerable. */
  readonly window: Window | null
}

/** Optional hints MCP allows on any content block. */
export interface WebMCPContentAnnotations {
  audience?: ('user' | 'assistant')[]
  priority?: number
  lastModified?: string
}

interface BlockBase {
  annotations?: WebMCPContentAnnotations
  _meta?: Record<string, unknown>
}

/** Text: what agents read. */
export interface WebMCPTextContent extends BlockBase {
  type: 'text'
  text: string
}

/** An image or a sound, base64 in `data`. */
export interface WebMCPMediaContent extends BlockBase {
  type: 'image' | 'audio'
  data: string
  mimeType: string
}

/** A link to a resource the agent may read. */
export interface WebMCPResourceLink extends BlockBase {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
}

/** A resource inlined in the result, as text or base64 `blob`. */
export interface WebMCPEmbeddedResource extends BlockBase {
  type: 'resource'
  resource: { uri: string, mimeType?: string, _meta?: Record<string, unknown> } & ({ text: string } | { blob: string })
}

/**
 * One block of an MCP tool result: MCP's five block types, a union on `type`,
 * so `if (block.type === 'text') block.text` is a `string` without a cast.
 * A block of a type MCP does not define still passes through at run time
 * (and counts against the budget); read such a block through `unknown`.
 */
export type WebMCPContentBlock
  = | WebMCPTextContent
    | WebMCPMediaContent
    | WebMCPResourceLink
    | WebMCPEmbeddedResource

/** An MCP `CallToolResult`: what the agent receives from a tool. */
export interface WebMCPToolResponse {
  content: WebMCPContentBlock[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
  _meta?: Record<string, unknown>
  [key: string]: unknown
}

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

/** Who started a call, as the hooks see it. */
export interface WebMCPCallOrigin {
  /** `'tool'`: a `useWebMCPTool(s)` tool; `'form'`: a `useWebMCPForm` submission. */
  source: 'tool' | 'form'
  /**
   * `'agent'`: a tool call (through `executeTool`), or a form submission that
   * answers an agent (`event.agentInvoked`); `'person'`: a person's own submit.
   */
  caller: 'agent' | 'person'
  /** Forms only: the agent's submission went through without a click (`toolautosubmit`). */
  autosubmitted?: boolean
}

/** What `onToolCall` receives, before `execute`. */
export interface WebMCPToolCallEvent extends WebMCPCallOrigin {
  name: string
  /** Present only with `includeArgs: true`. The same object `execute` receives; do not mutate it. */
  args?: unknown
}

/** What `onToolResult` receives, after normalization, for success and failure alike. */
export interface WebMCPToolResultEvent extends WebMCPCallOrigin {
  name: string
  /** `false` when the call failed or `execute` returned an `isError` result. */
  ok: boolean
  /** Wall-clock duration of the call in milliseconds. */
  ms: number
  /** What the agent receives, after normalization. */
  response: WebMCPToolResponse
  /** Why the call failed, when it did. */
  code?: WebMCPErrorCode
  /** What `execute` threw or returned as an `Error`, or the call path's own failure (invalid arguments, timeout, oversized result). */
  error?: unknown
  /** Present only with `includeArgs: true`. */
  args?: unknown
  /** Present when the call asked the person (see `confirm`): what they decided, and how long the call waited. */
  confirmation?: WebMCPConfirmationOutcome
}

/**
 * One call waiting for the person's decision, as `useWebMCPConfirmations`
 * lists it and a `confirm` callback receives it.
 */
export interface WebMCPConfirmationRequest extends WebMCPCallOrigin {
  /** Unique on the page; requests are decided in the order of their ids. */
  id: number
  /** The tool's name, title and description, as the agent sees them. */
  name: string
  title?: string
  description?: string
  /** The arguments as validated: what `execute` receives if the person approves. Do not mutate. */
  args: unknown
  annotations?: WebMCPToolAnnotations
  /** Aborts when the request is withdrawn: the agent cancelled, or the tool's scope ended. Close the dialog then. */
  signal: AbortSignal
}

/**
 * How a page asks the person about one call: resolve `true` to run it;
 * anything else (`false`, a throw, a rejection) and it does not run.
 */
export type WebMCPConfirm = (request: WebMCPConfirmationRequest) => boolean | Promise<boolean>

/** What became of a call that asked the person, in `onToolResult`'s `confirmation`. */
export interface WebMCPConfirmationOutcome {
  /**
   * `'approved'`: it ran. `'declined'`: the person said no (`DECLINED`).
   * `'withdrawn'`: the agent cancelled or the tool's scope ended first
   * (`ABORTED`). `'failed'`: the page could not ask (the callback threw, or
   * nothing on the page asks for a tool set to `confirm: true`).
   */
  decision: 'approved' | 'declined' | 'withdrawn' | 'failed'
  /** Milliseconds the call waited for the decision. */
  ms: number
  /** The reason given to `decline(reason)`, when there was one. */
  reason?: string
}

/** What happens to a definition or result over Chrome's character budgets (see `WebMCPConfig.budgets`). */
export type BudgetMode = 'warn' | 'error' | false

/**
 * App-level settings for every tool and form below the provider, read once
 * when each is set up. `app.provide(WEBMCP_CONFIG, ...)` reaches everything,
 * Pinia stores and `app.runWithContext` included; `provideWebMCPConfig()`
 * reaches one component's subtree.
 */
export interface WebMCPConfig {
  /**
   * What happens when a name, description, parameter or result is over
   * Chrome's character budgets. `'warn'` logs one warning per field (the
   * default in development). `'error'` throws at setup for an over-budget
   * definition in development and test builds (sets `error` in production),
   * keeps a later over-budget change unregistered with `error` set, cuts an
   * over-budget text result and refuses an over-budget structured one with an
   * `isError` result. `false` skips the checks (the default in production).
   */
  budgets?: BudgetMode
  /** Override Chrome's numbers. */
  limits?: Partial<WebMCPBudgetLimits>
  /** Check arguments against `inputSchema` before `execute`. Default `true`. */
  validateArgs?: boolean
  /** Default time limit for a call, in milliseconds. Off unless set. */
  timeoutMs?: number
  /** Include the call arguments in hook payloads. Off by default: arguments often carry personal data. */
  includeArgs?: boolean
  /**
   * How the page asks the person before a call runs, for apps that have a
   * dialog service. Tools annotated `consequentialHint: true` ask, and tools
   * or groups that set `confirm: true` (see `useWebMCPConfirmations` for a
   * dialog of your own). A tool's or group's own function takes precedence.
   */
  confirm?: WebMCPConfirm
  /** Runs before `execute`. */
  onToolCall?: (event: WebMCPToolCallEvent) => void
  /** Runs after the result is normalized, for success and failure alike; not for a call whose code could not be loaded (it never started). */
  onToolResult?: (event: WebMCPToolResultEvent) => void
  /** Development builds: register read-only debugging tools for coding agents (ignored in production builds). */
  debugTools?: boolean
}

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
  /** Check arguments against `inputSchema` before `execute`. Default: the group's, then `WEBMCP_CONFIG.validateArgs`, else `true`. */
  validateArgs?: boolean
  /** Time limit for one call in milliseconds; on expiry `signal` aborts with a `TimeoutError`. Default: the group's, then `WEBMCP_CONFIG.timeoutMs`. The time spent waiting for the person's decision does not count. */
  timeoutMs?: number
  /**
   * Whether a call waits for the person's decision before `execute` runs.
   * `false`: never. `true`: always, asked through the group's or the app's
   * `confirm`, else `useWebMCPConfirmations`. A function: always, asked
   * through it. Default: the group's, else ask when `annotations` say
   * `consequentialHint: true` and the page has a way to ask.
   */
  confirm?: boolean | WebMCPConfirm
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

/** Options applied to every tool in the group unless the tool sets its own. */
export interface UseWebMCPToolsSharedOptions {
  enabled?: MaybeRefOrGetter<boolean>
  annotations?: MaybeRefOrGetter<WebMCPToolAnnotations | undefined>
  exposedTo?: MaybeRefOrGetter<readonly string[] | undefined>
  /** Receives the failing tool's name as well, since one handler serves the group. */
  onError?: (error: unknown, name: string) => void
  validateArgs?: boolean
  timeoutMs?: number
  /** As a tool's `confirm`, for every tool of the group that sets none. */
  confirm?: boolean | WebMCPConfirm
  /** The document whose `modelContext` gets the group (a tool's own `document` is not read). Default: the page's. */
  document?: Document
}

export type AnyToolOptions = UseWebMCPToolOptions<any, any>

/** The registration engine behind `useWebMCPTool(s)`, as the development tools register their own tools with it. */
export type ToolRegistrations = (list: readonly AnyToolOptions[], shared?: UseWebMCPToolsSharedOptions) => UseWebMCPToolReturn[]
