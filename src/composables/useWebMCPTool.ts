import type { InferExecuteResult, UseWebMCPToolOptions, UseWebMCPToolOptionsFromSchema, UseWebMCPToolOptionsWithOutput, UseWebMCPToolReturn } from '../types'
import { useToolRegistrations } from '../registration/registrations'

// Declared with the types the registration engine shares; exported from here too.

/**
 * Registers a WebMCP tool and ties its lifetime to the current component or
 * effect scope, so the tools an agent sees match what is on screen: a view
 * cached by `<KeepAlive>` has its tools only while activated.
 * Feature-detects the API and does nothing where it is absent, SSR included.
 */
export function useWebMCPTool<const Schema extends object, Result = unknown, const Output = unknown>(
  options: UseWebMCPToolOptionsFromSchema<Schema, Result, Output>,
): UseWebMCPToolReturn<InferExecuteResult<Output, Result>>
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown, const Output = unknown>(
  options: UseWebMCPToolOptionsWithOutput<Args, Result, Output>,
): UseWebMCPToolReturn<InferExecuteResult<Output, Result>>
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn<Result> {
  return useToolRegistrations([options], { document: options.document })[0]! as UseWebMCPToolReturn<Result>
}
