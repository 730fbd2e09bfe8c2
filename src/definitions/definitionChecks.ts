import type { schemaError } from '../schemas/json-schema/schemaCheck'
import type { toJsonSchema } from '../schemas/standard-schema/toJsonSchema'
// Everything that keeps a tool definition unregistered, in one call: the
// spec's name and description rules (always), a Standard Schema that cannot
// describe itself, the budgets (when switched on)
// and the schema check (always). No Vue import.
//
// The schema code comes in as `SchemaCheckers`: development builds pass all of
// it (definitions/eagerDefinitionChecks.ts); production builds load each part the
// first time a definition needs it (definitions/lazyDefinitions.ts), so a page
// whose tools use JSON Schema literals never loads the Standard Schema
// converter, and one whose tools use Zod never loads the JSON Schema check
// (it ships with the JSON Schema validator).
import type { BudgetMode, WebMCPBudgetLimits } from '../types'
import type { ToolDefinitionInput } from './definitionBudgets'
import { definitionError } from './definitionBudgets'
import { specError } from './specChecks'

/** The schema code the checks run, as far as it is loaded. */
export interface SchemaCheckers {
  /** For JSON Schema literals: schemas/json-schema/schemaCheck.ts. */
  schemaError?: typeof schemaError
  /** For Standard Schemas: their JSON Schema, validation/jsonSchema.ts. */
  toJsonSchema?: typeof toJsonSchema
}

/** Whether `value` is a Standard Schema (an ArkType type is a function, the others objects). */
export function isStandardSchema(value: unknown): boolean {
  // A primitive reads its prototype's properties: none is called "~standard".
  return typeof (value as { '~standard'?: unknown } | null | undefined)?.['~standard'] === 'object'
}

/**
 * The error that keeps `tool` unregistered, or null; in `'warn'` mode budget
 * problems only warn. A Standard Schema in `tool` is replaced by its JSON
 * Schema first (the definition the browser gets), held to the budgets, and
 * spared the schema check: its own library enforces it, not this package's
 * validator. When a schema needs a checker `checkers` lacks, the name of that
 * checker (the definition may be left half converted: the caller drops it).
 */
export function definitionChecks(
  tool: ToolDefinitionInput,
  budgets: BudgetMode,
  limits: Partial<WebMCPBudgetLimits> | undefined,
  checkers: SchemaCheckers,
): Error | null | keyof SchemaCheckers {
  const spec = specError(tool)
  if (spec)
    return spec
  let schemaProblem: Error | null = null
  for (const which of ['input', 'output'] as const) {
    const schema = tool[`${which}Schema`]
    if (isStandardSchema(schema)) {
      if (!checkers.toJsonSchema)
        return 'toJsonSchema'
      const json = checkers.toJsonSchema(tool.name, which, schema as object)
      if (json instanceof Error)
        return json
      tool[`${which}Schema`] = json
    }
    else if (schema !== undefined) {
      // A literal: checked here, reported after the budgets.
      if (!checkers.schemaError)
        return 'schemaError'
      schemaProblem ??= checkers.schemaError(tool.name, schema, which)
    }
  }
  return (budgets ? definitionError(tool, budgets, limits) : null) ?? schemaProblem
}
