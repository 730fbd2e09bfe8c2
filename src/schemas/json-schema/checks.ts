// What the validator's keyword families share: a compiled check's shape,
// what it passes along (problems, dynamic scope, annotations), and the few
// ways a keyword turns into a check. No Vue import.
import type { ValidationProblem } from '../problems'
import type { SchemaNode } from './schemaIndex'
import { escapePointer, MAX_PROBLEMS } from '../problems'
import { isSchemaObject } from './schemaIndex'

/**
 * What a schema evaluated of one value, for `unevaluated*`: the names of an
 * object's properties or the indexes of an array's items (a value is one or
 * the other), and `true` once all of them are.
 */
export type Annotations = Set<unknown>

/** The resources entered so far, innermost first: the dynamic scope `$dynamicRef` searches. */
export interface Scope { base: string, up?: Scope }

/** Where problems go; null: only the verdict is wanted, so stop at the first problem. */
export type Problems = ValidationProblem[] | null

/** Checks one value at `pointer`; false when it fails. */
export type Check = (value: any, pointer: string, problems: Problems, scope: Scope | undefined, annotations: Annotations | null) => boolean

/** Compiles a subschema of the one whose keywords are compiled, in the same resource. */
export type Compile = (subschema: unknown) => Check

/** The number a keyword holds, or undefined when it holds something else. */
export function numberKeyword(schema: SchemaNode, keyword: string): number | undefined {
  return typeof schema[keyword] === 'number' ? schema[keyword] : undefined
}

/** The compiled subschema a keyword holds, or undefined when the keyword is absent. */
export function subschemaKeyword(schema: SchemaNode, keyword: string, compile: Compile): Check | undefined {
  return schema[keyword] === undefined ? undefined : compile(schema[keyword])
}

/** The object a keyword holds that maps names to subschemas or lists, or an empty one. */
export function mapKeyword(schema: SchemaNode, keyword: string): SchemaNode {
  return isSchemaObject(schema[keyword]) ? schema[keyword] : {}
}

export const { isArray } = Array
export const isString = (value: unknown): value is string => typeof value === 'string'
export const isNumber = (value: unknown): value is number => typeof value === 'number'
export const hasOwn = (object: object, key: string): boolean => Object.hasOwn(object, key)
/** The indexes of an array or the own keys of an object. */
export const keysOf = (value: object): Iterable<number | string> => isArray(value) ? value.keys() : Object.keys(value)

/** The JSON type of a value: `null`, `array`, or what `typeof` says. */
export const typeOf = (value: unknown): string => value === null ? 'null' : isArray(value) ? 'array' : typeof value

/** A value as the schema's author wrote it, for messages. */
export const show = (value: unknown): string => JSON.stringify(value) ?? String(value)
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`
export const oneOfValues = (values: unknown[]): string => `must be one of ${values.map(show).join(', ')}`

/** A pattern compiled as JSON Schema requires (ECMA-262 with the `u` flag), or null if it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u')
  }
  catch {
    return null
  }
}

export const badPattern = (source: unknown): string => `cannot be checked: the schema's pattern ${show(source)} is not a valid regular expression`

export const pass = (): true => true

export function fail(problems: Problems, pointer: string, message: string): false {
  problems?.push({ pointer, message })
  return false
}

/** The check of a property beside the declared ones (`allowed`) where none may be. */
export function closedTo(allowed: string[]): Check {
  const listed = allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''
  return (_value, pointer, problems) => fail(problems, pointer, `is not an allowed property${listed}`)
}

/** The dynamic scope once the resource `base` is entered. */
export const enter = (scope: Scope | undefined, base: string): Scope => scope?.base === base ? scope : { base, up: scope }

export function mergeAnnotations(into: Annotations | null, from: Annotations | null): void {
  return from?.forEach(annotation => into?.add(annotation))
}

/** Runs `check` for its verdict alone: its annotations kept only if it passes. */
export function trial(check: Check, value: unknown, pointer: string, scope: Scope | undefined, annotations: Annotations | null): boolean {
  const own = annotations && new Set()
  const ok = check(value, pointer, null, scope, own)
  if (ok)
    mergeAnnotations(annotations, own)
  return ok
}

/**
 * Adds the check of one value of the kind `applies` to: `message` when `holds`
 * fails, at `key` below the value if given. Values of other kinds pass.
 */
/** Whether a check applies to a value of this kind. */
type Applies = (value: any) => boolean

export function addRule(checks: Check[], applies: Applies, holds: (value: any) => unknown, message: (value: any) => string, key?: string): void {
  const at = key === undefined ? '' : `/${escapePointer(key)}`
  checks.push((value, pointer, problems) => !applies(value) || !!holds(value) || fail(problems, pointer + at, message(value)))
}

/** How big a value is, for a `min*` / `max*` pair. */
type SizeOf = (value: any, scope: Scope | undefined, annotations: Annotations | null) => number
/** The problem of a size out of bounds: `bound` is "least" or "most", `limit` the keyword's number. */
type SizeMessage = (bound: 'least' | 'most', limit: number, size: number) => string

/** Adds the check of a `min*` / `max*` pair, when either is given. */
export function addSizeRange(checks: Check[], min: number | undefined, max: number | undefined, applies: Applies, sizeOf: SizeOf, message: SizeMessage): void {
  if (min === undefined && max === undefined)
    return
  checks.push((value, pointer, problems, scope, annotations) => {
    if (!applies(value))
      return true
    const size = sizeOf(value, scope, annotations)
    let ok = true
    if (min !== undefined && size < min)
      ok = fail(problems, pointer, message('least', min, size))
    if (max !== undefined && size > max)
      ok = fail(problems, pointer, message('most', max, size))
    return ok
  })
}

/** The items or properties a check reads of a value, or none (false or undefined). */
type KeysToCheck = (value: any, annotations: Annotations | null) => false | Iterable<any> | undefined
/** Checks the item or property `key` of `value`, whose pointer is `at`. */
type KeyCheck = (key: any, at: string, value: any, problems: Problems, scope: Scope | undefined, annotations: Annotations | null) => boolean

/** Adds a check of each item of an array or property of an object that `keysToCheck` lists. */
export function addEachKey(checks: Check[], keysToCheck: KeysToCheck, checkKey: KeyCheck): void {
  checks.push((value, pointer, problems, scope, annotations) => {
    let ok = true
    for (const key of keysToCheck(value, annotations) || []) {
      if (!checkKey(key, `${pointer}/${escapePointer(`${key}`)}`, value, problems, scope, annotations)) {
        ok = false
        if (stopAfterFailure(problems))
          break
      }
    }
    return ok
  })
}

/** Whether a failed check ends the run: only the verdict is wanted, or MAX_PROBLEMS are found. */
export const stopAfterFailure = (problems: Problems): boolean => !problems || problems.length >= MAX_PROBLEMS
