// What the spec refuses at `registerTool`, checked before the browser is asked:
// browsers refuse both with an `InvalidStateError` whose message (when there is
// one) does not say which rule the tool broke; and a description Chromium would
// list as empty. Runs on every registration, budgets on or off, as part of the
// definition checks (definitions/definitionChecks.ts). No Vue import.
import { WebMCPDefinitionError } from '../shared/definitionError'

/** Whether `name` follows the spec's tool name grammar; the browser rejects anything else with `InvalidStateError`. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && /^[\w.-]{1,128}$/.test(name)
}

/** Why the browser would refuse `tool`'s name or description, as an error that says so; `null` when it would not. */
export function specError(tool: { name: unknown, description: unknown }): WebMCPDefinitionError | null {
  const refused = (why: string) => new WebMCPDefinitionError(`Tool "${String(tool.name)}" not registered: ${why}; the browser refuses it with InvalidStateError.`)
  if (!isValidToolName(tool.name))
    return refused('a name must be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "." (the spec\'s grammar)')
  if (typeof tool.description !== 'string' || !tool.description)
    return refused('its description is empty, and the spec requires one')
  return null
}

/** A surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * `description` as well-formed text. Chromium lists a description holding a
 * lone surrogate as "", and a cut by UTF-16 units (`slice`, `substring`) that
 * falls inside an emoji leaves one: the half at either end is dropped, so the
 * cut moves before the pair; any other becomes U+FFFD, as in results.
 */
export function wellFormedDescription(description: string): string {
  return description.replace(LONE_SURROGATE, (_half, at: number) => at === 0 || at === description.length - 1 ? '' : '\uFFFD')
}
