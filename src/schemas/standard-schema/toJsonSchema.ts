// The Standard Schema adapter, definition side: the JSON Schema the browser
// shows the agent for a Zod, Valibot or ArkType schema, from the schema's own
// `~standard.jsonSchema`. Start-up code: it runs before such a tool registers,
// with no chunk to load. No Vue import.
import type { StandardSchemaV1 } from '../../types/standardSchema'
import { WebMCPDefinitionError } from '../../shared/definitionError'

// 2020-12 first (the browser's and this package's default); draft-07 for a library without it.
const TARGETS = ['draft-2020-12', 'draft-07'] as const

/** Produced once per schema object: a schema is immutable in these libraries. */
const converted = new WeakMap<object, object>()

/**
 * The JSON Schema of what `schema` accepts, or the error that keeps its tool
 * unregistered: a schema that can only validate, or one whose library throws
 * on both targets. `which` names the option in the message.
 */
export function toJsonSchema(name: string, which: 'input' | 'output', schema: object): object | WebMCPDefinitionError {
  const cached = converted.get(schema)
  if (cached)
    return cached
  const std = (schema as { '~standard': Partial<StandardSchemaV1.Props> })['~standard']
  const label = `Tool "${name}": the ${which} schema (${String(std.vendor)})`
  // Development builds say what is missing and what to pass instead; production
  // builds, where this is start-up code, let the conversion below fail and say why.
  if (__DEV__ && typeof std.validate !== 'function')
    return new WebMCPDefinitionError(`${label} cannot check values: it has no ~standard.validate. Pass a Zod 4, Valibot or ArkType schema, or a JSON Schema object.`)
  if (__DEV__ && typeof std.jsonSchema?.input !== 'function') {
    return new WebMCPDefinitionError(`${label} can validate but cannot describe itself as JSON Schema, so the agent could not be told its ${which === 'input' ? 'arguments' : 'result'}. `
      + 'Pass a schema that implements Standard JSON Schema (Zod 4.2 or later, ArkType 2, Valibot wrapped in toStandardJsonSchema() from @valibot/to-json-schema), or a JSON Schema object.')
  }
  let failure: unknown
  for (const target of TARGETS) {
    let json: Record<string, unknown> | null | undefined
    try {
      json = std.jsonSchema!.input({ target })
    }
    catch (error) {
      failure ??= error
      continue
    }
    // A converter that supports only some targets may answer the others with nothing.
    if (json === null || typeof json !== 'object') {
      failure ??= new TypeError(`~standard.jsonSchema.input() returned ${json === null ? 'null' : typeof json} for ${target}`)
      continue
    }
    // `$schema` only costs the agent's budget for 2020-12, the default; a
    // draft-07 schema keeps it, since it changes what `$ref` means.
    const { $schema, ...rest } = json
    const clean = target === 'draft-07' && $schema !== undefined ? json : rest
    converted.set(schema, clean)
    return clean
  }
  return new WebMCPDefinitionError(`${label} could not be converted to JSON Schema: ${failure instanceof Error ? failure.message : String(failure)}`, { cause: failure })
}
