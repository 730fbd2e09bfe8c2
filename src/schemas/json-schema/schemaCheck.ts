// Problems in a tool's input schema that would let arguments through
// unchecked or make checking them never end, found when the tool is set up:
// a `pattern` (or `patternProperties` name) that does not compile with the `u`
// flag JSON Schema requires, a `$ref` that resolves to nothing, `$ref`s that
// lead back to themselves without reaching into the arguments, and a
// JavaScript cycle or a BigInt in the schema object. No Vue import.
import type { SchemaNode } from './schemaIndex'
import { WebMCPDefinitionError } from '../../shared/definitionError'
import { escapePointer } from '../problems'
import { forEachSubschema, indexSchema, isSchemaObject, resolveRef } from './schemaIndex'

export interface SchemaProblem {
  /** JSON pointer into the input schema. */
  pointer: string
  message: string
}

/**
 * The first problem that keeps `schema` from being enforced, or null. Not
 * cached: a reactive schema changed in place is checked again when its tool is.
 */
export function schemaProblem(schema: unknown): SchemaProblem | null {
  if (schema === null || typeof schema !== 'object')
    return null
  const found = loop([[schema, '']], (value, pointer) => Object.keys(value).map(key => [(value as SchemaNode)[key], `${pointer}/${escapePointer(key)}`]))
  return found
    ? { pointer: found[0], message: typeof found[1] === 'bigint' ? 'holds a BigInt, which JSON cannot carry,' : `refers back to itself (a JavaScript cycle to ${found[2] || 'the root'})` }
    : badKeywords(schema)
}

/** The error a tool with such a schema gets instead of being registered. */
export function schemaError(name: string, schema: unknown, which: 'input' | 'output' = 'input'): WebMCPDefinitionError | null {
  const problem = schemaProblem(schema)
  return problem && new WebMCPDefinitionError(`Tool "${name}": the ${which} schema ${problem.message} at ${problem.pointer || '/'}; the tool is not registered, since its ${which === 'input' ? 'arguments' : 'results'} could not be checked.`)
}

/**
 * The first edge back to an object on the path to it, or to a BigInt, depth
 * first without recursion: its pointer, its target and where that was entered.
 * Only a path that comes back is a cycle: an object reached twice is not.
 */
function loop(stack: [unknown, string, boolean?][], edges: (value: object, pointer: string) => [unknown, string][]): [string, unknown, string?] | null {
  // Where each object on the path was entered; null once it is left.
  const seen = new Map<object, string | null>()
  while (stack.length) {
    const [value, pointer, leaving] = stack.pop()!
    if (typeof value === 'bigint')
      return [pointer, value]
    if (value === null || typeof value !== 'object')
      continue
    const entered = seen.get(value)
    if (leaving) {
      seen.set(value, null)
    }
    else if (typeof entered === 'string') {
      return [pointer, value, entered]
    }
    else if (entered === undefined) {
      seen.set(value, pointer)
      stack.push([value, pointer, true])
      for (const edge of edges(value, pointer))
        stack.push(edge)
    }
  }
  return null
}

/** The formats the validator asserts: the names of formats.ts's checkers (a test keeps the two equal). */
export const ASSERTED_FORMATS: ReadonlySet<string> = new Set(['date', 'time', 'date-time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'uuid'])

/**
 * The first `format` of a string in `schema` the validator does not assert,
 * with its pointer, or null. JSON Schema lets a validator ignore a format it
 * does not know, so any string passes one (`format: 'iban'`): development
 * builds say so. A format of a number (OpenAPI's `int64`, `double`) is left
 * alone: the formats a validator asserts are all formats of strings.
 */
export function unassertedFormat(schema: unknown): { pointer: string, format: string } | null {
  if (schema === null || typeof schema !== 'object')
    return null
  for (const [node, pointer] of indexSchema(schema).pointerOf) {
    const { format, type } = node as SchemaNode
    const ofStrings = type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'))
    if (typeof format === 'string' && ofStrings && !ASSERTED_FORMATS.has(format))
      return { pointer: `${pointer}/format`, format }
  }
  return null
}

/** Keywords (by their pointer) that apply to the same value as the schema holding them: a cycle of these never ends. */
const IN_PLACE = /^\/(?:not|if|then|else|\w+Of|dep)/

function badKeywords(schema: unknown): SchemaProblem | null {
  const index = indexSchema(schema)
  // Edges to the subschemas checked against the same value, with the pointer of the keyword.
  const inPlace = new Map<object, [unknown, string][]>()
  for (const [node, pointer] of index.pointerOf) {
    const subschema = node as SchemaNode
    const edges: [unknown, string][] = []
    inPlace.set(node, edges)
    for (const keyword of ['$ref', '$dynamicRef']) {
      const ref = subschema[keyword]
      const at = `${pointer}/${keyword}`
      if (typeof ref === 'string') {
        const found = resolveRef(index, ref, index.baseOf.get(node)!)
        if (!found)
          return { pointer: at, message: `has a reference, ${JSON.stringify(ref)}, that does not resolve` }
        edges.push([found.target, at])
      }
    }
    // Draft 7 ignores everything beside a `$ref`.
    if (index.dialect === 7 && typeof subschema.$ref === 'string')
      continue
    const patterns: [unknown, string][] = [[subschema.pattern, `${pointer}/pattern`]]
    if (isSchemaObject(subschema.patternProperties)) {
      for (const key of Object.keys(subschema.patternProperties))
        patterns.push([key, `${pointer}/patternProperties/${escapePointer(key)}`])
    }
    for (const [source, at] of patterns) {
      try {
        typeof source === 'string' && new RegExp(source, 'u')
      }
      catch (error) {
        return { pointer: at, message: `has a pattern, ${JSON.stringify(source)}, that is not a valid regular expression with the u flag JSON Schema requires (${(error as Error).message})` }
      }
    }
    forEachSubschema(subschema, (child, path) => IN_PLACE.test(path) && edges.push([child, pointer + path]))
  }
  // Every subschema is a start, the root first: a loop in `$defs` counts even when nothing reaches it.
  const cycle = loop([...index.pointerOf].reverse(), value => inPlace.get(value) ?? [])
  return cycle && { pointer: cycle[0], message: `has references that lead back to ${index.pointerOf.get(cycle[1] as object) || 'the root'} without reaching into the arguments, so checking them would never end` }
}
