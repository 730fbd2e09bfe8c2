/// <reference types="webmcp-types" />

export { defineWebMCPTool } from './composables/defineWebMCPTool'

export { useRegisteredTools } from './composables/useRegisteredTools'
export { useWebMCPConfirmations } from './composables/useWebMCPConfirmations'
export { formFields, useWebMCPForm } from './composables/useWebMCPForm'
export { useWebMCPFormModel } from './composables/useWebMCPFormModel'
export { useWebMCPTool } from './composables/useWebMCPTool'
export { useWebMCPTools } from './composables/useWebMCPTools'
export { provideWebMCPConfig, WEBMCP_CONFIG } from './registration/config'
export { isToolResponse } from './results/isToolResponse'
export { toErrorResponse, toToolResponse } from './results/normalize'
export { untrusted, untrustedResult } from './results/untrustedValue'
export { WebMCPDefinitionError } from './shared/definitionError'
export { CodeLoadError, ERROR_CODE_KEY, ResultTooLargeError, ToolInputError, ToolOutputError } from './shared/errors'
export { DEFAULT_BUDGETS, DEFAULT_CONFIRM_TIMEOUT_MS } from './shared/limits'
export type {
  DefineWebMCPToolOptions,
  InferExecuteResult,
  InferExecuteReturn,
  InferToolArgs,
  InferToolNames,
  InferToolResult,
  InferToolResults,
  ModelContext,
  ModelContextExecuteToolOptions,
  ModelContextGetToolOptions,
  ModelContextRegisterToolOptions,
  ModelContextTool,
  RegisteredTool,
  ToolExecuteCallbackOptions,
  UseRegisteredToolsExecuteOptions,
  UseRegisteredToolsOptions,
  UseRegisteredToolsReturn,
  UseWebMCPConfirmationsReturn,
  UseWebMCPFormModelOptions,
  UseWebMCPFormModelReturn,
  UseWebMCPFormOptions,
  UseWebMCPFormReturn,
  UseWebMCPToolOptions,
  UseWebMCPToolOptionsFromSchema,
  UseWebMCPToolOptionsWithOutput,
  UseWebMCPToolReturn,
  UseWebMCPToolsReturn,
  UseWebMCPToolsSharedOptions,
  WebMCPAnyToolOptions,
  WebMCPBudgetLimits,
  WebMCPBudgetMode,
  WebMCPCallOrigin,
  WebMCPConfig,
  WebMCPConfirm,
  WebMCPConfirmAnswer,
  WebMCPConfirmationOutcome,
  WebMCPConfirmationRequest,
  WebMCPConfirmOptions,
  WebMCPContentAnnotations,
  WebMCPContentBlock,
  WebMCPContentBlockBase,
  WebMCPEmbeddedResource,
  WebMCPErrorCode,
  WebMCPFormAttrs,
  WebMCPFormFields,
  WebMCPFormFieldValue,
  WebMCPFormModelSubmitContext,
  WebMCPFormReset,
  WebMCPListedTool,
  WebMCPMediaContent,
  WebMCPOutputSchema,
  WebMCPRememberedApproval,
  WebMCPResourceLink,
  WebMCPSupportable,
  WebMCPTextContent,
  WebMCPToolAnnotations,
  WebMCPToolCallEvent,
  WebMCPToolCallState,
  WebMCPToolFrame,
  WebMCPToolResponse,
  WebMCPToolResultEvent,
  WebMCPToolState,
  WebMCPUntrusted,
} from './types'
// Standard Schema's own interface (a structural copy: any Zod 4, Valibot or ArkType schema is one), under the package's prefix.
export type { StandardSchemaV1 as WebMCPStandardSchema } from './types'
