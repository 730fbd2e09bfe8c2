/// <reference types="webmcp-types" />

export type { WebMCPCallOrigin, WebMCPConfig, WebMCPToolCallEvent, WebMCPToolResultEvent } from './config'
export { provideWebMCPConfig, WEBMCP_CONFIG } from './config'
export type { WebMCPErrorCode } from './core/errors'
export { ERROR_CODE_KEY, ResultTooLargeError, ToolInputError, ToolOutputError, WebMCPDefinitionError } from './core/errors'
export { isToolResponse } from './core/isToolResponse'
export type { WebMCPBudgetLimits } from './core/limits'
export { DEFAULT_BUDGETS } from './core/limits'
export { toErrorResponse, toToolResponse } from './core/normalize'
export type { WebMCPToolDefinition } from './defineWebMCPTool'
export { defineWebMCPTool } from './defineWebMCPTool'
export type {
  ExecuteToolOptions,
  GetToolsOptions,
  InferToolArgs,
  InferToolResult,
  ModelContext,
  RegisteredTool,
  RegisterToolOptions,
  WebMCPContentAnnotations,
  WebMCPContentBlock,
  WebMCPEmbeddedResource,
  WebMCPListedTool,
  WebMCPMediaContent,
  WebMCPOutputSchema,
  WebMCPResourceLink,
  WebMCPTextContent,
  WebMCPToolAnnotations,
  WebMCPToolDescriptor,
  WebMCPToolExecuteOptions,
  WebMCPToolResponse,
} from './types'
export type { ExecuteRegisteredToolOptions, UseRegisteredToolsOptions, UseRegisteredToolsReturn } from './useRegisteredTools'
export { useRegisteredTools } from './useRegisteredTools'
export type { UseWebMCPConfirmationsReturn, WebMCPConfirm, WebMCPConfirmationOutcome, WebMCPConfirmationRequest } from './useWebMCPConfirmations'
export { useWebMCPConfirmations } from './useWebMCPConfirmations'
export type { FormFields, FormFieldValue, UseWebMCPFormOptions, UseWebMCPFormReturn, WebMCPFormAttrs, WebMCPFormReset } from './useWebMCPForm'
export { formFields, useWebMCPForm } from './useWebMCPForm'
export type { UseWebMCPToolOptions, UseWebMCPToolOptionsFromSchema, UseWebMCPToolReturn, WebMCPToolState } from './useWebMCPTool'
export { useWebMCPTool } from './useWebMCPTool'
export type { ToolNames, UseWebMCPToolsReturn, UseWebMCPToolsSharedOptions } from './useWebMCPTools'
export { useWebMCPTools } from './useWebMCPTools'
