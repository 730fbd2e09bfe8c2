// Development builds: every definition check at setup, synchronously, so a
// name the spec refuses, a schema mistake or a tool over budget shows where
// the tool is set up, with an error that says which rule it broke ('error'
// mode throws there). Production builds drop this module: they run the
// registration checks at setup (a browser refuses what the spec does), the
// budgets when switched on, and the JSON Schema check on a tool's first call.
// No Vue import.
import type { ToolDefinition, WebMCPBudgetLimits, WebMCPBudgetMode } from '../types'
import { schemaError, unassertedFormat } from '../schemas/json-schema/schemaCheck'
import { warnOnce } from '../shared/warn'
import { definitionError } from './definitionBudgets'
import { isStandardSchema, registrationError } from './definitionChecks'
import { specError } from './specChecks'

/**
 * The error that keeps `tool` unregistered, or null; in `'warn'` mode budget
 * problems only warn. A Standard Schema is replaced by its JSON Schema first,
 * held to the budgets, and spared the schema check: its own library enforces it.
 */
export function eagerDefinitionChecks(tool: ToolDefinition, budgets: WebMCPBudgetMode, limits?: Partial<WebMCPBudgetLimits>): Error | null {
  // Which schemas are literals, before the Standard Schemas are converted.
  const literals = (['input', 'output'] as const).filter(which => tool[`${which}Schema`] !== undefined && !isStandardSchema(tool[`${which}Schema`]))
  // The spec's rules come first, read once the description is repaired: one that was only half of
  // a pair is refused as empty.
  const converted = registrationError(tool)
  const refused = specError(tool) ?? converted
  if (refused)
    return refused
  let schemaProblem: Error | null = null
  for (const which of literals) {
    schemaProblem ??= schemaError(tool.name, tool[`${which}Schema`], which)
    const unasserted = unassertedFormat(tool[`${which}Schema`])
    if (unasserted)
      warnOnce(`Tool "${tool.name}": the ${which} schema's format "${unasserted.format}" at ${unasserted.pointer} is not one the validator checks, so any string passes it. Check it with pattern, or with a Standard Schema (Zod, Valibot, ArkType).`)
  }
  return (budgets ? definitionError(tool, budgets, limits) : null) ?? schemaProblem
}
