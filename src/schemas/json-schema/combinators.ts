// The keywords that apply subschemas to the value itself: `allOf`, `anyOf`,
// `oneOf`, `not`, `if` / `then` / `else`, and 2020-12's `unevaluatedItems` /
// `unevaluatedProperties`, which read what all of those evaluated.
// No Vue import.
import type { Annotations, Check, Compile } from './checks'
import type { SchemaNode } from './schemaIndex'
import { addEachKey, closedTo, fail, isArray, keysOf, mergeAnnotations, oneOfValues, subschemaKeyword, trial } from './checks'
import { isSchemaObject } from './schemaIndex'

/** `anyOf` (at least one alternative matches) or `oneOf` (exactly one does). */
function addAlternativesCheck(checks: Check[], schema: SchemaNode, compile: Compile, keyword: 'anyOf' | 'oneOf'): void {
  const alternatives = schema[keyword]
  if (!isArray(alternatives))
    return
  const alternativeChecks = alternatives.map(compile)
  const anyOf = keyword === 'anyOf'
  const text = `must match ${anyOf ? 'at least' : 'exactly'} one of the allowed shapes`
  // A list of `const` alternatives (Chromium's `<select>` schema) reads as an enum.
  const noneMatch = alternatives.every(alternative => isSchemaObject(alternative) && 'const' in alternative)
    ? oneOfValues(alternatives.map(alternative => alternative.const))
    : text
  const besideEnum = isArray(schema.enum)
  checks.push((value, pointer, problems, scope, annotations) => {
    const own = annotations && new Set()
    // Every alternative runs: with annotations wanted, every passing one counts.
    const matches = alternativeChecks.filter(check => trial(check, value, pointer, scope, own)).length
    if (anyOf ? matches > 0 : matches === 1) {
      mergeAnnotations(annotations, own)
      return true
    }
    // Chromium's <select> schema has both enum and anyOf: one message is enough.
    if (anyOf && besideEnum && problems?.some(problem => problem.pointer === pointer))
      return false
    return fail(problems, pointer, matches ? `${text}, but matches ${matches}` : noneMatch)
  })
}

/** `allOf`, `anyOf`, `oneOf`, `not` and `if` / `then` / `else`. */
export function addCombinatorChecks(checks: Check[], schema: SchemaNode, compile: Compile): void {
  if (isArray(schema.allOf))
    checks.push(...schema.allOf.map(compile))
  addAlternativesCheck(checks, schema, compile, 'anyOf')
  addAlternativesCheck(checks, schema, compile, 'oneOf')
  const not = subschemaKeyword(schema, 'not', compile)
  if (not)
    checks.push((value, pointer, problems, scope) => !not(value, pointer, null, scope, null) || fail(problems, pointer, 'matches a shape that is not allowed'))
  if (schema.if !== undefined) {
    const condition = compile(schema.if)
    const then = compile(schema.then)
    const otherwise = compile(schema.else)
    checks.push((value, pointer, problems, scope, annotations) => {
      const branch = trial(condition, value, pointer, scope, annotations) ? then : otherwise
      return branch(value, pointer, problems, scope, annotations)
    })
  }
}

/**
 * 2020-12's `unevaluatedItems` / `unevaluatedProperties`: after every other
 * keyword beside them, on what those left. Returns whether there is such a
 * check, whose node must then collect the annotations of its other keywords.
 */
export function addUnevaluatedCheck(checks: Check[], schema: SchemaNode, compile: Compile): boolean {
  const items = subschemaKeyword(schema, 'unevaluatedItems', compile)
  const properties = schema.unevaluatedProperties === false ? closedTo([]) : subschemaKeyword(schema, 'unevaluatedProperties', compile)
  if (!items && !properties)
    return false
  // `true` in the annotations: every item or property is evaluated.
  // The items or properties no other keyword evaluated; none once `true` says all were.
  const left = (value: any, annotations: Annotations | null) =>
    !annotations!.has(true) && (isArray(value) ? items : isSchemaObject(value) && properties) && keysOf(value)
  addEachKey(checks, left, (key, at, value, problems, scope, annotations) => {
    if (annotations!.has(key))
      return true
    annotations!.add(true)
    return (isArray(value) ? items : properties)!(value[key], at, problems, scope, null)
  })
  return true
}
