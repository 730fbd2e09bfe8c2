// The array keywords: `minItems` / `maxItems`, `uniqueItems`, the items
// (`prefixItems` and `items`, or draft 7's `items` list and
// `additionalItems`) and `contains` with its bounds. No Vue import.
import type { Check, Compile } from './checks'
import type { Dialect, SchemaNode } from './schemaIndex'
import { addEachKey, addSizeRange, fail, isArray, keysOf, numberKeyword, plural, show, subschemaKeyword } from './checks'

/** A text equal for equal JSON values only (keys sorted, 1 and 1.0 alike): `uniqueItems` in linear time. */
function canonical(value: any): string {
  if (typeof value !== 'object' || !value)
    return typeof value === 'string' ? show(value) : String(value)
  if (isArray(value))
    return `[${value.map(canonical)}]`
  return `{${Object.keys(value).sort().map(key => `${show(key)}:${canonical(value[key])}`)}}`
}

/** `uniqueItems`: each item's canonical text once, not every pair. */
const uniqueItems: Check = (value, pointer, problems) => {
  if (!isArray(value))
    return true
  const firstIndexOf = new Map<unknown, number>()
  return value.every((item, index) => {
    const key = typeof item === 'number' ? item : canonical(item)
    const first = firstIndexOf.get(key)
    if (first === undefined) {
      firstIndexOf.set(key, index)
      return true
    }
    return fail(problems, pointer, `must not repeat items (items ${first} and ${index} are equal)`)
  })
}

/** The array keywords of `schema`. */
export function addArrayChecks(checks: Check[], schema: SchemaNode, dialect: Dialect, compile: Compile): void {
  addSizeRange(checks, numberKeyword(schema, 'minItems'), numberKeyword(schema, 'maxItems'), isArray, value => value.length, (bound, limit) => `must have at ${bound} ${plural(limit, 'item')}`)
  if (schema.uniqueItems === true)
    checks.push(uniqueItems)

  // `items` as a list is draft 7's tuple (2020-12's `prefixItems`), followed by `additionalItems`.
  const tupleSchemas = isArray(schema.items) ? schema.items : dialect === 2020 && isArray(schema.prefixItems) ? schema.prefixItems : []
  const tuple = tupleSchemas.map(compile)
  const rest = subschemaKeyword(schema, isArray(schema.items) ? 'additionalItems' : 'items', compile)
  if (tuple.length || rest) {
    const itemsToCheck = (value: unknown) => isArray(value) && keysOf(rest ? value : value.slice(0, tuple.length))
    addEachKey(checks, itemsToCheck, (index: number, at, value, problems, scope, annotations) => {
      const check = tuple[index] ?? rest
      if (!check)
        return true
      // Past the tuple, `true`: every item is evaluated.
      annotations?.add(tuple[index] ? index : true)
      return check(value[index], at, problems, scope, null)
    })
  }

  // `contains`, with 2020-12's `minContains` / `maxContains` (draft 7: at least one).
  if (schema.contains !== undefined) {
    const contains = compile(schema.contains)
    addSizeRange(
      checks,
      dialect === 7 ? 1 : numberKeyword(schema, 'minContains') ?? 1,
      dialect === 7 ? undefined : numberKeyword(schema, 'maxContains'),
      isArray,
      (value: unknown[], scope, annotations) => value.filter((item, index) => contains(item, '', null, scope, null) && (!annotations || annotations.add(index))).length,
      (bound, limit, found) => `must contain at ${bound} ${plural(limit, 'item')} matching the "contains" schema (found ${found})`,
    )
  }
}
