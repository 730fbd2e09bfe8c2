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
  /** The person declined the call (a tool that asks for confirmation): it did not run. Not the tool's failure: do not retry unless the person asks. */
    | 'DECLINED'
  /** The result does not match the tool's `outputSchema`: the page's bug, not the agent's. */
    | 'INVALID_OUTPUT'
  /** vue-webmcp itself failed. A bug: please report it. */
    | 'INTERNAL'

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
