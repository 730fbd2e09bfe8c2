// A JSON Schema validator for tool arguments: drafts 2020-12 and 7 (draft 7
// when the root's `$schema` says so). No Vue import, no `eval` or
// `new Function` (pages with a strict CSP must work); compiled lazily into
// closures and cached per schema object, so a page whose tools are never
// called pays nothing.
//
// Bounded cost for any argument: values nested deeper than MAX_DEPTH are
// refused before anything else runs, `uniqueItems` hashes instead of comparing
// pairs, and every keyword is linear in what it reads.
import type { Dialect, SchemaIndex, SchemaNode } from '../schemaIndex'
import type { ValidationProblem } from './problems'
import { escapePointer as escape, indexSchema, isSchemaObject, ownId, resolveRef } from '../schemaIndex'
import { codePointLength } from '../text'
import { depthProblem, MAX_PROBLEMS } from './problems'

// The setup check of such schemas, for production builds' definition checks: it loads with the validator.
export { schemaError } from '../schemaCheck'
export { formatProblems, MAX_DEPTH } from './problems'
export type { ValidationProblem } from './problems'

/** Collected annotations: what a schema evaluated, for `unevaluated*`. */
interface Annotations {
  props: Set<string>
  allProps: boolean
  items: number
  allItems: boolean
  itemSet: Set<number>
}

/** The resources entered so far, innermost first: the dynamic scope `$dynamicRef` searches. */
interface Scope { base: string, up?: Scope }

/** Checks one value. `out` null: only the verdict is wanted, so stop at the first problem. */
type Check = (v: unknown, pointer: string, out: ValidationProblem[] | null, scope: Scope | undefined, ann: Annotations | null) => boolean

const cache = new WeakMap<object, Check>()

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
  if (schema === undefined || schema === null || schema === true)
    return []
  const tooDeep = depthProblem(value)
  if (tooDeep)
    return [tooDeep]
  let check = typeof schema === 'object' ? cache.get(schema) : undefined
  if (!check) {
    check = new Compiler(schema).root
    if (typeof schema === 'object')
      cache.set(schema, check)
  }
  const out: ValidationProblem[] = []
  try {
    check(value, '', out, undefined, null)
  }
  catch (error) {
    // Only an author's schema nested thousands of levels in place gets here.
    if (!(error instanceof RangeError))
      throw error
    return [{ pointer: '', message: 'cannot be checked: the tool\'s schema nests too deeply' }]
  }
  return out.slice(0, MAX_PROBLEMS)
}

function typeOf(value: unknown): string {
  if (value === null)
    return 'null'
  if (Array.isArray(value))
    return 'array'
  return typeof value
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer': return typeof value === 'number' && Number.isInteger(value)
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'array': return Array.isArray(value)
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value)
    case 'null': return value === null
    case 'string': return typeof value === 'string'
    case 'boolean': return typeof value === 'boolean'
    default: return false // not one of JSON Schema's seven types: no JSON value has it
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b)
    return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return false
  if (Array.isArray(a) !== Array.isArray(b))
    return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length)
    return false
  return ka.every(k => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** A text equal for equal JSON values (keys sorted, 1 and 1.0 alike): `uniqueItems` in linear time. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object')
    return typeof v === 'string' ? JSON.stringify(v) : String(v)
  if (Array.isArray(v))
    return `[${v.map(canonical).join(',')}]`
  return `{${Object.keys(v).sort().map(k => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value)
const article = (type: string): string => (type === 'integer' || type === 'array' || type === 'object' ? 'an ' : 'a ') + type
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

const pass: Check = () => true

function fail(out: ValidationProblem[] | null, pointer: string, message: string): false {
  out?.push({ pointer, message })
  return false
}

const newAnnotations = (): Annotations => ({ props: new Set(), allProps: false, items: 0, allItems: false, itemSet: new Set() })

function merge(into: Annotations | null, from: Annotations): void {
  if (!into)
    return
  from.props.forEach(p => into.props.add(p))
  from.itemSet.forEach(i => into.itemSet.add(i))
  into.allProps ||= from.allProps
  into.allItems ||= from.allItems
  into.items = Math.max(into.items, from.items)
}

/** Runs `check` on its own: problems and annotations kept only if the caller wants them. */
function trial(check: Check, v: unknown, pointer: string, scope: Scope | undefined, ann: Annotations | null, problems?: ValidationProblem[]): boolean {
  const own = ann ? newAnnotations() : null
  const ok = check(v, pointer, problems ?? null, scope, own)
  if (ok && own)
    merge(ann, own)
  return ok
}

type Op = '>=' | '>' | '<=' | '<'

function numericBounds(s: SchemaNode): [Op, number][] {
  const bounds: [Op, number][] = []
  const num = (v: unknown) => typeof v === 'number' ? v : undefined
  const min = num(s.minimum)
  const max = num(s.maximum)
  if (min !== undefined)
    bounds.push([s.exclusiveMinimum === true ? '>' : '>=', min])
  if (max !== undefined)
    bounds.push([s.exclusiveMaximum === true ? '<' : '<=', max])
  const exMin = num(s.exclusiveMinimum)
  const exMax = num(s.exclusiveMaximum)
  if (exMin !== undefined)
    bounds.push(['>', exMin])
  if (exMax !== undefined)
    bounds.push(['<', exMax])
  return bounds
}

function compare(v: number, op: Op, n: number): boolean {
  return op === '>=' ? v >= n : op === '>' ? v > n : op === '<=' ? v <= n : v < n
}

function isMultiple(v: number, of: number): boolean {
  const q = v / of
  if (!Number.isFinite(q))
    return v % of === 0
  return Math.abs(q - Math.round(q)) < 1e-9
}

/** A pattern compiled as JSON Schema requires (ECMA-262 with the `u` flag), or null if it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u')
  }
  catch {
    return null
  }
}

/** A list of `const` alternatives (Chromium's `<select>` schema) reads as an enum. */
function alternativesMessage(list: unknown[], fallback: string): string {
  const consts = list.every(sub => isSchemaObject(sub) && 'const' in sub)
  return consts ? `must be one of ${list.map(sub => show((sub as { const: unknown }).const)).join(', ')}` : fallback
}

class Compiler {
  private index: SchemaIndex
  private dialect: Dialect
  private compiled = new Map<unknown, Check>()
  readonly root: Check

  constructor(root: unknown) {
    this.index = indexSchema(root)
    this.dialect = this.index.dialect
    const check = this.compile(root, this.index.rootBase)
    const scope: Scope = { base: this.index.rootBase }
    this.root = (v, pointer, out, _scope, ann) => check(v, pointer, out, scope, ann)
  }

  /** Compiles on first use: recursive schemas compile once per subschema. */
  private compile(schema: unknown, base: string): Check {
    if (schema === true || (isSchemaObject(schema) && Object.keys(schema).length === 0))
      return pass
    if (schema === false)
      return (_v, pointer, out) => fail(out, pointer, 'is not allowed')
    if (!isSchemaObject(schema))
      return pass
    const known = this.compiled.get(schema)
    if (known)
      return known
    let built: Check | undefined
    const check: Check = (v, p, out, scope, ann) => (built ??= this.build(schema, base))(v, p, out, scope, ann)
    this.compiled.set(schema, check)
    return check
  }

  private build(s: SchemaNode, inherited: string): Check {
    const id = ownId(s, this.dialect)
    const base = (id !== undefined && this.index.baseOf.get(s)) || inherited
    const checks: Check[] = []
    // Draft 7: `$ref` replaces every other keyword beside it.
    const onlyRef = this.dialect === 7 && typeof s.$ref === 'string'
    if (typeof s.$ref === 'string')
      checks.push(this.ref(s.$ref, base, false))
    if (!onlyRef) {
      if (typeof s.$dynamicRef === 'string')
        checks.push(this.ref(s.$dynamicRef, base, true))
      this.basics(s, checks)
      this.strings(s, checks)
      this.numbers(s, checks)
      this.arrays(s, checks, base)
      this.objects(s, checks, base)
      this.combinators(s, checks, base)
    }
    const unevaluated = onlyRef ? [] : this.unevaluated(s, base)
    const resource = id !== undefined ? base : undefined
    const n = checks.length
    return (v, pointer, out, scope, ann) => {
      if (resource && scope?.base !== resource)
        scope = { base: resource, up: scope }
      const own = unevaluated.length ? newAnnotations() : ann
      let ok = true
      for (let i = 0; i < n; i++) {
        if (!checks[i]!(v, pointer, out, scope, own)) {
          ok = false
          if (!out || out.length >= MAX_PROBLEMS)
            return false
        }
      }
      for (const check of unevaluated) {
        if (!check(v, pointer, out, scope, own))
          ok = false
      }
      if (ok && own && own !== ann)
        merge(ann, own)
      return ok
    }
  }

  private ref(ref: string, base: string, dynamic: boolean): Check {
    const found = resolveRef(this.index, ref, base)
    if (!found) {
      // The setup check refuses such a schema; a direct caller still gets no silent pass.
      return (_v, pointer, out) => fail(out, pointer, `cannot be checked: the schema's reference ${show(ref)} does not resolve`)
    }
    const compiled = this.compile(found.target, found.base)
    // Following a reference enters the target's resource: the dynamic scope records it.
    const into = found.base
    const target: Check = (v, pointer, out, scope, ann) => compiled(v, pointer, out, scope?.base === into ? scope : { base: into, up: scope }, ann)
    const fragment = ref.slice(ref.indexOf('#') + 1)
    // A $dynamicRef is dynamic only when it lands on a matching $dynamicAnchor.
    if (!dynamic || !ref.includes('#') || !isSchemaObject(found.target) || found.target.$dynamicAnchor !== fragment)
      return target
    return (v, pointer, out, scope, ann) => {
      let outermost: string | undefined
      for (let s = scope; s; s = s.up) {
        if (this.index.dynamicAnchors.get(s.base)?.has(fragment))
          outermost = s.base
      }
      if (outermost === undefined)
        return target(v, pointer, out, scope, ann)
      const at = resolveRef(this.index, `#${fragment}`, outermost)!
      return this.compile(at.target, at.base)(v, pointer, out, scope, ann)
    }
  }

  private basics(s: SchemaNode, checks: Check[]): void {
    const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : undefined
    const bounds = numericBounds(s)
    const rangeText = bounds.map(([op, n]) => `${op} ${n}`).join(' and ')
    if (types?.length) {
      const numeric = types.length === 1 && (types[0] === 'number' || types[0] === 'integer')
      const expected = `${types.map(article).join(' or ')}${rangeText && numeric ? ` ${rangeText}` : ''}`
      const only = types.length === 1 ? types[0]! : undefined
      checks.push((v, pointer, out) => (only ? matchesType(v, only) : types.some(t => matchesType(v, t))) || fail(out, pointer, `must be ${expected}, not ${typeOf(v)}`))
    }
    if (Array.isArray(s.enum)) {
      const allowed = s.enum
      const text = allowed.map(show).join(', ')
      checks.push((v, pointer, out) => allowed.some(a => deepEqual(a, v)) || fail(out, pointer, `must be one of ${text}`))
    }
    if ('const' in s) {
      const expected = s.const
      checks.push((v, pointer, out) => deepEqual(expected, v) || fail(out, pointer, `must be ${show(expected)}`))
    }
  }

  private strings(s: SchemaNode, checks: Check[]): void {
    const min = typeof s.minLength === 'number' ? s.minLength : undefined
    const max = typeof s.maxLength === 'number' ? s.maxLength : undefined
    const pattern = typeof s.pattern === 'string' ? compilePattern(s.pattern) : undefined
    const format = typeof s.format === 'string' ? formats[s.format] : undefined
    // Draft 7 asserts string content; 2020-12 made it an annotation.
    const content = this.dialect === 7 && (s.contentEncoding === 'base64' || s.contentMediaType === 'application/json')
      ? (v: string) => decodeContent(v, s.contentEncoding === 'base64', s.contentMediaType === 'application/json')
      : undefined
    if (content)
      checks.push((v, pointer, out) => typeof v !== 'string' || content(v) || fail(out, pointer, `must be ${s.contentEncoding === 'base64' ? 'base64' : ''}${s.contentMediaType === 'application/json' ? `${s.contentEncoding === 'base64' ? '-encoded ' : ''}JSON` : ''}`))
    if (min === undefined && max === undefined && pattern === undefined && !format)
      return
    checks.push((v, pointer, out) => {
      if (typeof v !== 'string')
        return true
      let ok = true
      if (min !== undefined || max !== undefined) {
        const length = codePointLength(v)
        if (min !== undefined && length < min)
          ok = fail(out, pointer, `must be at least ${plural(min, 'character')} long`)
        if (max !== undefined && length > max)
          ok = fail(out, pointer, `must be at most ${plural(max, 'character')} long`)
      }
      if (pattern === null)
        ok = fail(out, pointer, `cannot be checked: the schema's pattern ${show(s.pattern)} is not a valid regular expression`)
      else if (pattern && !pattern.test(v))
        ok = fail(out, pointer, `must match the pattern ${show(s.pattern)}`)
      if (format && !format(v))
        ok = fail(out, pointer, `must be a valid ${s.format}`)
      return ok
    })
  }

  private numbers(s: SchemaNode, checks: Check[]): void {
    const bounds = numericBounds(s)
    const multipleOf = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined
    if (!bounds.length && multipleOf === undefined)
      return
    const word = s.type === 'integer' ? 'an integer' : 'a number'
    const rangeText = bounds.map(([op, n]) => `${op} ${n}`).join(' and ')
    checks.push((v, pointer, out) => {
      if (typeof v !== 'number')
        return true
      let ok = true
      if (bounds.some(([op, n]) => !compare(v, op, n)))
        ok = fail(out, pointer, `must be ${word} ${rangeText}`)
      if (multipleOf !== undefined && !isMultiple(v, multipleOf))
        ok = fail(out, pointer, `must be a multiple of ${multipleOf}`)
      return ok
    })
  }

  private arrays(s: SchemaNode, checks: Check[], base: string): void {
    // `items` as a list is draft 7's tuple (2020-12's `prefixItems`), followed by `additionalItems`.
    const tupleSchemas = Array.isArray(s.items) ? s.items : this.dialect === 2020 && Array.isArray(s.prefixItems) ? s.prefixItems : undefined
    const tuple = tupleSchemas?.map(item => this.compile(item, base))
    const restSchema = Array.isArray(s.items) ? s.additionalItems : s.items
    const rest = restSchema !== undefined ? this.compile(restSchema, base) : undefined
    const min = typeof s.minItems === 'number' ? s.minItems : undefined
    const max = typeof s.maxItems === 'number' ? s.maxItems : undefined
    const unique = s.uniqueItems === true
    const contains = s.contains !== undefined ? this.compile(s.contains, base) : undefined
    const minContains = this.dialect === 2020 && typeof s.minContains === 'number' ? s.minContains : 1
    const maxContains = this.dialect === 2020 && typeof s.maxContains === 'number' ? s.maxContains : undefined
    if (!tuple && !rest && min === undefined && max === undefined && !unique && !contains)
      return
    checks.push((v, pointer, out, scope, ann) => {
      if (!Array.isArray(v))
        return true
      let ok = true
      if (min !== undefined && v.length < min)
        ok = fail(out, pointer, `must have at least ${plural(min, 'item')}`)
      if (max !== undefined && v.length > max)
        ok = fail(out, pointer, `must have at most ${plural(max, 'item')}`)
      if (unique && !uniqueItems(v, pointer, out)) {
        ok = false
        if (!out)
          return false
      }
      const prefix = tuple ? Math.min(tuple.length, v.length) : 0
      for (let i = 0; i < v.length; i++) {
        if (out && out.length >= MAX_PROBLEMS)
          break
        const check = i < prefix ? tuple![i] : rest
        if (!check)
          break
        if (!check(v[i], `${pointer}/${i}`, out, scope, null)) {
          ok = false
          if (!out)
            return false
        }
      }
      if (ann) {
        ann.items = Math.max(ann.items, prefix)
        if (rest)
          ann.allItems = true
      }
      if (contains) {
        let matches = 0
        for (let i = 0; i < v.length; i++) {
          if (contains(v[i], `${pointer}/${i}`, null, scope, null)) {
            matches++
            ann?.itemSet.add(i)
          }
        }
        if (matches < minContains)
          ok = fail(out, pointer, `must contain at least ${plural(minContains, 'item')} matching the "contains" schema (found ${matches})`)
        if (maxContains !== undefined && matches > maxContains)
          ok = fail(out, pointer, `must contain at most ${plural(maxContains, 'item')} matching the "contains" schema (found ${matches})`)
      }
      return ok
    })
  }

  private objects(s: SchemaNode, checks: Check[], base: string): void {
    const properties = isSchemaObject(s.properties) ? s.properties : undefined
    const propertyChecks = new Map<string, Check>()
    if (properties) {
      for (const key of Object.keys(properties))
        propertyChecks.set(key, this.compile(properties[key], base))
    }
    const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === 'string') : []
    const patterns = isSchemaObject(s.patternProperties)
      ? Object.entries(s.patternProperties).map(([p, sub]) => [p, compilePattern(p), this.compile(sub, base)] as const)
      : []
    const additional = s.additionalProperties
    const additionalCheck = additional !== undefined && additional !== false ? this.compile(additional, base) : undefined
    const minProps = typeof s.minProperties === 'number' ? s.minProperties : undefined
    const maxProps = typeof s.maxProperties === 'number' ? s.maxProperties : undefined
    const names = s.propertyNames !== undefined ? this.compile(s.propertyNames, base) : undefined
    // `dependencies` (draft 7) holds both kinds; 2020-12 split it in two.
    const dependentRequired: [string, string[]][] = []
    const dependentSchemas: [string, Check][] = []
    for (const keyword of ['dependentRequired', 'dependentSchemas', 'dependencies']) {
      const map = s[keyword]
      if (!isSchemaObject(map))
        continue
      for (const [key, dep] of Object.entries(map)) {
        if (Array.isArray(dep))
          dependentRequired.push([key, dep.filter((k): k is string => typeof k === 'string')])
        else
          dependentSchemas.push([key, this.compile(dep, base)])
      }
    }
    if (!propertyChecks.size && !required.length && !patterns.length && additional === undefined
      && minProps === undefined && maxProps === undefined && !names && !dependentRequired.length && !dependentSchemas.length) {
      return
    }
    const allowed = [...propertyChecks.keys()]
    const has = (o: object, k: string) => Object.hasOwn(o, k)
    checks.push((v, pointer, out, scope, ann) => {
      if (!isSchemaObject(v))
        return true
      const object = v
      let ok = true
      // Records a problem; true when the caller only wants the verdict, so stop.
      const bad = (): boolean => {
        ok = false
        return !out
      }
      for (const key of required) {
        if (!has(object, key) && (fail(out, `${pointer}/${escape(key)}`, 'required'), bad()))
          return false
      }
      for (const [key, needs] of dependentRequired) {
        if (!has(object, key))
          continue
        for (const need of needs) {
          if (!has(object, need) && (fail(out, `${pointer}/${escape(need)}`, `required when ${show(key)} is present`), bad()))
            return false
        }
      }
      // Declared properties first, in the schema's order: the problems read like the form.
      for (const [key, check] of propertyChecks) {
        if (!has(object, key))
          continue
        ann?.props.add(key)
        if (!check(object[key], `${pointer}/${escape(key)}`, out, scope, null) && bad())
          return false
      }
      const keys = Object.keys(object)
      if (minProps !== undefined && keys.length < minProps && (fail(out, pointer, `must have at least ${minProps} properties`), bad()))
        return false
      if (maxProps !== undefined && keys.length > maxProps && (fail(out, pointer, `must have at most ${maxProps} properties`), bad()))
        return false
      for (const key of keys) {
        if (out && out.length >= MAX_PROBLEMS)
          return false
        const at = `${pointer}/${escape(key)}`
        const value = object[key]
        if (names) {
          const problems: ValidationProblem[] | undefined = out ? [] : undefined
          if (!trial(names, key, at, scope, null, problems)) {
            const reasons = problems?.map(p => p.message).join('; ')
            if ((fail(out, at, `is not an allowed property name${reasons ? ` (the name ${reasons})` : ''}`), bad()))
              return false
          }
        }
        let matched = propertyChecks.has(key)
        for (const [source, re, check] of patterns) {
          if (re === null) {
            if ((fail(out, at, `cannot be checked: the schema's pattern ${show(source)} is not a valid regular expression`), bad()))
              return false
            continue
          }
          if (re.test(key)) {
            matched = true
            if (!check(value, at, out, scope, null) && bad())
              return false
          }
        }
        if (matched) {
          ann?.props.add(key)
          continue
        }
        if (additional === false) {
          if ((fail(out, at, `is not an allowed property${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`), bad()))
            return false
        }
        else if (additionalCheck) {
          ann?.props.add(key)
          if (!additionalCheck(value, at, out, scope, null) && bad())
            return false
        }
      }
      for (const [key, check] of dependentSchemas) {
        if (has(object, key) && !check(v, pointer, out, scope, ann) && bad())
          return false
      }
      return ok
    })
  }

  private combinators(s: SchemaNode, checks: Check[], base: string): void {
    const compileList = (list: unknown) => Array.isArray(list) ? list.map(sub => this.compile(sub, base)) : undefined
    const allOf = compileList(s.allOf)
    if (allOf) {
      checks.push((v, pointer, out, scope, ann) => {
        let ok = true
        for (const check of allOf) {
          if (!check(v, pointer, out, scope, ann)) {
            ok = false
            if (!out)
              return false
          }
        }
        return ok
      })
    }
    const anyOf = compileList(s.anyOf)
    if (anyOf) {
      const message = alternativesMessage(s.anyOf as unknown[], 'must match at least one of the allowed shapes')
      const hasEnum = Array.isArray(s.enum)
      checks.push((v, pointer, out, scope, ann) => {
        let ok = false
        for (const check of anyOf) {
          // With annotations wanted, every passing branch counts.
          if (trial(check, v, pointer, scope, ann)) {
            ok = true
            if (!ann)
              break
          }
        }
        // Chromium's <select> schema has both enum and anyOf: one message is enough.
        return ok || (hasEnum && !!out?.some(p => p.pointer === pointer)) ? ok : fail(out, pointer, message)
      })
    }
    const oneOf = compileList(s.oneOf)
    if (oneOf) {
      const message = alternativesMessage(s.oneOf as unknown[], 'must match exactly one of the allowed shapes')
      checks.push((v, pointer, out, scope, ann) => {
        let matches = 0
        const own = ann ? newAnnotations() : null
        for (const check of oneOf) {
          if (trial(check, v, pointer, scope, own))
            matches++
        }
        if (matches === 1 && own)
          merge(ann, own)
        return matches === 1 || fail(out, pointer, matches ? `must match exactly one of the allowed shapes, but matches ${matches}` : message)
      })
    }
    if (s.not !== undefined) {
      const not = this.compile(s.not, base)
      checks.push((v, pointer, out, scope) => !not(v, pointer, null, scope, null) || fail(out, pointer, 'matches a shape that is not allowed'))
    }
    if (s.if !== undefined) {
      const condition = this.compile(s.if, base)
      const then = s.then !== undefined ? this.compile(s.then, base) : pass
      const otherwise = s.else !== undefined ? this.compile(s.else, base) : pass
      checks.push((v, pointer, out, scope, ann) => trial(condition, v, pointer, scope, ann)
        ? then(v, pointer, out, scope, ann)
        : otherwise(v, pointer, out, scope, ann))
    }
  }

  /** `unevaluatedItems` / `unevaluatedProperties`: run after everything else beside them. */
  private unevaluated(s: SchemaNode, base: string): Check[] {
    if (this.dialect === 7)
      return []
    const checks: Check[] = []
    if (s.unevaluatedItems !== undefined) {
      const check = this.compile(s.unevaluatedItems, base)
      checks.push((v, pointer, out, scope, ann) => {
        if (!Array.isArray(v) || !ann || ann.allItems)
          return true
        let ok = true
        for (let i = ann.items; i < v.length; i++) {
          if (!ann.itemSet.has(i) && !check(v[i], `${pointer}/${i}`, out, scope, null)) {
            ok = false
            if (!out)
              return false
          }
        }
        ann.allItems = true
        return ok
      })
    }
    if (s.unevaluatedProperties !== undefined) {
      const check = this.compile(s.unevaluatedProperties, base)
      const closed = s.unevaluatedProperties === false
      checks.push((v, pointer, out, scope, ann) => {
        if (!isSchemaObject(v) || !ann || ann.allProps)
          return true
        let ok = true
        for (const key of Object.keys(v)) {
          if (ann.props.has(key))
            continue
          const at = `${pointer}/${escape(key)}`
          if (closed ? !fail(out, at, 'is not an allowed property') : !check(v[key], at, out, scope, null)) {
            ok = false
            if (!out)
              return false
          }
        }
        ann.allProps = true
        return ok
      })
    }
    return checks
  }
}

function decodeContent(v: string, base64: boolean, json: boolean): boolean {
  let text = v
  if (base64) {
    if (!/^[A-Z0-9+/]*={0,2}$/i.test(v) || v.length % 4 !== 0)
      return false
    text = atob(v)
  }
  if (json) {
    try {
      JSON.parse(text)
    }
    catch {
      return false
    }
  }
  return true
}

/** `uniqueItems` in linear time: primitives by value, objects and arrays by their canonical text. */
function uniqueItems(v: unknown[], pointer: string, out: ValidationProblem[] | null): boolean {
  const primitives = new Map<unknown, number>()
  const structured = new Map<string, number>()
  for (let i = 0; i < v.length; i++) {
    const item = v[i]
    const seen: Map<unknown, number> = item !== null && typeof item === 'object' ? structured : primitives
    const key = item !== null && typeof item === 'object' ? canonical(item) : item
    const first = seen.get(key)
    if (first !== undefined)
      return fail(out, pointer, `must not repeat items (items ${first} and ${i} are equal)`)
    seen.set(key, i)
  }
  return true
}
