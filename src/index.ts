/// <reference types="webmcp-types" />

export type { WebMCPToolDefinition } from './composables/defineWebMCPTool'
export { defineWebMCPTool } from './composables/defineWebMCPTool'
export type { ExecuteRegisteredToolOptions, UseRegisteredToolsOptions, UseRegisteredToolsReturn } from './composables/useRegisteredTools'
export { useRegisteredTools } from './composables/useRegisteredTools'
export type { UseWebMCPConfirmationsReturn, WebMCPConfirm, WebMCPConfirmationOutcome, WebMCPConfirmationRequest } from './composables/useWebMCPConfirmations'
export { useWebMCPConfirmations } from './composables/useWebMCPConfirmations'
export type { FormFields, FormFieldValue, UseWebMCPFormOptions, UseWebMCPFormReturn, WebMCPFormAttrs, WebMCPFormReset } from './composables/useWebMCPForm'
export { formFields, useWebMCPForm } from './composables/useWebMCPForm'
export type { UseWebMCPToolOptions, UseWebMCPToolOptionsFromSchema, UseWebMCPToolReturn, WebMCPToolState } from './composables/useWebMCPTool'
export { useWebMCPTool } from './composables/useWebMCPTool'
export type { ToolNames, UseWebMCPToolsReturn, UseWebMCPToolsSharedOptions } from './composables/useWebMCPTools'
export { useWebMCPTools } from './composables/useWebMCPTools'
export type { WebMCPCallOrigin, WebMCPConfig, WebMCPToolCallEvent, WebMCPToolResultEvent } from './registration/config'
export { provideWebMCPConfig, WEBMCP_CONFIG } from './registration/config'
export { isToolResponse } from './results/isToolResponse'
export { toErrorResponse, toToolResponse } from './results/normalize'
export { ERROR_CODE_KEY, ResultTooLargeError, ToolInputError, ToolOutputError, WebMCPDefinitionError } from './shared/errors'
export { DEFAULT_BUDGETS } from './shared/limits'
export type { WebMCPErrorCode } from './types'
export type { WebMCPBudgetLimits } from './types'
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
