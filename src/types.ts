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

/** One block of an MCP tool result. Text is what agents read; other types pass through. */
export type WebMCPContentBlock =
  | { type: 'text', text: string, [key: string]: unknown }
  | { type: 'image' | 'audio', data: string, mimeType: string, [key: string]: unknown }
  | { type: string, [key: string]: unknown }

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
