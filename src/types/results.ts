// What a tool call answers: the MCP result shapes and the error codes.

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
  /** The person declined the call (a tool that asks for confirmation), or nobody decided within its `confirm.timeoutMs`: it did not run. Not the tool's failure: do not retry unless the person asks. */
    | 'DECLINED'
  /** The result does not match the tool's `outputSchema`: the page's bug, not the agent's. */
    | 'INVALID_OUTPUT'
  /** vue-webmcp itself failed. A bug: please report it. */
    | 'INTERNAL'

/** Optional hints MCP allows on any content block. */
export interface WebMCPContentAnnotations {
  /** Who the block is for: the person, the model, or both. */
  audience?: ('user' | 'assistant')[]
  /** How much the block matters, from 0 (least) to 1 (most). */
  priority?: number
  /** When the content last changed, as an ISO 8601 date. */
  lastModified?: string
}

/** What every content block may carry besides its own fields (MCP's `annotations` and `_meta`). */
export interface WebMCPContentBlockBase {
  /** Hints for the client: audience, priority, last change. */
  annotations?: WebMCPContentAnnotations
  /** Extra data for the client, passed through as it is. */
  _meta?: Record<string, unknown>
}

/** Text: what agents read. */
export interface WebMCPTextContent extends WebMCPContentBlockBase {
  /** A text block. */
  type: 'text'
  /** The text the agent reads. */
  text: string
}

/** An image or a sound, base64 in `data`. */
export interface WebMCPMediaContent extends WebMCPContentBlockBase {
  /** An image or a sound. */
  type: 'image' | 'audio'
  /** The bytes, base64-encoded. */
  data: string
  /** The bytes' media type, such as `image/png`. */
  mimeType: string
}

/** A link to a resource the agent may read. */
export interface WebMCPResourceLink extends WebMCPContentBlockBase {
  /** A link to a resource. */
  type: 'resource_link'
  /** Where the resource is. */
  uri: string
  /** The resource's name, for the agent. */
  name: string
  /** A label for a person. */
  title?: string
  /** What the resource holds. */
  description?: string
  /** The resource's media type. */
  mimeType?: string
  /** The resource's size in bytes, if known. */
  size?: number
}

/** A resource inlined in the result, as text or base64 `blob`. */
export interface WebMCPEmbeddedResource extends WebMCPContentBlockBase {
  /** A resource inlined in the result. */
  type: 'resource'
  /** The resource: its address and media type, and its content as `text` or base64 `blob`. */
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
  /** What the agent reads: text, images, sounds, resources. */
  content: WebMCPContentBlock[]
  /** The result as data, when the tool has an `outputSchema`. */
  structuredContent?: Record<string, unknown>
  /** True when the call failed: the text says why, and `_meta` holds the error code. */
  isError?: boolean
  /** Extra data for the client; vue-webmcp puts the error code here (`ERROR_CODE_KEY`). */
  _meta?: Record<string, unknown>
  [key: string]: unknown
}

/**
 * A value third parties wrote (a review, a comment, a message), as
 * `untrusted()` and `untrustedResult()` make it: returned from a tool, whole or
 * as a field, it reaches the agent delimited and with a note saying it is
 * data, not instructions. `value` is what was given.
 */
export interface WebMCPUntrusted<T = unknown> {
  readonly value: T
  /** Marked with a boundary and note of its own, for code that serializes it outside the call path. */
  toJSON: () => string
}
