// Development builds: the definition checks with all their schema code loaded
// with the page, so they run synchronously at setup ('error' mode throws there,
// Vue DevTools shows a Standard Schema as JSON Schema at once). Production
// builds load the parts on demand instead (definitions/lazyDefinitions.ts).
// No Vue import.
import type { BudgetMode, WebMCPBudgetLimits } from '../types'
import type { ToolDefinitionInput } from './definitionBudgets'
import { schemaError } from '../schemas/json-schema/schemaCheck'
import { toJsonSchema } from '../schemas/standard-schema/toJsonSchema'
import { definitionChecks } from './definitionChecks'

const ALL = { schemaError, toJsonSchema }

export function eagerDefinitionChecks(tool: ToolDefinitionInput, budgets: BudgetMode, limits?: Partial<WebMCPBudgetLimits>): Error | null {
  return definitionChecks(tool, budgets, limits, ALL) as Error | null
}
