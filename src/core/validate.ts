// A JSON Schema validator for tool arguments. No Vue import, no `eval` or
// `new Function` (pages with a strict CSP must work), compiled lazily into
// closures and cached per schema object, so a page whose tools are never
// called pays nothing.
//
// Covers what Chromium emits for declarative forms and what tool authors
// write: type (with `integer` and arrays of types), properties, required,
// additionalProperties, patternProperties, min/maxProperties, enum, const,
// anyOf, oneOf, allOf, not, items (schema or tuple), prefixItems, min/maxItems,
// uniqueItems, min/maxLength (in code points), pattern, minimum, maximum,
// exclusiveMinimum/Maximum (number and draft-4 boolean forms), multipleOf,
// format (date, date-time, email, uri) and local `$ref`s (`#/...`). Unknown
// keywords are ignored.
import { codePointLength } from './text'

export interface ValidationProblem {
  /** JSON pointer to the offending value; `''` is the arguments object itself. */
  pointer: string
  message: string
}

type Check = (value: unknown, pointer: string, out: ValidationProblem[]) => void
type Schema = Record<string, unknown> | boolean

/** The most problems reported for one call; enough to fix it, short enough to read. */
const MAX_PROBLEMS = 20

const cache = new WeakMap<object, Check>()

/** Validates `value` against `schema`; an empty array means valid (or no schema). */
export function validateArgs(value: unknown, schema: unknown): ValidationProblem[] {
  if (schema === null || typeof schema !== 'object')
    return []
  let check = cache.get(schema)
  if (!check) {
    check = new Compiler(schema as Record<string, unknown>).compile(schema as Schema)
    cache.set(schema, check)
  }
  const out: ValidationProblem[] = []
  check(value, '', out)
  return out.slice(0, MAX_PROBLEMS)
}

/** `/size: must be one of "1", "2"`, one line per problem. */
export function formatProblems(problems: readonly ValidationProblem[]): string {
  return problems.map(p => `${p.pointer || '(arguments)'}: ${p.message}`).join('\n')
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
    default: return typeof value === type
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
  const kb = Object.keys(b)
  if (ka.length !== kb.length)
    return false
  return ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value)
const article = (type: string): string => (type === 'integer' || type === 'array' || type === 'object' ? 'an ' : 'a ') + type

const FORMATS: Record<string, (value: string) => boolean> = {
  'date': isDate,
  'date-time': (v) => {
    const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.exec(v)
    return !!m && isDate(m[1]!) && +m[2]! < 24 && +m[3]! < 60 && +m[4]! < 61
  },
  'email': v => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(v),
  'uri': v => /^[a-z][\w+.-]*:\S*$/i.test(v),
}

function isDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m)
    return false
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!]
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days[mo - 1]!
}

class Compiler {
  private refs = new Map<string, Check>()
  constructor(private root: Record<string, unknown>) {}

  compile(schema: Schema | undefined): Check {
    if (schema === undefined || schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0))
      return () => {}
    if (schema === false)
      return (_v, pointer, out) => { out.push({ pointer, message: 'is not allowed' }) }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      return () => {}
    const checks: Check[] = []
    const s = schema

    if (typeof s.$ref === 'string')
      checks.push(this.ref(s.$ref))

    const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : undefined
    const rangeText = numericRange(s)
    if (types?.length) {
      const expected = types.map(article).join(' or ')
      checks.push((v, pointer, out) => {
        if (!types.some(t => matchesType(v, t)))
          out.push({ pointer, message: `must be ${expected}${rangeText && types.length === 1 && (types[0] === 'number' || types[0] === 'integer') ? ` ${rangeText}` : ''}, not ${typeOf(v)}` })
      })
    }
    if (Array.isArray(s.enum)) {
      const allowed = s.enum
      const text = allowed.map(show).join(', ')
      checks.push((v, pointer, out) => {
        if (!allowed.some(a => deepEqual(a, v)))
          out.push({ pointer, message: `must be one of ${text}` })
      })
    }
    if ('const' in s) {
      const expected = s.const
      checks.push((v, pointer, out) => {
        if (!deepEqual(expected, v))
          out.push({ pointer, message: `must be ${show(expected)}` })
      })
    }
    this.strings(s, checks)
    this.numbers(s, checks, rangeText)
    this.arrays(s, checks)
    this.objects(s, checks)
    this.combinators(s, checks)

    if (checks.length === 1)
      return checks[0]!
    return (v, pointer, out) => {
      for (const check of checks) {
        if (out.length >= MAX_PROBLEMS)
          return
        check(v, pointer, out)
      }
    }
  }

  private ref(ref: string): Check {
    const known = this.refs.get(ref)
    if (known)
      return known
    let compiled: Check | undefined
    const lazy: Check = (v, p, out) => {
      if (!compiled) {
        const target = resolvePointer(this.root, ref)
        compiled = target === undefined ? () => {} : this.compile(target as Schema)
      }
      compiled(v, p, out)
    }
    this.refs.set(ref, lazy)
    return lazy
  }

  private strings(s: Record<string, unknown>, checks: Check[]): void {
    const min = typeof s.minLength === 'number' ? s.minLength : undefined
    const max = typeof s.maxLength === 'number' ? s.maxLength : undefined
    let pattern: RegExp | undefined
    if (typeof s.pattern === 'string') {
      try {
        pattern = new RegExp(s.pattern, 'u')
      }
      catch {
        // An invalid pattern is the author's bug; it must not break calls.
      }
    }
    const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined
    if (min === undefined && max === undefined && !pattern && !format)
      return
    checks.push((v, pointer, out) => {
      if (typeof v !== 'string')
        return
      if (min !== undefined || max !== undefined) {
        const length = codePointLength(v)
        if (min !== undefined && length < min)
          out.push({ pointer, message: `must be at least ${min} characters long` })
        if (max !== undefined && length > max)
          out.push({ pointer, message: `must be at most ${max} characters long` })
      }
      if (pattern && !pattern.test(v))
        out.push({ pointer, message: `must match the pattern ${show(s.pattern)}` })
      if (format && !format(v))
        out.push({ pointer, message: `must be a valid ${s.format}` })
    })
  }

  private numbers(s: Record<string, unknown>, checks: Check[], rangeText: string): void {
    const bounds = numericBounds(s)
    const multipleOf = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined
    if (!bounds.length && multipleOf === undefined)
      return
    const word = s.type === 'integer' ? 'an integer' : 'a number'
    checks.push((v, pointer, out) => {
      if (typeof v !== 'number')
        return
      if (bounds.some(([op, n]) => !compare(v, op, n)))
        out.push({ pointer, message: `must be ${word} ${rangeText}` })
      if (multipleOf !== undefined) {
        const q = v / multipleOf
        if (Math.abs(q - Math.round(q)) > 1e-9)
          out.push({ pointer, message: `must be a multiple of ${multipleOf}` })
      }
    })
  }

  private arrays(s: Record<string, unknown>, checks: Check[]): void {
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined
    const tupleChecks = tuple?.map(item => this.compile(item as Schema))
    const rest = !Array.isArray(s.items) && s.items !== undefined ? this.compile(s.items as Schema) : undefined
    const min = typeof s.minItems === 'number' ? s.minItems : undefined
    const max = typeof s.maxItems === 'number' ? s.maxItems : undefined
    const unique = s.uniqueItems === true
    if (!tupleChecks && !rest && min === undefined && max === undefined && !unique)
      return
    checks.push((v, pointer, out) => {
      if (!Array.isArray(v))
        return
      if (min !== undefined && v.length < min)
        out.push({ pointer, message: `must have at least ${min} item${min === 1 ? '' : 's'}` })
      if (max !== undefined && v.length > max)
        out.push({ pointer, message: `must have at most ${max} item${max === 1 ? '' : 's'}` })
      if (unique) {
        outer: for (let i = 1; i < v.length; i++) {
          for (let j = 0; j < i; j++) {
            if (deepEqual(v[i], v[j])) {
              out.push({ pointer, message: `must not repeat items (items ${j} and ${i} are equal)` })
              break outer
            }
          }
        }
      }
      for (let i = 0; i < v.length && out.length < MAX_PROBLEMS; i++) {
        const check = tupleChecks && i < tupleChecks.length ? tupleChecks[i] : rest
        check?.(v[i], `${pointer}/${i}`, out)
      }
    })
  }

  private objects(s: Record<string, unknown>, checks: Check[]): void {
    const properties = s.properties && typeof s.properties === 'object' ? s.properties as Record<string, Schema> : undefined
    const propertyChecks = properties ? Object.keys(properties).map(k => [k, this.compile(properties[k])] as const) : []
    const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === 'string') : []
    const patterns = s.patternProperties && typeof s.patternProperties === 'object'
      ? Object.entries(s.patternProperties as Record<string, Schema>).flatMap(([p, sub]) => {
          try {
            return [[new RegExp(p, 'u'), this.compile(sub)] as const]
          }
          catch {
            return []
          }
        })
      : []
    const additional = s.additionalProperties
    const additionalCheck = additional !== undefined && additional !== true && additional !== false ? this.compile(additional as Schema) : undefined
    const minProps = typeof s.minProperties === 'number' ? s.minProperties : undefined
    const maxProps = typeof s.maxProperties === 'number' ? s.maxProperties : undefined
    if (!propertyChecks.length && !required.length && !patterns.length && additional === undefined && minProps === undefined && maxProps === undefined)
      return
    const allowed = properties ? Object.keys(properties) : []
    checks.push((v, pointer, out) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v))
        return
      const object = v as Record<string, unknown>
      for (const key of required) {
        if (!Object.prototype.hasOwnProperty.call(object, key))
          out.push({ pointer: `${pointer}/${escape(key)}`, message: 'required' })
      }
      for (const [key, check] of propertyChecks) {
        if (Object.prototype.hasOwnProperty.call(object, key))
          check(object[key], `${pointer}/${escape(key)}`, out)
      }
      const keys = Object.keys(object)
      if (minProps !== undefined && keys.length < minProps)
        out.push({ pointer, message: `must have at least ${minProps} properties` })
      if (maxProps !== undefined && keys.length > maxProps)
        out.push({ pointer, message: `must have at most ${maxProps} properties` })
      for (const key of keys) {
        if (out.length >= MAX_PROBLEMS)
          return
        let matched = allowed.includes(key)
        for (const [re, check] of patterns) {
          if (re.test(key)) {
            matched = true
            check(object[key], `${pointer}/${escape(key)}`, out)
          }
        }
        if (matched)
          continue
        if (additional === false)
          out.push({ pointer: `${pointer}/${escape(key)}`, message: `is not an allowed property${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}` })
        else
          additionalCheck?.(object[key], `${pointer}/${escape(key)}`, out)
      }
    })
  }

  private combinators(s: Record<string, unknown>, checks: Check[]): void {
    const compileList = (list: unknown) => Array.isArray(list) ? list.map(sub => this.compile(sub as Schema)) : undefined
    const allOf = compileList(s.allOf)
    if (allOf)
      checks.push((v, pointer, out) => allOf.forEach(check => check(v, pointer, out)))
    const anyOf = compileList(s.anyOf)
    if (anyOf) {
      const message = alternativesMessage(s.anyOf as unknown[], 'must match at least one of the allowed shapes')
      const hasEnum = Array.isArray(s.enum)
      checks.push((v, pointer, out) => {
        if (!anyOf.some(check => passes(check, v)) && !(hasEnum && out.some(p => p.pointer === pointer)))
          out.push({ pointer, message })
      })
    }
    const oneOf = compileList(s.oneOf)
    if (oneOf) {
      const message = alternativesMessage(s.oneOf as unknown[], 'must match exactly one of the allowed shapes')
      checks.push((v, pointer, out) => {
        const matches = oneOf.filter(check => passes(check, v)).length
        if (matches === 0)
          out.push({ pointer, message })
        else if (matches > 1)
          out.push({ pointer, message: `must match exactly one of the allowed shapes, but matches ${matches}` })
      })
    }
    if (s.not !== undefined) {
      const not = this.compile(s.not as Schema)
      checks.push((v, pointer, out) => {
        if (passes(not, v))
          out.push({ pointer, message: 'matches a shape that is not allowed' })
      })
    }
  }
}

function passes(check: Check, value: unknown): boolean {
  const out: ValidationProblem[] = []
  check(value, '', out)
  return out.length === 0
}

/** A list of `const` alternatives (Chromium's `<select>` schema) reads as an enum. */
function alternativesMessage(list: unknown[], fallback: string): string {
  const consts = list.every(sub => sub && typeof sub === 'object' && 'const' in sub)
  return consts ? `must be one of ${list.map(sub => show((sub as { const: unknown }).const)).join(', ')}` : fallback
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#'))
    return undefined
  let node: unknown = root
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object')
      return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

type Op = '>=' | '>' | '<=' | '<'

function numericBounds(s: Record<string, unknown>): [Op, number][] {
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

function numericRange(s: Record<string, unknown>): string {
  return numericBounds(s).map(([op, n]) => `${op} ${n}`).join(' and ')
}

function compare(v: number, op: Op, n: number): boolean {
  return op === '>=' ? v >= n : op === '>' ? v > n : op === '<=' ? v <= n : v < n
}
