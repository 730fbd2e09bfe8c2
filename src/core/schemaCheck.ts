// Problems in a tool's input schema that would let arguments through
// unchecked or make checking them never end, found when the tool is set up:
// a `pattern` (or `patternProperties` name) that does not compile with the `u`
// flag JSON Schema requires, a `$ref` that resolves to nothing, `$ref`s that
// lead back to themselves without reaching into the arguments, and a
// JavaScript cycle or a BigInt in the schema object. No Vue import.
import type { SchemaNode } from './schemaIndex'
import { WebMCPDefinitionError } from './errors'
import { escapePointer, indexSchema, isSchemaObject, resolveRef } from './schemaIndex'

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
  return notJson(schema) ?? badKeywords(schema)
}

/** The error a tool with such a schema gets instead of being registered. */
export function schemaError(name: string, schema: unknown, which: 'input' | 'output' = 'input'): WebMCPDefinitionError | null {
  const problem = schemaProblem(schema)
  return problem && new WebMCPDefinitionError(`Tool "${name}": the ${which} schema ${problem.message} at ${problem.pointer || '/'}; the tool is not registered, since its ${which === 'input' ? 'arguments' : 'results'} could not be checked.`)
}

/** A JavaScript cycle, or a value JSON cannot carry. Without recursion. */
function notJson(schema: unknown): SchemaProblem | null {
  // Depth-first, with the objects on the current path: only a path that comes back is a cycle.
  const onPath = new Map<object, string>()
  const done = new Set<object>()
  const stack: [unknown, string, boolean][] = [[schema, '', false]]
  while (stack.length) {
    const [value, pointer, leaving] = stack.pop()!
    if (typeof value === 'bigint')
      return { pointer, message: 'holds a BigInt, which JSON cannot carry,' }
    if (value === null || typeof value !== 'object')
      continue
    if (leaving) {
      onPath.delete(value)
      done.add(value)
      continue
    }
    const ancestor = onPath.get(value)
    if (ancestor !== undefined)
      return { pointer, message: `refers back to itself (a JavaScript cycle to ${ancestor || 'the root'})` }
    if (done.has(value))
      continue
    onPath.set(value, pointer)
    stack.push([value, pointer, true])
    for (const key of Object.keys(value))
      stack.push([(value as Record<string, unknown>)[key], `${pointer}/${escapePointer(key)}`, false])
  }
  return null
}

function patternProblem(source: unknown, pointer: string): SchemaProblem | null {
  if (typeof source !== 'string')
    return null
  try {
    // eslint-disable-next-line no-new
    new RegExp(source, 'u')
    return null
  }
  catch (error) {
    return { pointer, message: `has a pattern, ${JSON.stringify(source)}, that is not a valid regular expression with the u flag JSON Schema requires (${(error as Error).message})` }
  }
}

/** Keywords that apply to the same value as the schema holding them: a cycle of these never ends. */
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const
const IN_PLACE_MAPS = ['dependentSchemas', 'dependencies'] as const

function badKeywords(schema: unknown): SchemaProblem | null {
  const index = indexSchema(schema)
  const draft7 = index.dialect === 7
  // Edges to the subschemas checked against the same value, with the pointer of the keyword.
  const inPlace = new Map<object, [unknown, string][]>()
  for (const [node, pointer] of index.pointerOf) {
    const s = node as SchemaNode
    const edges: [unknown, string][] = []
    inPlace.set(node, edges)
    for (const keyword of ['$ref', '$dynamicRef'] as const) {
      const ref = s[keyword]
      if (typeof ref !== 'string')
        continue
      const found = resolveRef(index, ref, index.baseOf.get(node)!)
      if (!found)
        return { pointer: `${pointer}/${keyword}`, message: `has a reference, ${JSON.stringify(ref)}, that does not resolve` }
      edges.push([found.target, `${pointer}/${keyword}`])
    }
    // Draft 7 ignores everything beside a `$ref`.
    if (draft7 && typeof s.$ref === 'string')
      continue
    const problem = patternProblem(s.pattern, `${pointer}/pattern`)
    if (problem)
      return problem
    if (isSchemaObject(s.patternProperties)) {
      for (const key of Object.keys(s.patternProperties)) {
        const bad = patternProblem(key, `${pointer}/patternProperties/${escapePointer(key)}`)
        if (bad)
          return bad
      }
    }
    for (const k of IN_PLACE_SINGLE) {
      if (k in s)
        edges.push([s[k], `${pointer}/${k}`])
    }
    for (const k of IN_PLACE_LISTS) {
      const list = s[k]
      if (Array.isArray(list))
        list.forEach((sub, i) => edges.push([sub, `${pointer}/${k}/${i}`]))
    }
    for (const k of IN_PLACE_MAPS) {
      const map = s[k]
      if (isSchemaObject(map)) {
        for (const key of Object.keys(map))
          edges.push([map[key], `${pointer}/${k}/${escapePointer(key)}`])
      }
    }
  }
  return refCycle(schema, inPlace, index.pointerOf)
}

/** A loop of references checked against one value, found by depth-first search without recursion. */
function refCycle(root: unknown, inPlace: Map<object, [unknown, string][]>, pointerOf: Map<object, string>): SchemaProblem | null {
  const state = new Map<object, 'open' | 'done'>()
  for (const start of inPlace.keys()) {
    if (state.has(start))
      continue
    const stack: [object, number][] = [[start, 0]]
    state.set(start, 'open')
    while (stack.length) {
      const top = stack[stack.length - 1]!
      const edges = inPlace.get(top[0]) ?? []
      if (top[1] >= edges.length) {
        state.set(top[0], 'done')
        stack.pop()
        continue
      }
      const [target, via] = edges[top[1]++]!
      if (!isSchemaObject(target))
        continue
      const seen = state.get(target)
      if (seen === 'open') {
        const to = target === root ? 'the root' : pointerOf.get(target) ?? 'a subschema'
        return { pointer: via, message: `has references that lead back to ${to} without reaching into the arguments, so checking them would never end` }
      }
      if (seen === undefined) {
        state.set(target, 'open')
        stack.push([target, 0])
      }
    }
  }
  return null
}
