// The checks every build runs before a tool is registered, at setup and with
// no chunk to load: the spec's name and description rules, and a Standard
// Schema's JSON Schema (the definition the browser gets), taken from the
// schema's own `~standard.jsonSchema`. Development builds add the budgets and
// the JSON Schema check (definitions/eagerDefinitionChecks.ts); production
// builds check budgets only when they are switched on, and a JSON Schema
// literal on its first call (call/validation.ts). No Vue import.
import type { WebMCPDefinitionError } from '../shared/definitionError'
import type { ToolDefinitionInput } from './definitionBudgets'
import { toJsonSchema } from '../schemas/standard-schema/toJsonSchema'
import { specError } from './specChecks'

/** Whether `value` is a Standard Schema (an ArkType type is a function, the others objects). */
export function isStandardSchema(value: unknown): boolean {
  // A primitive reads its prototype's properties: none is called "~standard".
  return typeof (value as { '~standard'?: unknown } | null | undefined)?.['~standard'] === 'object'
}

/**
 * The error that keeps `tool` unregistered whatever the build, or null. A
 * Standard Schema in `tool` is replaced by its JSON Schema, as the browser
 * must get it (the definition may be left half converted on an error: the
 * caller drops it).
 */
export function registrationError(tool: ToolDefinitionInput): WebMCPDefinitionError | null {
  const spec = specError(tool)
  if (spec)
    return spec
  for (const which of ['input', 'output'] as const) {
    const schema = tool[`${which}Schema`]
    if (!isStandardSchema(schema))
      continue
    const json = toJsonSchema(tool.name, which, schema as object)
    if (json instanceof Error)
      return json
    tool[`${which}Schema`] = json
  }
  return null
}
