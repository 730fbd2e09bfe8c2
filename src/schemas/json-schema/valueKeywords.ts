// The keywords that read any value: `type`, `enum` and `const`, and the
// number keywords (`minimum` and the rest, `multipleOf`), whose bounds the
// `type` message names. No Vue import.
import type { Check } from './checks'
import type { SchemaNode } from './schemaIndex'
import { addRule, hasOwn, isArray, isNumber, isString, numberKeyword, oneOfValues, pass, show, typeOf } from './checks'

/** The JSON types besides `number` and `integer`, which are told apart by value. */
const TYPES_BY_TYPEOF = new Set(['array', 'object', 'null', 'string', 'boolean'])

/** Whether `value` has JSON Schema type `type`; a name outside the seven types matches nothing. */
function matchesType(value: unknown, type: string): boolean {
  if (type === 'integer')
    return Number.isInteger(value)
  if (type === 'number')
    return Number.isFinite(value)
  return TYPES_BY_TYPEOF.has(type) && typeOf(value) === type
}

/** Equality of JSON values: objects by their keys and values, whatever their order. */
export function deepEqual(a: any, b: any): boolean {
  if (a === b)
    return true
  if (typeof a !== 'object' || typeof b !== 'object' || typeOf(a) !== typeOf(b))
    return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every(key => hasOwn(b, key) && deepEqual(a[key], b[key]))
}

/** One bound of a number: `>= 3` and the test it stands for. */
interface NumberBound { text: string, holds: (value: number) => boolean }

const greaterThan = (limit: number): NumberBound => ({ text: `> ${limit}`, holds: value => value > limit })
const atLeast = (limit: number): NumberBound => ({ text: `>= ${limit}`, holds: value => value >= limit })
const lessThan = (limit: number): NumberBound => ({ text: `< ${limit}`, holds: value => value < limit })
const atMost = (limit: number): NumberBound => ({ text: `<= ${limit}`, holds: value => value <= limit })

/**
 * The bounds of a number, in keyword order. Draft 4's boolean
 * `exclusiveMinimum` / `exclusiveMaximum` make `minimum` / `maximum` exclusive.
 */
function numberBounds(schema: SchemaNode): NumberBound[] {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema
  const bounds: NumberBound[] = []
  if (isNumber(minimum))
    bounds.push(exclusiveMinimum === true ? greaterThan(minimum) : atLeast(minimum))
  if (isNumber(maximum))
    bounds.push(exclusiveMaximum === true ? lessThan(maximum) : atMost(maximum))
  if (isNumber(exclusiveMinimum))
    bounds.push(greaterThan(exclusiveMinimum))
  if (isNumber(exclusiveMaximum))
    bounds.push(lessThan(exclusiveMaximum))
  return bounds
}

/** `>= 1 and < 10`: the bounds as the messages name them. */
const boundsText = (bounds: NumberBound[]): string => bounds.map(bound => bound.text).join(' and ')

/** `type`, `enum` and `const`. */
export function addTypeChecks(checks: Check[], schema: SchemaNode): void {
  const types = [schema.type].flat().filter(isString)
  if (types.length) {
    const bounds = boundsText(numberBounds(schema))
    const numeric = types.length === 1 && (types[0] === 'number' || types[0] === 'integer')
    const expected = types.map(type => (/^[aeiou]/.test(type) ? 'an ' : 'a ') + type).join(' or ') + (bounds && numeric ? ` ${bounds}` : '')
    addRule(checks, pass, value => types.some(type => matchesType(value, type)), value => `must be ${expected}, not ${typeOf(value)}`)
  }
  if (isArray(schema.enum)) {
    const allowed = schema.enum
    addRule(checks, pass, value => allowed.some(item => deepEqual(item, value)), () => oneOfValues(allowed))
  }
  if ('const' in schema)
    addRule(checks, pass, value => deepEqual(schema.const, value), () => `must be ${show(schema.const)}`)
}

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` and `multipleOf`. */
export function addNumberChecks(checks: Check[], schema: SchemaNode): void {
  const bounds = numberBounds(schema)
  if (bounds.length) {
    const message = `must be ${schema.type === 'integer' ? 'an integer' : 'a number'} ${boundsText(bounds)}`
    addRule(checks, isNumber, (value: number) => bounds.every(bound => bound.holds(value)), () => message)
  }
  const multipleOf = numberKeyword(schema, 'multipleOf')
  if (multipleOf !== undefined && multipleOf > 0) {
    addRule(checks, isNumber, (value: number) => {
      const quotient = value / multipleOf
      // A quotient too large for a float: the remainder decides.
      return Number.isFinite(quotient) ? Math.abs(quotient - Math.round(quotient)) < 1e-9 : value % multipleOf === 0
    }, () => `must be a multiple of ${multipleOf}`)
  }
}
