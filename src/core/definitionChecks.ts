// Everything that keeps a tool definition unregistered, in one call: the
// spec's name and description rules (always), a Standard Schema that cannot
// describe itself, the budgets (when switched on)
// and the schema check (always). No Vue import.
import type { BudgetMode } from '../types'
import type { ToolDefinitionInput } from './definitionBudgets'
import type { WebMCPBudgetLimits } from './limits'
import { definitionError } from './definitionBudgets'
import { schemaError } from './schemaCheck'
import { specError } from './specChecks'
import { isStandardSchema, toJsonSchema } from './validation/jsonSchema'

/**
 * The error that keeps `tool` unregistered, or null; in `'warn'` mode budget
 * problems only warn. A Standard Schema in `tool` is replaced by its JSON
 * Schema first (the definition the browser gets), held to the budgets, and
 * spared the schema check: its own library enforces it, not this package's validator.
 */
export function definitionChecks(tool: ToolDefinitionInput, budgets: BudgetMode, limits?: Partial<WebMCPBudgetLimits>): Error | null {
  const spec = specError(tool)
  if (spec)
    return spec
  let schemaProblem: Error | null = null
  for (const which of ['input', 'output'] as const) {
    const schema = tool[`${which}Schema`]
    if (isStandardSchema(schema)) {
      const json = toJsonSchema(tool.name, which, schema)
      if (json instanceof Error)
        return json
      tool[`${which}Schema`] = json
    }
    else {
      // A literal (or no schema, which passes): checked here, reported after the budgets.
      schemaProblem ??= schemaError(tool.name, schema, which)
    }
  }
  return (budgets ? definitionError(tool, budgets, limits) : null) ?? schemaProblem
}
