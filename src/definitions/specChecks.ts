// What the spec refuses at `registerTool`: a name outside its grammar and an
// empty description. Chromium refuses both with an `InvalidStateError` whose
// message does not say which rule the tool broke; Firefox ESR 153 accepts
// them, so the registration by name refuses them itself, in every build
// (platform/byNameRegistration.ts). Development builds check them before
// registering, with an error that says which (definitions/eagerDefinitionChecks.ts),
// as Vue's own warnings are development-only; production builds leave them to
// the browser, whose refusal lands in `error` as any other. The budgets check
// the name grammar too (definitionBudgets.ts). No Vue import.
import { WebMCPDefinitionError } from '../shared/definitionError'

/** Whether `name` follows the spec's tool name grammar; the browser rejects anything else with `InvalidStateError`. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && /^[\w.-]{1,128}$/.test(name)
}

/** Which of the spec's rules `tool`'s name or description breaks; `null` when it breaks none. */
export function specProblem(tool: { name: unknown, description: unknown }): string | null {
  if (!isValidToolName(tool.name))
    return 'a name must be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "." (the spec\'s grammar)'
  if (typeof tool.description !== 'string' || !tool.description)
    return 'its description is empty, and the spec requires one'
  return null
}

/** Why the browser would refuse `tool`'s name or description, as an error that says so; `null` when it would not. */
export function specError(tool: { name: unknown, description: unknown }): WebMCPDefinitionError | null {
  const why = specProblem(tool)
  return why ? new WebMCPDefinitionError(`Tool "${String(tool.name)}" not registered: ${why}; the browser refuses it with InvalidStateError.`) : null
}
