// Schemas that could not be enforced are found at setup; arguments of any
// shape are checked in bounded time and stack.
import { describe, expect, it, vi } from 'vitest'
import { eagerDefinitionChecks } from '../../../../src/definitions/eagerDefinitionChecks'
import { FORMATS } from '../../../../src/schemas/json-schema/formats'
import { ASSERTED_FORMATS, schemaError, schemaProblem, unassertedFormat } from '../../../../src/schemas/json-schema/schemaCheck'
import { addFormats, validateValue } from '../../../../src/schemas/json-schema/validate'
import { formatProblems, MAX_DEPTH } from '../../../../src/schemas/problems'

// The call path loads the format checkers for a schema that uses `format`; these tests call the validator directly.
addFormats(FORMATS)

function cyclic(): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: 'object', properties: { child: {} } }
  ;(schema.properties as Record<string, unknown>).child = schema
  return schema
}

describe('a format the validator does not assert', () => {
  it('is every format but the checkers\' names', () => {
    expect([...ASSERTED_FORMATS].sort()).toEqual(Object.keys(FORMATS).sort())
  })

  it.each([
    ['an unknown format deep in the schema', { type: 'object', properties: { to: { type: 'string', format: 'iban' } } }, { pointer: '/properties/to/format', format: 'iban' }],
    ['an unknown format under $defs', { $defs: { a: { format: 'bic' } } }, { pointer: '/$defs/a/format', format: 'bic' }],
    ['only asserted formats', { type: 'object', properties: { on: { type: 'string', format: 'date' }, id: { format: 'uuid' } } }, null],
    ['a property named format', { type: 'object', properties: { format: { type: 'string' } } }, null],
    ['OpenAPI\'s formats of numbers', { type: 'object', properties: { id: { type: 'integer', format: 'int64' }, x: { type: 'number', format: 'double' } } }, null],
    ['a format of a string or null', { type: ['string', 'null'], format: 'iban' }, { pointer: '/format', format: 'iban' }],
  ])('%s', (_case, schema, found) => {
    expect(unassertedFormat(schema)).toEqual(found)
  })

  it('development builds warn at setup, naming the tool, and register it all the same', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const tool = { name: 'send_money', description: 'Sends money.', inputSchema: { type: 'object', properties: { to: { type: 'string', format: 'iban' } } } }
    expect(eagerDefinitionChecks(tool, false)).toBeNull()
    expect(warn.mock.calls.map(c => String(c[0]))).toEqual(['[vue-webmcp] Tool "send_money": the input schema\'s format "iban" at /properties/to/format is not one the validator checks, so any string passes it. Check it with pattern, or with a Standard Schema (Zod, Valibot, ArkType).'])
    warn.mockRestore()
  })
})

describe('schemaProblem: what keeps a schema from being enforced, and where', () => {
  it.each([
    ['a pattern that is valid JavaScript but not under the u flag', { type: 'object', properties: { phone: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' } } }, '/properties/phone/pattern', 'has a pattern, "^\\\\d{3}\\\\-\\\\d{4}$", that is not a valid regular expression with the u flag'],
    ['a character class range with \\w', { type: 'string', pattern: '^[\\w-.]+$' }, '/pattern', 'not a valid regular expression with the u flag'],
    ['a patternProperties name', { type: 'object', patternProperties: { '^x\\-': { type: 'string' } } }, '/patternProperties/^x\\-', 'not a valid regular expression'],
    ['a $ref to nothing', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, '/properties/a/$ref', 'has a reference, "#/$defs/missing", that does not resolve'],
    ['an anchor that does not exist', { $ref: '#nowhere' }, '/$ref', 'does not resolve'],
    ['a $dynamicRef to nothing', { properties: { a: { $dynamicRef: '#/$defs/none' } } }, '/properties/a/$dynamicRef', 'has a reference, "#/$defs/none", that does not resolve'],
    ['a JavaScript cycle through a list', (() => { const list: unknown[] = []; list.push({ const: list }); return { enum: [list] } })(), '/enum/0/0/const', 'a JavaScript cycle to /enum/0'],
    ['a BigInt deep in a const', { const: { a: [1, { b: 2n }] } }, '/const/a/1/b', 'holds a BigInt'],
    ['a $ref to itself', { $ref: '#' }, '/$ref', 'lead back to the root without reaching into the arguments'],
    ['a -> b -> a', { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }, '/$defs/', 'without reaching into the arguments'],
    ['a loop through allOf', { $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } }, properties: { x: { $ref: '#/$defs/a' } } }, '/$defs/a/allOf/0/$ref', 'lead back to /$defs/a'],
    ['a JavaScript cycle', cyclic(), '/properties/child', 'refers back to itself (a JavaScript cycle to the root)'],
    ['a BigInt', { type: 'integer', maximum: 10n }, '/maximum', 'holds a BigInt'],
  ])('%s', (_, schema, pointer, message) => {
    const problem = schemaProblem(schema)
    expect(problem?.pointer.startsWith(pointer)).toBe(true)
    expect(problem?.message).toContain(message)
  })

  it('accepts recursion that reaches into the arguments, refs into $defs, anchors and $ids', () => {
    expect(schemaProblem({ $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } }, $ref: '#/$defs/node' })).toBeNull()
    expect(schemaProblem({ $defs: { a: { $anchor: 'pos', minimum: 0 } }, properties: { x: { $ref: '#pos' } } })).toBeNull()
    expect(schemaProblem({ $id: 'https://example.com/root', $defs: { b: { $id: 'b', type: 'string' } }, properties: { x: { $ref: 'b' } } })).toBeNull()
    expect(schemaProblem({ type: 'string', pattern: '^\\p{L}+$' })).toBeNull()
    // A relative root $id is resolved once: c.json sits beside dir/root.json, where an absolute path finds it.
    expect(schemaProblem({ $id: 'dir/root.json', $defs: { c: { $id: 'c.json', type: 'string' } }, properties: { x: { $ref: '/dir/c.json' } } })).toBeNull()
  })

  it('schemaError names the tool, the problem and the pointer', () => {
    expect(schemaError('call', { type: 'string', pattern: '^[\\w-.]+$' })?.message).toMatch(/^Tool "call": the input schema has a pattern, .* at \/pattern; the tool is not registered, since its arguments could not be checked\.$/)
    expect(schemaError('call', { type: 'string' })).toBeNull()
  })
})

describe('validateValue: bounded cost for any argument', () => {
  const tree = { $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' }
  const nest = (depth: number) => {
    let value: Record<string, unknown> = {}
    for (let i = 0; i < depth; i++)
      value = { child: value }
    return value
  }

  it(`refuses arguments nested deeper than ${MAX_DEPTH} levels, naming the limit, instead of overflowing the stack`, () => {
    expect(validateValue(nest(MAX_DEPTH - 1), tree)).toEqual([])
    for (const depth of [MAX_DEPTH + 1, 5_000, 100_000]) {
      const text = formatProblems(validateValue(nest(depth), tree))
      expect(text).toBe(`/child${'/child'.repeat(MAX_DEPTH - 1)}: is nested too deeply: arguments may nest at most ${MAX_DEPTH} levels`)
    }
    // Deep arrays too, whatever the schema.
    let array: unknown[] = []
    for (let i = 0; i < 10_000; i++)
      array = [array]
    expect(formatProblems(validateValue(array, { type: 'array' }))).toContain(`arguments may nest at most ${MAX_DEPTH} levels`)
  })

  it('uniqueItems hashes: 200,000 numbers or objects are checked in one pass (pairwise comparison would take minutes)', () => {
    const numbers = Array.from({ length: 200_000 }, (_, i) => i)
    expect(validateValue(numbers, { type: 'array', uniqueItems: true })).toEqual([])
    numbers.push(7)
    expect(formatProblems(validateValue(numbers, { type: 'array', uniqueItems: true }))).toBe('(arguments): must not repeat items (items 7 and 200000 are equal)')
    const objects = Array.from({ length: 50_000 }, (_, i) => ({ id: i, tags: ['a', i % 2 ? 'b' : 'c'] }))
    expect(validateValue(objects, { uniqueItems: true })).toEqual([])
    objects.push({ tags: ['a', 'b'], id: 1 })
    expect(formatProblems(validateValue(objects, { uniqueItems: true }))).toBe('(arguments): must not repeat items (items 1 and 50000 are equal)')
  })

  it('equality under uniqueItems follows JSON Schema: 1 and 1.0 are equal, "1" and 1 are not, key order does not count', () => {
    expect(validateValue([1, '1', true, 'true', null, 'null', {}, '{}', [], '[]'], { uniqueItems: true })).toEqual([])
    expect(validateValue([{ a: 1, b: 2 }, { b: 2, a: 1 }], { uniqueItems: true })).toHaveLength(1)
    expect(validateValue([1, 1.0], { uniqueItems: true })).toHaveLength(1)
  })

  it('100,000 keys and a 10 MB string are checked', () => {
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))
    expect(validateValue(wide, { type: 'object', additionalProperties: { type: 'integer' }, propertyNames: { pattern: '^k\\d+$' } })).toEqual([])
    expect(validateValue(wide, { type: 'object', maxProperties: 10 })).toHaveLength(1)
    const big = 'x'.repeat(10_000_000)
    expect(validateValue({ text: big }, { type: 'object', properties: { text: { type: 'string', maxLength: 10_000_000, pattern: '^x+$' } } })).toEqual([])
    expect(formatProblems(validateValue({ text: big }, { type: 'object', properties: { text: { type: 'string', maxLength: 100 } } }))).toBe('/text: must be at most 100 characters long')
  })

  it('a top-level false schema rejects every call', () => {
    expect(formatProblems(validateValue({}, false))).toBe('(arguments): is not allowed')
    expect(formatProblems(validateValue({}, { not: {} }))).toBe('(arguments): matches a shape that is not allowed')
  })
})

describe('validateValue: keywords the old validator ignored, with their messages', () => {
  const messages = (value: unknown, schema: object) => formatProblems(validateValue(value, schema))
  it.each([
    ['if/then/else', { if: { properties: { country: { const: 'US' } } }, then: { required: ['zip'] }, else: { required: ['postcode'] } }, { country: 'US', zip: '1' }, { country: 'US' }, '/zip: required'],
    ['dependentRequired', { dependentRequired: { card: ['cvc'] } }, { card: '4', cvc: '1' }, { card: '4' }, '/cvc: required when "card" is present'],
    ['dependentSchemas', { dependentSchemas: { card: { required: ['cvc'] } } }, { card: '4', cvc: '1' }, { card: '4' }, '/cvc: required'],
    ['dependencies (draft 7)', { dependencies: { card: ['cvc'] } }, { cvc: '1' }, { card: '4' }, '/cvc: required when "card" is present'],
    ['contains', { contains: { const: 'admin' } }, ['a', 'admin'], ['a'], '(arguments): must contain at least 1 item matching the "contains" schema (found 0)'],
    ['maxContains', { contains: { type: 'string' }, maxContains: 1 }, ['a', 1], ['a', 'b'], '(arguments): must contain at most 1 item matching the "contains" schema (found 2)'],
    ['propertyNames', { propertyNames: { maxLength: 3 } }, { abc: 1 }, { abcd: 1 }, '/abcd: is not an allowed property name (the name must be at most 3 characters long)'],
    ['unevaluatedProperties', { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }, { a: 1 }, { a: 1, b: 2 }, '/b: is not an allowed property'],
    ['unevaluatedItems', { prefixItems: [{ type: 'string' }], unevaluatedItems: false }, ['a'], ['a', 'b'], '/1: is not allowed'],
    ['additionalItems (draft 7)', { $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }], additionalItems: false }, ['a'], ['a', 1], '/1: is not allowed'],
    ['$anchor', { $defs: { p: { $anchor: 'pos', minimum: 0 } }, properties: { n: { $ref: '#pos' } } }, { n: 1 }, { n: -1 }, '/n: must be a number >= 0'],
    ['$id-based $ref', { $id: 'https://example.com/root', $defs: { s: { $id: 'short', maxLength: 2 } }, properties: { n: { $ref: 'short' } } }, { n: 'ab' }, { n: 'abc' }, '/n: must be at most 2 characters long'],
    ['format time', { format: 'time' }, '23:59:60Z', '24:00:00Z', '(arguments): must be a valid time'],
    ['format hostname', { format: 'hostname' }, 'example.com', '-bad.com', '(arguments): must be a valid hostname'],
  ])('%s', (_, schema, valid, invalid, message) => {
    expect(validateValue(valid, schema)).toEqual([])
    expect(messages(invalid, schema)).toBe(message)
  })

  it('a property name failing many keywords lists at most MAX_PROBLEMS reasons, like the arguments themselves', () => {
    const schema = { propertyNames: { allOf: Array.from({ length: 25 }, (_, i) => ({ maxLength: i % 2 })) } }
    const reasons = messages({ abc: 1 }, schema).split('; ')
    expect(reasons).toHaveLength(20)
    expect(reasons[0]).toBe('/abc: is not an allowed property name (the name must be at most 0 characters long')
  })
})
