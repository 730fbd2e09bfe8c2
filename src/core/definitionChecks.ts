// Everything that keeps a tool definition unregistered, in one call: the
// spec's name and description rules (always), the budgets (when switched on)
// and the schema check (always). No Vue import.
import type { BudgetMode } from '../types'
import type { ToolDefinitionInput } from './definitionBudgets'
import type { WebMCPBudgetLimits } from './limits'
import { definitionError } from './definitionBudgets'
import { schemaError } from './schemaCheck'
import { specError } from './specChecks'

/** The error that keeps `tool` unregistered, or null; in `'warn'` mode budget problems only warn. */
export function definitionChecks(tool: ToolDefinitionInput, budgets: BudgetMode, limits?: Partial<WebMCPBudgetLimits>): Error | null {
  return specError(tool)
    ?? (budgets ? definitionError(tool, budgets, limits) : null)
    ?? (tool.inputSchema !== undefined ? schemaError(tool.name, tool.inputSchema) : null)
}
