// The object keywords: `required` and the dependencies, `properties`,
// `minProperties` / `maxProperties`, and the keywords that read every
// property (`propertyNames`, `patternProperties`, `additionalProperties`).
// No Vue import.
import type { Check, Compile, Problems } from './checks'
import type { SchemaNode } from './schemaIndex'
import { escapePointer } from '../problems'
import { addEachKey, addRule, addSizeRange, badPattern, closedTo, compilePattern, fail, hasOwn, isArray, isString, keysOf, mapKeyword, numberKeyword, show, subschemaKeyword } from './checks'
import { isSchemaObject } from './schemaIndex'

/** `required`, and the lists of names under the dependency keywords; returns the dependent schemas, checked last. */
function addRequiredChecks(checks: Check[], schema: SchemaNode, compile: Compile): [string, Check][] {
  const names = (list: unknown): string[] => isArray(list) ? list.filter(isString) : []
  for (const key of names(schema.required))
    addRule(checks, isSchemaObject, value => hasOwn(value, key), () => 'required', key)
  const dependentSchemas: [string, Check][] = []
  // `dependencies` (draft 7) holds both kinds; 2020-12 split it in two.
  for (const keyword of ['dependentRequired', 'dependentSchemas', 'dependencies']) {
    for (const [key, dependency] of Object.entries(mapKeyword(schema, keyword))) {
      if (isArray(dependency)) {
        for (const needed of names(dependency))
          addRule(checks, isSchemaObject, value => !hasOwn(value, key) || hasOwn(value, needed), () => `required when ${show(key)} is present`, needed)
      }
      else {
        dependentSchemas.push([key, compile(dependency)])
      }
    }
  }
  return dependentSchemas
}

/** Declared properties, in the schema's order: the problems read like the form. */
function addPropertyChecks(checks: Check[], properties: SchemaNode, compile: Compile): void {
  for (const [key, subschema] of Object.entries(properties)) {
    const check = compile(subschema)
    const at = `/${escapePointer(key)}`
    checks.push((value, pointer, problems, scope, annotations) => {
      if (!isSchemaObject(value) || !hasOwn(value, key))
        return true
      annotations?.add(key)
      return check(value[key], pointer + at, problems, scope, null)
    })
  }
}

/** `propertyNames`, `patternProperties` and `additionalProperties`: one pass over the properties. */
function addEveryPropertyCheck(checks: Check[], schema: SchemaNode, properties: SchemaNode, compile: Compile): void {
  const patterns = Object.entries(mapKeyword(schema, 'patternProperties')).map(([source, subschema]) => [source, compilePattern(source), compile(subschema)] as const)
  const closed = schema.additionalProperties === false
  const additional = closed ? closedTo(Object.keys(properties)) : subschemaKeyword(schema, 'additionalProperties', compile)
  const propertyNames = subschemaKeyword(schema, 'propertyNames', compile)
  if (!propertyNames && !patterns.length && !additional)
    return
  addEachKey(checks, value => isSchemaObject(value) && keysOf(value), (key: string, at, value, problems, scope, annotations) => {
    let ok = true
    if (propertyNames) {
      const nameProblems: Problems = problems && []
      if (!propertyNames(key, at, nameProblems, scope, null)) {
        const reasons = nameProblems?.length ? ` (the name ${nameProblems.map(problem => problem.message).join('; ')})` : ''
        ok = fail(problems, at, `is not an allowed property name${reasons}`)
      }
    }
    let matched = hasOwn(properties, key)
    for (const [source, pattern, check] of patterns) {
      if (!pattern) {
        ok = fail(problems, at, badPattern(source))
      }
      else if (pattern.test(key)) {
        matched = true
        ok = check(value[key], at, problems, scope, null) && ok
      }
    }
    if (!matched && additional) {
      ok = additional(value[key], at, problems, scope, null) && ok
      // A property `additionalProperties: false` refuses is not evaluated.
      matched = !closed
    }
    if (matched)
      annotations?.add(key)
    return ok
  })
}

/** The object keywords of `schema`. */
export function addObjectChecks(checks: Check[], schema: SchemaNode, compile: Compile): void {
  const properties = mapKeyword(schema, 'properties')
  const dependentSchemas = addRequiredChecks(checks, schema, compile)
  addPropertyChecks(checks, properties, compile)
  addSizeRange(checks, numberKeyword(schema, 'minProperties'), numberKeyword(schema, 'maxProperties'), isSchemaObject, value => Object.keys(value).length, (bound, limit) => `must have at ${bound} ${limit} properties`)
  addEveryPropertyCheck(checks, schema, properties, compile)
  for (const [key, check] of dependentSchemas) {
    checks.push((value, pointer, problems, scope, annotations) =>
      !isSchemaObject(value) || !hasOwn(value, key) || check(value, pointer, problems, scope, annotations))
  }
}
