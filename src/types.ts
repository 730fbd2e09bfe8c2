/// <reference types="webmcp-types" />
// Platform types come from `webmcp-types` (the spec's own repository); this file
// only gives them the names the package exports, plus the MCP result shapes.

export type ModelContext = WebMCP.ModelContext
export type RegisteredTool = WebMCP.RegisteredTool
export type WebMCPToolAnnotations = WebMCP.ToolAnnotations
export type WebMCPToolExecuteOptions = WebMCP.ToolExecuteCallbackOptions
export type RegisterToolOptions = WebMCP.ModelContextRegisterToolOptions
export type GetToolsOptions = WebMCP.ModelContextGetToolOptions
export type ExecuteToolOptions = WebMCP.ModelContextExecuteToolOptions
export type WebMCPToolDescriptor = WebMCP.ModelContextTool

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
 * The arguments `execute` receives for a literal JSON Schema, inferred the way
 * `webmcp-types` infers `registerTool` input: required vs optional
 * properties, `enum` / `const`, nested objects and arrays.
 */
export type InferToolArgs<Schema> = Schema extends object
  ? Parameters<WebMCP.ModelContextToolFromSchema<Schema>['execute']>[0]
  : Record<string, unknown>
