// A JSON Schema validator for tool arguments: drafts 2020-12 and 7 (draft 7
// when the root's `$schema` says so). No Vue import, no `eval` or
// `new Function` (pages with a strict CSP must work); compiled lazily into
// closures and cached per schema object with the JSON text it was compiled
// from, so a page whose tools are never called pays nothing and a schema
// changed in place (a `reactive()` one whose `maximum` drops) compiles anew. Each keyword family compiles in its own file.
//
// Bounded cost for any argument: values nested deeper than MAX_DEPTH are
// refused before anything else runs, `uniqueItems` hashes instead of comparing
// pairs, and every keyword is linear in what it reads.
import type { ValidationProblem } from '../problems'
import type { Check, Compile, Scope } from './checks'
import type { SchemaNode } from './schemaIndex'
import type { FormatCheckers } from './stringKeywords'
import { depthProblem, MAX_PROBLEMS } from '../problems'
import { addArrayChecks } from './arrayKeywords'
import { enter, fail, mergeAnnotations, pass, stopAfterFailure } from './checks'
import { addCombinatorChecks, addUnevaluatedCheck } from './combinators'
import { addObjectChecks } from './objectKeywords'
import { referenceCheck } from './references'
import { indexSchema, isSchemaObject, ownId } from './schemaIndex'
import { addStringChecks } from './stringKeywords'
import { addNumberChecks, addTypeChecks } from './valueKeywords'

// The check that a schema can be enforced, which production builds run on a tool's first call: it loads with the validator.
export { schemaProblem } from './schemaCheck'

/** A compiled schema, and the JSON text of the schema it was compiled from. */
interface Compiled {
  text: string
  check: (value: unknown, problems: ValidationProblem[]) => void
}

const cache = new WeakMap<object, Compiled>()

/** A schema's JSON text, which its compiled check is kept by; `undefined` for one JSON cannot hold (a cycle), never kept. */
export function schemaText(schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema)
  }
  catch {
    return undefined
  }
}

/** The check of `schema` as its JSON text reads now: compiled once per text. */
function checkOf(schema: unknown, text: string | undefined): Compiled['check'] {
  const kept = typeof schema === 'object' ? cache.get(schema!) : undefined
  if (kept && kept.text === text)
    return kept.check
  const check = compileRoot(schema)
  if (typeof schema === 'object' && text !== undefined)
    cache.set(schema!, { text, check })
  return check
}

/**
 * The `format` checkers known so far. Empty until `addFormats` brings them
 * (the call path does, before the first schema that uses `format` compiles):
 * they are a third of the validator's bytes and most tools never use them.
 */
const formats: FormatCheckers = {}

export function addFormats(checkers: FormatCheckers): void {
  Object.assign(formats, checkers)
}

/**
 * Validates `value` (a call's arguments or a tool's result) against `schema`
 * as it reads now (`text`: its JSON text, when the caller has it already);
 * an empty array means valid (or no schema).
 */
export function validateValue(value: unknown, schema: unknown, text = schemaText(schema)): ValidationProblem[] {
  if (schema == null || schema === true)
    return []
  const tooDeep = depthProblem(value)
  if (tooDeep)
    return [tooDeep]
  const check = checkOf(schema, text)
  const problems: ValidationProblem[] = []
  try {
    check(value, problems)
  }
  catch (error) {
    // Only an author's schema nested thousands of levels in place gets here.
    if (!(error instanceof RangeError))
      throw error
    return [{ pointer: '', message: 'cannot be checked: the tool\'s schema nests too deeply' }]
  }
  return problems.slice(0, MAX_PROBLEMS)
}

function compileRoot(root: unknown): (value: unknown, problems: ValidationProblem[]) => void {
  const index = indexSchema(root)
  const { dialect } = index
  const compiled = new Map<unknown, Check>()

  /** Compiles on first use: recursive schemas compile once per subschema. */
  const compileAt = (schema: unknown, base: string): Check => {
    if (schema === false)
      return (_value, pointer, problems) => fail(problems, pointer, 'is not allowed')
    if (!isSchemaObject(schema))
      return pass
    let check = compiled.get(schema)
    if (!check) {
      let built: Check | undefined
      check = (value, pointer, problems, scope, annotations) => (built ??= compileNode(schema, base))(value, pointer, problems, scope, annotations)
      compiled.set(schema, check)
    }
    return check
  }

  /** Adds the checks of one subschema's keywords, in the order their problems are reported; returns whether one is `unevaluated*`. */
  const addKeywordChecks = (checks: Check[], schema: SchemaNode, base: string): boolean => {
    if (typeof schema.$ref === 'string') {
      checks.push(referenceCheck(schema.$ref, false, index, base, compileAt))
      // Draft 7: `$ref` replaces every other keyword beside it.
      if (dialect === 7)
        return false
    }
    if (typeof schema.$dynamicRef === 'string')
      checks.push(referenceCheck(schema.$dynamicRef, true, index, base, compileAt))
    const compile: Compile = subschema => compileAt(subschema, base)
    addTypeChecks(checks, schema)
    addStringChecks(checks, schema, dialect, formats)
    addNumberChecks(checks, schema)
    addArrayChecks(checks, schema, dialect, compile)
    addObjectChecks(checks, schema, compile)
    addCombinatorChecks(checks, schema, compile)
    return dialect === 2020 && addUnevaluatedCheck(checks, schema, compile)
  }

  /** Compiles one subschema, `inherited` the base URI of the resource around it. */
  const compileNode = (schema: SchemaNode, inherited: string): Check => {
    // A subschema with its own `$id` starts a resource, which the dynamic scope records on entry.
    const resource = ownId(schema, dialect) !== undefined ? index.baseOf.get(schema) || inherited : undefined
    const checks: Check[] = []
    const unevaluated = addKeywordChecks(checks, schema, resource || inherited)
    return (value, pointer, problems, scope, annotations) => {
      if (resource)
        scope = enter(scope, resource)
      const own = unevaluated ? new Set() : annotations
      let ok = true
      // A loop, not every(): this runs for each value checked.
      for (const check of checks) {
        if (!check(value, pointer, problems, scope, own)) {
          ok = false
          if (stopAfterFailure(problems))
            break
        }
      }
      if (ok && unevaluated)
        mergeAnnotations(annotations, own)
      return ok
    }
  }

  const check = compileAt(root, index.rootBase)
  const scope: Scope = { base: index.rootBase }
  return (value, problems) => check(value, '', problems, scope, null)
}
