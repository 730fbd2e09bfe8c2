import type { InferToolArgs, UseWebMCPToolOptions, UseWebMCPToolReturn } from '../types'
import { useToolRegistrations } from '../registration/registrations'

// Declared with the types the registration engine shares; exported from here too.
export type { UseWebMCPToolOptions, UseWebMCPToolReturn, WebMCPSupportable } from '../types'

/**
 * One tool of a `useWebMCPTools` group, as `byName` holds it: a readonly
 * reactive object, so `byName.x.isRegistered` is a boolean in a template and
 * in a script alike (a ref inside a plain object would read as truthy).
 */
export interface WebMCPToolState {
  readonly isSupported: boolean
  readonly isRegistered: boolean
  readonly error: Error | null
}

/** Tool options whose `execute` arguments are inferred from `inputSchema`: a literal JSON Schema, or a Standard Schema's output type. */
export type UseWebMCPToolOptionsFromSchema<Schema extends object, Result = unknown>
  = Omit<UseWebMCPToolOptions<InferToolArgs<Schema>, Result>, 'inputSchema'> & { inputSchema: Schema }

/**
 * Registers a WebMCP tool and ties its lifetime to the current component or
 * effect scope, so the tools an agent sees match what is on screen: a view
 * cached by `<KeepAlive>` has its tools only while activated.
 * Feature-detects the API and does nothing where it is absent, SSR included.
 */
export function useWebMCPTool<const Schema extends object, Result = unknown>(options: UseWebMCPToolOptionsFromSchema<Schema, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn {
  return useToolRegistrations([options], { document: options.document })[0]!
}
