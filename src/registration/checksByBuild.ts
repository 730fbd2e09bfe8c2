// Which definition checks a scope's tools pass before they register, by build.
// Development builds run all of them at setup (definitions/eagerDefinitionChecks.ts).
// Production builds run what needs no request (a Standard Schema's JSON Schema;
// the spec's rules are the browser's) and, only when budgets are switched on, the budgets,
// which load with import() (call/budgets.ts): in 'error' mode nothing registers before they
// have run; in 'warn' mode tools register at once and the warnings follow.
import type { ShallowRef } from 'vue'
import type { ToolDefinition, WebMCPBudgetLimits, WebMCPBudgetMode } from '../types'
import { shallowRef } from 'vue'
import { registrationError } from '../definitions/definitionChecks'
import { eagerDefinitionChecks } from '../definitions/eagerDefinitionChecks'

/** The error that keeps a definition unregistered, or null. It may replace a Standard Schema in it by its JSON Schema. */
export type DefinitionCheck = (definition: ToolDefinition) => Error | null

/**
 * The checks in force for one scope: undefined while a production build in
 * 'error' mode loads the budgets; a change of it runs the registrations again.
 */
export function useDefinitionChecks(budgets: WebMCPBudgetMode, limits?: Partial<WebMCPBudgetLimits>): ShallowRef<DefinitionCheck | undefined> {
  if (__DEV__)
    return shallowRef(definition => eagerDefinitionChecks(definition, budgets, limits))
  const checks = shallowRef<DefinitionCheck | undefined>(budgets === 'error' ? undefined : registrationError)
  if (budgets)
    void loadBudgetCheck(checks, budgets, limits)
  return checks
}

/**
 * Loads the budgets and puts them in `checks`. If they fail to load (a network
 * error, a chunk gone after a deploy), 'error' mode keeps every tool
 * unregistered with the reason in `error`, as unchecked tools would be;
 * 'warn' mode goes on without the warnings. A new setup (a remount) loads again.
 */
async function loadBudgetCheck(checks: ShallowRef<DefinitionCheck | undefined>, budgets: 'warn' | 'error', limits?: Partial<WebMCPBudgetLimits>): Promise<void> {
  let budgetError: typeof import('../call/budgets').definitionError
  try {
    budgetError = (await import('../call/budgets')).definitionError
  }
  catch (reason) {
    const failure = new Error('Not registered: its definition checks could not be loaded. Reload the page.', { cause: reason })
    checks.value = budgets === 'error' ? definition => registrationError(definition) ?? failure : registrationError
    return
  }
  checks.value = definition => registrationError(definition) ?? budgetError(definition, budgets, limits)
}
