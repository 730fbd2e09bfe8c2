import type { SchemaNode } from '../schemas/json-schema/schemaIndex'
// Chrome's character budgets for what a tool shows the agent: its name,
// description and parameters. No Vue import. Counts are in code points.
import type { ToolDefinition, WebMCPBudgetLimits } from '../types'
import { indexSchema, isSchemaObject } from '../schemas/json-schema/schemaIndex'
import { escapePointer } from '../schemas/problems'
import { WebMCPDefinitionError } from '../shared/definitionError'
import { DEFAULT_BUDGETS } from '../shared/limits'
import { codePointLength } from '../shared/text'
import { warnOnce } from '../shared/warn'
import { isValidToolName, specError } from './specChecks'

export { isValidToolName } from './specChecks'

/** One over-budget or invalid field of a tool definition. */
export interface BudgetProblem {
  /** `name`, `description`, a JSON pointer into the input schema, or one into the output schema after `outputSchema`. */
  field: string
  kind: 'grammar' | 'name' | 'description' | 'parameterName' | 'parameterDescription'
  length: number
  limit: number
  message: string
}

/**
 * Checks a tool definition against the name grammar and the budgets. Parameters
 * are found wherever they sit in the schema: nested `properties`, `items`,
 * `anyOf` / `oneOf` / `allOf`, `additionalProperties`, `$defs` and the rest.
 */
export function checkDefinition(tool: ToolDefinition, limits: WebMCPBudgetLimits = DEFAULT_BUDGETS): BudgetProblem[] {
  const problems: BudgetProblem[] = []
  const label = `Tool "${tool.name}"`
  // Each budget is named by its kind.
  const over = (field: string, kind: Exclude<BudgetProblem['kind'], 'grammar'>, value: string, what: string) => {
    const length = codePointLength(value)
    const limit = limits[kind]
    if (length > limit)
      problems.push({ field, kind, length, limit, message: `${label}: ${what} is ${length} characters, over Chrome's budget of ${limit}.` })
  }
  if (!isValidToolName(tool.name)) {
    problems.push({ field: 'name', kind: 'grammar', length: codePointLength(String(tool.name)), limit: 128, message: specError(tool)!.message })
  }
  else {
    over('name', 'name', tool.name, 'the name')
  }
  over('description', 'description', String(tool.description ?? ''), 'the description')
  // The output schema is shown to the agent too (Chrome 159), held to the same budgets.
  // Every subschema the validator would see, each once (so cyclic objects end): its
  // `properties` names are parameter names; its own description, but the root's, a parameter's.
  for (const [schema, prefix, whose] of [[tool.inputSchema, '', ''], [tool.outputSchema, 'outputSchema', 'output schema\'s ']] as const) {
    for (const [node, pointer] of indexSchema(schema).pointerOf) {
      const { description, properties } = node as SchemaNode
      if (pointer && typeof description === 'string')
        over(`${prefix}${pointer}/description`, 'parameterDescription', description, `the ${whose}description at ${pointer}`)
      if (isSchemaObject(properties)) {
        for (const key of Object.keys(properties)) {
          const at = `${pointer}/properties/${escapePointer(key)}`
          over(prefix + at, 'parameterName', key, `the ${whose}parameter name at ${at}`)
        }
      }
    }
  }
  return problems
}

/**
 * What the budgets make of a definition: in `'warn'` mode one warning per
 * problem and `null`; in `'error'` mode the error that keeps it unregistered.
 */
export function definitionError(tool: ToolDefinition, mode: 'warn' | 'error', limits?: Partial<WebMCPBudgetLimits>): WebMCPDefinitionError | null {
  const messages = checkDefinition(tool, { ...DEFAULT_BUDGETS, ...limits }).map(p => p.message)
  if (mode === 'warn') {
    messages.forEach(warnOnce)
    return null
  }
  return messages.length ? new WebMCPDefinitionError(messages.join('\n')) : null
}
