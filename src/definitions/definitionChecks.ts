import type { WebMCPDefinitionError } from '../shared/definitionError'
// What every build does to a definition before it is registered, at setup and
// with no chunk to load: a Standard Schema replaced by its JSON Schema (the
// definition the browser gets), taken from the schema's own
// `~standard.jsonSchema`, and the description repaired. Development builds add
// the spec's rules, the budgets and the JSON Schema check
// (definitions/eagerDefinitionChecks.ts); production builds check budgets only
// when they are switched on, and a JSON Schema literal on its first call
// (call/validation.ts). No Vue import.
import type { ToolDefinition } from '../types'
import { toJsonSchema } from '../schemas/standard-schema/toJsonSchema'
import { warnOnce } from '../shared/warn'
import { wellFormedDescription } from './description'

/** Whether `value` is a Standard Schema (an ArkType type is a function, the others objects). */
export function isStandardSchema(value: unknown): boolean {
  // A primitive reads its prototype's properties: none is called "~standard".
  return typeof (value as { '~standard'?: unknown } | null | undefined)?.['~standard'] === 'object'
}

/**
 * The error that keeps `tool` unregistered whatever the build, or null: a
 * Standard Schema that has no JSON Schema. A Standard Schema in `tool` is
 * replaced by its JSON Schema, as the browser must get it (the definition may
 * be left half converted on an error: the caller drops it), and a description
 * that is not well-formed text by one that is.
 */
export function registrationError(tool: ToolDefinition): WebMCPDefinitionError | null {
  repairDescription(tool)
  for (const which of ['input', 'output'] as const) {
    const schema = tool[`${which}Schema`]
    if (!isStandardSchema(schema))
      continue
    const json = toJsonSchema(tool.name, which, schema as object)
    if (json instanceof Error)
      return json
    tool[`${which}Schema`] = json
  }
  return null
}

/**
 * Chromium lists a description holding a lone surrogate (an emoji cut in half)
 * as "", which would leave the agent a tool it cannot tell the use of: the
 * tool registers with the description repaired, and development builds say so.
 */
function repairDescription(tool: ToolDefinition): void {
  if (typeof tool.description !== 'string')
    return
  const repaired = wellFormedDescription(tool.description)
  if (repaired === tool.description)
    return
  if (__DEV__)
    warnOnce(`Tool "${String(tool.name)}": its description holds half of a character (a lone surrogate, as cutting an emoji with slice() leaves), which Chromium would list as "". It registers with the half at an end dropped and any other replaced by U+FFFD; cut text with Array.from(text).slice(...) to keep whole characters.`)
  tool.description = repaired
}
