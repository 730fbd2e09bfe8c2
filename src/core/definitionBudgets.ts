// Chrome's character budgets for what a tool shows the agent: its name,
// description and parameters. No Vue import. Counts are in code points.
import type { WebMCPBudgetLimits } from './limits'
import { WebMCPDefinitionError } from './errors'
import { DEFAULT_BUDGETS } from './limits'
import { isValidToolName } from './specChecks'
import { codePointLength } from './text'
import { escapePointer } from './validation/problems'
import { warnOnce } from './warn'

export { isValidToolName, TOOL_NAME_PATTERN } from './specChecks'

/** One over-budget or invalid field of a tool definition. */
export interface BudgetProblem {
  /** `name`, `description`, a JSON pointer into the input schema, or one into the output schema after `outputSchema`. */
  field: string
  kind: 'grammar' | 'name' | 'description' | 'parameterName' | 'parameterDescription'
  length: number
  limit: number
  message: string
}

export interface ToolDefinitionInput {
  name: string
  description: string
  inputSchema?: unknown
  outputSchema?: unknown
}

/**
 * Checks a tool definition against the name grammar and the budgets. Parameters
 * are found wherever they sit in the schema: nested `properties`, `items`,
 * `anyOf` / `oneOf` / `allOf`, `additionalProperties`, `$defs` and the rest.
 */
export function checkDefinition(tool: ToolDefinitionInput, limits: WebMCPBudgetLimits = DEFAULT_BUDGETS): BudgetProblem[] {
  const problems: BudgetProblem[] = []
  const label = `Tool "${tool.name}"`
  const over = (field: string, kind: BudgetProblem['kind'], value: string, limit: number, what: string) => {
    const length = codePointLength(value)
    if (length > limit)
      problems.push({ field, kind, length, limit, message: `${label}: ${what} is ${length} characters, over Chrome's budget of ${limit}.` })
  }
  if (!isValidToolName(tool.name)) {
    problems.push({ field: 'name', kind: 'grammar', length: codePointLength(String(tool.name)), limit: 128, message: `${label}: the name must be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."; the browser rejects it.` })
  }
  else {
    over('name', 'name', tool.name, limits.name, 'the name')
  }
  over('description', 'description', String(tool.description ?? ''), limits.description, 'the description')
  // The output schema is shown to the agent too (Chrome 159), held to the same budgets.
  for (const [schema, prefix, whose] of [[tool.inputSchema, '', ''], [tool.outputSchema, 'outputSchema', 'output schema\'s ']] as const) {
    walkSchema(schema, '', (pointer, key, node) => {
      if (key !== undefined)
        over(prefix + pointer, 'parameterName', key, limits.parameterName, `the ${whose}parameter name at ${pointer}`)
      if (typeof node.description === 'string')
        over(`${prefix}${pointer}/description`, 'parameterDescription', node.description, limits.parameterDescription, `the ${whose}description at ${pointer || '/'}`)
    })
  }
  return problems
}

/**
 * What the budgets make of a definition: in `'warn'` mode one warning per
 * problem and `null`; in `'error'` mode the error that keeps it unregistered.
 */
export function definitionError(tool: ToolDefinitionInput, mode: 'warn' | 'error', limits?: Partial<WebMCPBudgetLimits>): WebMCPDefinitionError | null {
  const problems = checkDefinition(tool, { ...DEFAULT_BUDGETS, ...limits })
  if (!problems.length)
    return null
  if (mode === 'warn') {
    problems.forEach(p => warnOnce(p.message))
    return null
  }
  return new WebMCPDefinitionError(problems.map(p => p.message).join('\n'))
}

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'] as const
const SUBSCHEMA_MAPS = ['$defs', 'definitions', 'patternProperties', 'dependentSchemas'] as const

type SchemaVisitor = (pointer: string, propertyKey: string | undefined, schema: Record<string, unknown>) => void

function walkSchema(schema: unknown, pointer: string, visit: SchemaVisitor, key?: string, seen = new Set<object>()): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || seen.has(schema))
    return
  seen.add(schema)
  const node = schema as Record<string, unknown>
  // Only the schema's own description counts as a parameter description;
  // the root's is the tool description's business.
  if (pointer !== '' || key !== undefined)
    visit(pointer, key, node)
  const properties = node.properties
  if (properties && typeof properties === 'object') {
    for (const name of Object.keys(properties))
      walkSchema((properties as Record<string, unknown>)[name], `${pointer}/properties/${escapePointer(name)}`, visit, name, seen)
  }
  for (const k of SUBSCHEMA_LISTS) {
    const list = node[k]
    if (Array.isArray(list))
      list.forEach((sub, i) => walkSchema(sub, `${pointer}/${k}/${i}`, visit, undefined, seen))
  }
  for (const k of SUBSCHEMA_SINGLE)
    walkSchema(node[k], `${pointer}/${k}`, visit, undefined, seen)
  for (const k of SUBSCHEMA_MAPS) {
    const map = node[k]
    if (map && typeof map === 'object') {
      for (const name of Object.keys(map))
        walkSchema((map as Record<string, unknown>)[name], `${pointer}/${k}/${escapePointer(name)}`, visit, undefined, seen)
    }
  }
}
