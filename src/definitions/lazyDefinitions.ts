// The definition checks of production builds, in the call path's chunk
// (call/index.ts, which registrations.ts imports): the checks, and the
// schema code they need, loaded the first time a definition needs it: the JSON
// Schema check with the JSON Schema validator, the Standard Schema converter
// with the Standard Schema adapter.
import type { ShallowRef } from 'vue'
import type { BudgetMode, WebMCPBudgetLimits } from '../types'
import type { ToolDefinitionInput } from './definitionBudgets'
import type { SchemaCheckers } from './definitionChecks'
import { definitionChecks } from './definitionChecks'

/** What a scope's registrations call: an error, null, or undefined while the schema code it needs loads. */
export type DefinitionCheck = (tool: ToolDefinitionInput, budgets: BudgetMode, limits?: Partial<WebMCPBudgetLimits>) => Error | null | undefined

const loaded: SchemaCheckers = {}

/**
 * The definition checks for one scope, whose registrations keep them in
 * `checks`. A definition whose schema needs code not loaded yet gets
 * `undefined` (not registered, no error) and the code loads; then `checks`
 * gets new checks, which run the scope's registrations again. If it fails to
 * load, those checks give its tools that need it `failure`; a new setup loads again.
 */
export function checksFor(checks: ShallowRef<DefinitionCheck | undefined>, failure?: Error): DefinitionCheck {
  return (tool, budgets, limits) => {
    const result = definitionChecks(tool, budgets, limits, loaded)
    if (typeof result !== 'string')
      return result
    // The chunks the call path loads for these schemas' calls: the validators.
    // (A module loads once, however many tools ask at once.)
    if (!failure) {
      void (result === 'schemaError' ? import('../schemas/json-schema/validate') : import('../schemas/standard-schema/validate'))
        .then((m) => {
          loaded[result] = m[result as never]
        }, (reason: { message?: unknown } | undefined) => new Error(`Not registered: the checks of tool definitions could not be loaded (${String(reason?.message ?? reason)}).`, { cause: reason }))
        .then(failed => (checks.value = checksFor(checks, failed as Error | undefined)))
    }
    return failure
  }
}
