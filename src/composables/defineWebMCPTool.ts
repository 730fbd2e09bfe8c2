import type { MaybeRefOrGetter } from 'vue'
import type { DefineWebMCPToolOptions, UseWebMCPToolOptionsFromSchema } from '../types'

/**
 * Typed identity: lets a tool definition live in a plain module (importable,
 * unit-testable, no component needed) and keep its literal name and its
 * argument and result types until it is registered. With a literal
 * `inputSchema` (JSON Schema or Zod, Valibot, ArkType), `execute`'s arguments
 * are inferred from it; with an `outputSchema` (literal or Standard Schema), its return type is checked.
 */
export function defineWebMCPTool<
  const Schema extends object,
  Result = unknown,
  const Name extends MaybeRefOrGetter<string> = string,
  const Output = unknown,
>(
  definition: Omit<UseWebMCPToolOptionsFromSchema<Schema, Result, Output>, 'name'> & { name: Name },
): Omit<UseWebMCPToolOptionsFromSchema<Schema, Result, Output>, 'name'> & { name: Name }
export function defineWebMCPTool<
  Args = Record<string, unknown>,
  Result = unknown,
  const Name extends MaybeRefOrGetter<string> = string,
  const Output = unknown,
>(
  definition: DefineWebMCPToolOptions<Args, Result, Name, Output>,
): DefineWebMCPToolOptions<Args, Result, Name, Output>
export function defineWebMCPTool(definition: unknown): unknown {
  return definition
}
