import type { ValidationProblem } from '../problems'
// A JSON Schema validator for tool arguments: drafts 2020-12 and 7 (draft 7
// when the root's `$schema` says so). No Vue import, no `eval` or
// `new Function` (pages with a strict CSP must work); compiled lazily into
// closures and cached per schema object, so a page whose tools are never
// called pays nothing.
//
// Bounded cost for any argument: values nested deeper than MAX_DEPTH are
// refused before anything else runs, `uniqueItems` hashes instead of comparing
// pairs, and every keyword is linear in what it reads.
import type { SchemaNode } from './schemaIndex'
import { codePointLength } from '../../shared/text'
import { depthProblem, MAX_PROBLEMS } from '../problems'
import { escapePointer as escape, indexSchema, isSchemaObject, ownId, resolveRef } from './schemaIndex'

export type { ValidationProblem } from '../problems'
// The check that a schema can be enforced, which production builds run on a tool's first call: it loads with the validator.
export { schemaProblem } from './schemaCheck'

/**
 * What a schema evaluated of one value, for `unevaluated*`: the names of an
 * object's properties or the indexes of an array's items (a value is one or
 * the other), and `true` once all of them are.
 */
type Annotations = Set<unknown>

/** The resources entered so far, innermost first: the dynamic scope `$dynamicRef` searches. */
interface Scope { base: string, up?: Scope }

/** Where problems go; null: only the verdict is wanted, so stop at the first problem. */
type Problems = ValidationProblem[] | null

/** Checks one value. */
type Check = (v: any, pointer: string, out: Problems, scope: Scope | undefined, ann: Annotations | null) => boolean

/** A size `min*` / `max*` bound, and the problem when it is out of bounds. */
type Size = (v: any, scope: Scope | undefined, ann: Annotations | null) => number
type Say = (bound: string, n: number, size: number) => string
/** The keys of an array or object a check reads, or none. */
type Keys = (v: any, ann: Annotations | null) => false | Iterable<any> | undefined
/** Checks one item or property, at `at`, of `v`. */
type Run = (key: any, at: string, v: any, out: Problems, scope: Scope | undefined, ann: Annotations | null) => boolean

const cache = new WeakMap<object, (v: unknown, out: ValidationProblem[]) => void>()

/**
 * The `format` checkers known so far. Empty until `addFormats` brings them
 * (the call path does, before the first schema that uses `format` compiles):
 * they are a third of the validator's bytes and most tools never use them.
 */
const formats: Record<string, (value: string) => boolean> = {}

export function addFormats(checkers: Record<string, (value: string) => boolean>): void {
  Object.assign(formats, checkers)
}

/** Validates `value` against `schema`; an empty array means valid (or no schema). */
export function validateArgs(value: unknown, schema: unknown): ValidationProblem[] {
  if (schema == null || schema === true)
    return []
  const tooDeep = depthProblem(value)
  if (tooDeep)
    return [tooDeep]
  let check = cache.get(schema as object)
  if (!check) {
    check = compileRoot(schema)
    if (typeof schema === 'object')
      cache.set(schema, check)
  }
  const out: ValidationProblem[] = []
  try {
    check(value, out)
  }
  catch (error) {
    // Only an author's schema nested thousands of levels in place gets here.
    if (!(error instanceof RangeError))
      throw error
    return [{ pointer: '', message: 'cannot be checked: the tool\'s schema nests too deeply' }]
  }
  return out.slice(0, MAX_PROBLEMS)
}

/** A pattern compiled as JSON Schema requires (ECMA-262 with the `u` flag), or null if it does not compile. */
function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u')
  }
  catch {
    return null
  }
}

const typeOf = (value: unknown): string => value === null ? 'null' : isArray(value) ? 'array' : typeof value

/** Whether `value` has JSON Schema type `type`; a name outside the seven types matches nothing. */
function matchesType(value: unknown, type: string): boolean {
  return type === 'integer' ? Number.isInteger(value) : type === 'number' ? Number.isFinite(value) : 'array object null string boolean'.includes(type) && typeOf(value) === type
}

function deepEqual(a: any, b: any): boolean {
  if (a === b)
    return true
  const keys = typeof a === 'object' && typeof b === 'object' && typeOf(a) === typeOf(b) && Object.keys(a)
  return !!keys && keys.length === Object.keys(b).length && keys.every(k => has(b, k) && deepEqual(a[k], b[k]))
}

/** A text equal for equal JSON values only (keys sorted, 1 and 1.0 alike): `uniqueItems` in linear time. */
function canonical(v: any): string {
  if (typeof v !== 'object' || !v)
    return typeof v === 'string' ? show(v) : String(v)
  if (isArray(v))
    return `[${v.map(canonical)}]`
  return `{${Object.keys(v).sort().map(k => `${show(k)}:${canonical(v[k])}`)}}`
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const oneOfValues = (values: unknown[]) => `must be one of ${values.map(show).join(', ')}`
const badPattern = (source: unknown) => `cannot be checked: the schema's pattern ${show(source)} is not a valid regular expression`
const { isArray } = Array
const keysOf = (v: object) => isArray(v) ? v.keys() : Object.keys(v)
const isString = (v: unknown) => typeof v === 'string'
const isNumber = (v: unknown) => typeof v === 'number'
const has = (o: object, key: string) => Object.hasOwn(o, key)

const pass = () => true

function fail(out: Problems, pointer: string, message: string): false {
  out?.push({ pointer, message })
  return false
}

/** A property beside the declared ones where none may be. */
function closed(allowed: string[]): Check {
  return (_v, pointer, out) => fail(out, pointer, `is not an allowed property${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`)
}

/** The dynamic scope once `base` is entered. */
const enter = (scope: Scope | undefined, base: string): Scope => scope?.base === base ? scope : { base, up: scope }

const merge = (into: Annotations | null, from: Annotations | null) => from?.forEach(x => into?.add(x))

/** Runs `check` for its verdict alone: its annotations kept only if it passes. */
function trial(check: Check, v: unknown, pointer: string, scope: Scope | undefined, ann: Annotations | null): boolean {
  const own = ann && new Set()
  const ok = check(v, pointer, null, scope, own)
  if (ok)
    merge(ann, own)
  return ok
}

function compileRoot(root: unknown): (v: unknown, out: ValidationProblem[]) => void {
  const index = indexSchema(root)
  const { dialect, rootBase } = index
  const compiled = new Map<unknown, Check>()

  /** Compiles on first use: recursive schemas compile once per subschema. */
  const compile = (schema: unknown, base: string): Check => {
    if (schema === false)
      return (_v, pointer, out) => fail(out, pointer, 'is not allowed')
    if (!isSchemaObject(schema))
      return pass
    let check = compiled.get(schema)
    if (!check) {
      let built: Check | undefined
      compiled.set(schema, check = (v, p, out, scope, ann) => (built ??= build(schema, base))(v, p, out, scope, ann))
    }
    return check
  }

  const build = (s: SchemaNode, inherited: string): Check => {
    const resource = ownId(s, dialect) !== undefined ? index.baseOf.get(s) || inherited : undefined
    const base = resource || inherited
    const checks: Check[] = []
    const num = (k: string) => typeof s[k] === 'number' ? s[k] as number : undefined
    const sub = (k: string) => s[k] === undefined ? undefined : compile(s[k], base)
    const subs = (k: string) => isArray(s[k]) ? (s[k] as unknown[]).map(x => compile(x, base)) : undefined
    const map = (k: string): SchemaNode => isSchemaObject(s[k]) ? s[k] as SchemaNode : {}
    const strings = (list: unknown) => isArray(list) ? list.filter(isString) as string[] : []
    /** A check of one value of the kind `is` accepts: `message` when `test` fails, at `key` below it if given. */
    const rule = (is: (v: any) => boolean, test: (v: any) => unknown, message: (v: any) => string, key?: string) => {
      const at = key === undefined ? '' : `/${escape(key)}`
      checks.push((v, pointer, out) => !is(v) || test(v) as boolean || fail(out, pointer + at, message(v)))
    }
    /** `min*` and `max*` of one size. */
    const range = (min: number | undefined, max: number | undefined, is: (v: any) => boolean, size: Size, say: Say) => {
      if ((min ?? max) !== undefined) {
        checks.push((v, pointer, out, scope, ann) => {
          if (!is(v))
            return true
          const n = size(v, scope, ann)
          let ok = true
          if (n < min!)
            ok = fail(out, pointer, say('least', min!, n))
          if (n > max!)
            ok = fail(out, pointer, say('most', max!, n))
          return ok
        })
      }
    }
    /** A check of each item of an array or property of an object: `keys` lists those it reads, if any. */
    const each = (keys: Keys, run: Run) => {
      checks.push((v, pointer, out, scope, ann) => {
        let ok = true
        // All of them when problems are collected (up to MAX_PROBLEMS), up to the first failure when only the verdict is wanted.
        for (const key of keys(v, ann) || []) {
          if (!run(key, `${pointer}/${escape(`${key}`)}`, v, out, scope, ann)) {
            ok = false
            if (!out || out.length >= MAX_PROBLEMS)
              break
          }
        }
        return ok
      })
    }

    const ref = (uri: string, dynamic?: boolean): Check => {
      const found = resolveRef(index, uri, base)
      if (!found) {
        // The setup check refuses such a schema; a direct caller still gets no silent pass.
        return (_v, pointer, out) => fail(out, pointer, `cannot be checked: the schema's reference ${show(uri)} does not resolve`)
      }
      const into = found.base
      const compiledTarget = compile(found.target, into)
      // Following a reference enters the target's resource: the dynamic scope records it.
      const target: Check = (v, pointer, out, scope, ann) => compiledTarget(v, pointer, out, enter(scope, into), ann)
      const fragment = uri.slice(uri.indexOf('#') + 1)
      // A $dynamicRef is dynamic only when it lands on a matching $dynamicAnchor.
      if (!dynamic || !uri.includes('#') || (found.target as SchemaNode | null)?.$dynamicAnchor !== fragment)
        return target
      return (v, pointer, out, scope, ann) => {
        // The outermost resource in scope with that anchor.
        let at: ReturnType<typeof resolveRef>
        for (let s = scope; s; s = s.up) {
          if (index.dynamicAnchors.get(s.base)?.has(fragment))
            at = resolveRef(index, `#${fragment}`, s.base)
        }
        return (at ? compile(at.target, at.base) : target)(v, pointer, out, scope, ann)
      }
    }

    if (typeof s.$ref === 'string') {
      checks.push(ref(s.$ref))
      // Draft 7: `$ref` replaces every other keyword beside it.
      if (dialect === 7)
        s = {}
    }
    if (typeof s.$dynamicRef === 'string')
      checks.push(ref(s.$dynamicRef, true))

    const bounds: [string, number][] = []
    for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
      // Draft 4's boolean `exclusiveMinimum` / `exclusiveMaximum` make `minimum` / `maximum` exclusive.
      if (typeof s[k] === 'number')
        bounds.push([(k.includes('in') ? '>' : '<') + (k[0] === 'e' || s[`exclusiveM${k.slice(1)}`] === true ? '' : '='), s[k] as number])
    }
    const rangeText = bounds.map(([op, n]) => `${op} ${n}`).join(' and ')

    const types = [s.type].flat().filter(isString) as string[]
    if (types.length) {
      const expected = types.map(t => (/^[aeiou]/.test(t) ? 'an ' : 'a ') + t).join(' or ') + (rangeText && /^(?:number|integer)$/.test(`${types}`) ? ` ${rangeText}` : '')
      rule(pass, v => types.some(t => matchesType(v, t)), v => `must be ${expected}, not ${typeOf(v)}`)
    }
    if (isArray(s.enum)) {
      const allowed = s.enum
      rule(pass, v => allowed.some(a => deepEqual(a, v)), () => oneOfValues(allowed))
    }
    if ('const' in s)
      rule(pass, v => deepEqual(s.const, v), () => `must be ${show(s.const)}`)

    // Draft 7 asserts string content; 2020-12 made it an annotation.
    const base64 = s.contentEncoding === 'base64'
    const json = s.contentMediaType === 'application/json'
    if (dialect === 7 && (base64 || json)) {
      rule(isString, (v: string) => {
        try {
          if (base64) {
            if (!/^[A-Z0-9+/]*={0,2}$/i.test(v) || v.length % 4)
              return false
            v = atob(v)
          }
          return !json || JSON.parse(v) || true
        }
        catch {
          return false
        }
      }, () => `must be ${[base64 && 'base64', json && 'JSON'].filter(Boolean).join('-encoded ')}`)
    }
    range(num('minLength'), num('maxLength'), isString, codePointLength, (bound, n) => `must be at ${bound} ${plural(n, 'character')} long`)
    if (typeof s.pattern === 'string') {
      const re = compilePattern(s.pattern)
      rule(isString, v => re?.test(v), () => re ? `must match the pattern ${show(s.pattern)}` : badPattern(s.pattern))
    }
    const format = typeof s.format === 'string' && formats[s.format]
    if (format)
      rule(isString, format, () => `must be a valid ${s.format}`)

    if (bounds.length)
      rule(isNumber, v => bounds.every(([op, n]) => (op[0] === '>' ? v > n : v < n) || (op[1] && v === n)), () => `must be ${s.type === 'integer' ? 'an integer' : 'a number'} ${rangeText}`)
    const multipleOf = num('multipleOf')!
    if (multipleOf > 0) {
      rule(isNumber, (v) => {
        const q = v / multipleOf
        return Number.isFinite(q) ? Math.abs(q - Math.round(q)) < 1e-9 : v % multipleOf === 0
      }, () => `must be a multiple of ${multipleOf}`)
    }

    range(num('minItems'), num('maxItems'), isArray, v => v.length, (bound, n) => `must have at ${bound} ${plural(n, 'item')}`)
    if (s.uniqueItems === true) {
      // Linear: each item's canonical text once, not every pair.
      checks.push((v, pointer, out) => {
        const seen = new Map<unknown, number>()
        return !isArray(v) || v.every((item, i) => {
          const key = typeof item === 'number' ? item : canonical(item)
          const first = seen.get(key)
          return first === undefined ? !!seen.set(key, i) : fail(out, pointer, `must not repeat items (items ${first} and ${i} are equal)`)
        })
      })
    }
    // `items` as a list is draft 7's tuple (2020-12's `prefixItems`), followed by `additionalItems`.
    const tuple = (isArray(s.items) ? s.items : dialect === 2020 && isArray(s.prefixItems) ? s.prefixItems : []).map(x => compile(x, base))
    const rest = sub(isArray(s.items) ? 'additionalItems' : 'items')
    if (tuple.length || rest) {
      each(v => isArray(v) && keysOf(rest ? v : v.slice(0, tuple.length)), (i, at, v, out, scope, ann) => {
        const check = tuple[i] ?? rest
        // Past the tuple, `true`: every item is evaluated.
        return !check || (ann?.add(tuple[i] ? i : true), check(v[i], at, out, scope, null))
      })
    }
    if (s.contains !== undefined) {
      const contains = compile(s.contains, base)
      range(
        dialect === 7 ? 1 : num('minContains') ?? 1,
        dialect === 7 ? undefined : num('maxContains'),
        isArray,
        (v: unknown[], scope, ann) => v.filter((item, i) => contains(item, '', null, scope, null) && (!ann || ann.add(i))).length,
        (bound, n, found) => `must contain at ${bound} ${plural(n, 'item')} matching the "contains" schema (found ${found})`,
      )
    }

    const properties = map('properties')
    for (const key of strings(s.required))
      rule(isSchemaObject, v => has(v, key), () => 'required', key)
    // `dependencies` (draft 7) holds both kinds; 2020-12 split it in two.
    const dependentSchemas: [string, Check][] = []
    for (const keyword of ['dependentRequired', 'dependentSchemas', 'dependencies']) {
      for (const [key, dep] of Object.entries(map(keyword))) {
        if (isArray(dep)) {
          for (const need of strings(dep))
            rule(isSchemaObject, v => !has(v, key) || has(v, need), () => `required when ${show(key)} is present`, need)
        }
        else {
          dependentSchemas.push([key, compile(dep, base)])
        }
      }
    }
    // Declared properties first, in the schema's order: the problems read like the form.
    for (const [key, sub] of Object.entries(properties)) {
      const check = compile(sub, base)
      const at = `/${escape(key)}`
      checks.push((v, pointer, out, scope, ann) => !isSchemaObject(v) || !has(v, key) || (ann?.add(key), check(v[key], pointer + at, out, scope, null)))
    }
    range(num('minProperties'), num('maxProperties'), isSchemaObject, v => Object.keys(v).length, (bound, n) => `must have at ${bound} ${n} properties`)
    const patterns = Object.entries(map('patternProperties')).map(([source, sub]) => [source, compilePattern(source), compile(sub, base)] as const)
    const additional = s.additionalProperties
    const extra = additional === false ? closed(Object.keys(properties)) : sub('additionalProperties')
    const names = sub('propertyNames')
    if (names || patterns.length || extra) {
      each(v => isSchemaObject(v) && keysOf(v), (key: string, at, v, out, scope, ann) => {
        let ok = true
        if (names) {
          const problems: Problems = out && []
          if (!names(key, at, problems, scope, null))
            ok = fail(out, at, `is not an allowed property name${problems?.length ? ` (the name ${problems.map(p => p.message).join('; ')})` : ''}`)
        }
        let matched = has(properties, key)
        for (const [source, re, check] of patterns) {
          if (!re) {
            ok = fail(out, at, badPattern(source))
          }
          else if (re.test(key)) {
            matched = true
            ok = check(v[key], at, out, scope, null) && ok
          }
        }
        if (!matched && extra) {
          ok = extra(v[key], at, out, scope, null) && ok
          matched = additional !== false
        }
        if (matched)
          ann?.add(key)
        return ok
      })
    }
    for (const [key, check] of dependentSchemas)
      checks.push((v, pointer, out, scope, ann) => !isSchemaObject(v) || !has(v, key) || check(v, pointer, out, scope, ann))

    checks.push(...subs('allOf') ?? [])
    for (const [keyword, word] of [['anyOf', 'at least'], ['oneOf', 'exactly']] as const) {
      const list = subs(keyword)
      if (!list)
        continue
      const any = keyword === 'anyOf'
      const alternatives = s[keyword] as unknown[]
      const text = `must match ${word} one of the allowed shapes`
      // A list of `const` alternatives (Chromium's `<select>` schema) reads as an enum.
      const message = alternatives.every(x => isSchemaObject(x) && 'const' in x) ? oneOfValues(alternatives.map(x => (x as SchemaNode).const)) : text
      checks.push((v, pointer, out, scope, ann) => {
        const own = ann && new Set()
        // Every branch runs: with annotations wanted, every passing one counts.
        const matches = list.filter(check => trial(check, v, pointer, scope, own)).length
        const ok = any ? matches > 0 : matches === 1
        if (ok)
          merge(ann, own)
        // Chromium's <select> schema has both enum and anyOf: one message is enough.
        return ok || (any && isArray(s.enum) && !!out?.some(p => p.pointer === pointer)) ? ok : fail(out, pointer, matches ? `${text}, but matches ${matches}` : message)
      })
    }
    const not = sub('not')
    if (not)
      checks.push((v, pointer, out, scope) => !not(v, pointer, null, scope, null) || fail(out, pointer, 'matches a shape that is not allowed'))
    if (s.if !== undefined) {
      const condition = compile(s.if, base)
      const then = compile(s.then, base)
      const otherwise = compile(s.else, base)
      checks.push((v, pointer, out, scope, ann) => (trial(condition, v, pointer, scope, ann) ? then : otherwise)(v, pointer, out, scope, ann))
    }

    // `unevaluatedItems` / `unevaluatedProperties`: after everything else beside them, on what it left.
    const items = sub('unevaluatedItems')
    const props = s.unevaluatedProperties === false ? closed([]) : sub('unevaluatedProperties')
    const unevaluated = dialect === 2020 && !!(items || props)
    if (unevaluated) {
      // `true` in the annotations: every item or property is evaluated.
      each((v, ann) => !ann!.has(true) && (isArray(v) ? items : isSchemaObject(v) && props) && keysOf(v), (key, at, v, out, scope, ann) =>
        ann!.has(key) || (ann!.add(true), (isArray(v) ? items : props)!(v[key], at, out, scope, null)))
    }

    return (v, pointer, out, scope, ann) => {
      if (resource)
        scope = enter(scope, resource)
      const own = unevaluated ? new Set() : ann
      let ok = true
      // A loop, not every(): this runs for each value checked.
      for (const check of checks) {
        if (!check(v, pointer, out, scope, own)) {
          ok = false
          if (!out || out.length >= MAX_PROBLEMS)
            break
        }
      }
      if (ok && unevaluated)
        merge(ann, own)
      return ok
    }
  }

  const check = compile(root, rootBase)
  const scope: Scope = { base: rootBase }
  return (v, out) => check(v, '', out, scope, null)
}
