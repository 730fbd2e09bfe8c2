import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FORMATS } from '../../../../src/schemas/json-schema/formats'
import { addFormats, validateValue } from '../../../../src/schemas/json-schema/validate'
import { formatProblems } from '../../../../src/schemas/problems'

// The call path loads the format checkers for a schema that uses `format`; these tests call the validator directly.
addFormats(FORMATS)

const messages = (value: unknown, schema: object) => formatProblems(validateValue(value, schema))

// [keyword, schema, valid value, invalid value, expected message for the invalid one]
const cases: [string, object, unknown, unknown, string][] = [
  ['type string', { type: 'string' }, 'x', 1, '(arguments): must be a string, not number'],
  ['type integer', { type: 'integer' }, 3, 3.5, '(arguments): must be an integer, not number'],
  ['type number rejects NaN-like', { type: 'number' }, 1.5, 'x', '(arguments): must be a number, not string'],
  ['type array of types', { type: ['string', 'null'] }, null, 1, '(arguments): must be a string or a null, not number'],
  ['type object', { type: 'object' }, {}, [], '(arguments): must be an object, not array'],
  ['required', { type: 'object', required: ['guest'] }, { guest: 'a' }, {}, '/guest: required'],
  ['properties', { type: 'object', properties: { n: { type: 'number' } } }, { n: 1 }, { n: '1' }, '/n: must be a number, not string'],
  ['additionalProperties false', { type: 'object', properties: { a: {} }, additionalProperties: false }, { a: 1 }, { a: 1, b: 2 }, '/b: is not an allowed property (allowed: a)'],
  ['additionalProperties schema', { type: 'object', additionalProperties: { type: 'string' } }, { x: 'y' }, { x: 1 }, '/x: must be a string, not number'],
  ['enum', { type: 'object', properties: { size: { enum: ['1', '2'] } } }, { size: '1' }, { size: '3' }, '/size: must be one of "1", "2"'],
  ['const', { const: 'yes' }, 'yes', 'no', '(arguments): must be "yes"'],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }, 1, true, '(arguments): must match at least one of the allowed shapes'],
  ['anyOf of consts (Chromium select)', { type: 'string', anyOf: [{ const: '1' }, { const: '2' }] }, '2', '9', '(arguments): must be one of "1", "2"'],
  ['oneOf', { oneOf: [{ type: 'integer' }, { type: 'number' }] }, 1.5, 1, '(arguments): must match exactly one of the allowed shapes, but matches 2'],
  ['allOf', { allOf: [{ type: 'string' }, { minLength: 2 }] }, 'ab', 'a', '(arguments): must be at least 2 characters long'],
  ['items', { type: 'array', items: { type: 'string' } }, ['a'], ['a', 2], '/1: must be a string, not number'],
  ['tuple items', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] }, ['a', 1], ['a', 'b'], '/1: must be a number, not string'],
  ['minItems', { type: 'array', minItems: 1 }, [1], [], '(arguments): must have at least 1 item'],
  ['maxItems', { type: 'array', maxItems: 1 }, [1], [1, 2], '(arguments): must have at most 1 item'],
  ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 2], [{ a: 1 }, { a: 1 }], '(arguments): must not repeat items (items 0 and 1 are equal)'],
  ['minLength (code points)', { type: 'string', minLength: 2 }, '😀😀', '😀', '(arguments): must be at least 2 characters long'],
  ['maxLength', { type: 'string', maxLength: 3 }, 'abc', 'abcd', '(arguments): must be at most 3 characters long'],
  ['pattern', { type: 'string', pattern: '^[a-z]+$' }, 'abc', 'ABC', '(arguments): must match the pattern "^[a-z]+$"'],
  ['minimum with integer', { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } }, { count: 1 }, { count: 0 }, '/count: must be an integer >= 1'],
  ['integer type failure names the range', { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } }, { count: 2 }, { count: 1.5 }, '/count: must be an integer >= 1, not number'],
  ['maximum', { type: 'number', maximum: 10 }, 10, 11, '(arguments): must be a number <= 10'],
  ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, 0.1, 0, '(arguments): must be a number > 0'],
  ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 5 }, 4, 5, '(arguments): must be a number < 5'],
  ['draft-4 boolean exclusiveMinimum', { type: 'number', minimum: 0, exclusiveMinimum: true }, 1, 0, '(arguments): must be a number > 0'],
  ['multipleOf', { type: 'number', multipleOf: 0.5 }, 1.5, 1.2, '(arguments): must be a multiple of 0.5'],
  ['format date', { type: 'string', format: 'date' }, '2026-02-28', '2026-02-30', '(arguments): must be a valid date'],
  ['format date-time', { type: 'string', format: 'date-time' }, '2026-11-29T21:00:00Z', '2026-11-29 9pm', '(arguments): must be a valid date-time'],
  ['format email', { type: 'string', format: 'email' }, 'a@b.co', 'a..b@c.co', '(arguments): must be a valid email'],
  ['format uri', { type: 'string', format: 'uri' }, 'https://example.com/x', 'example dot com', '(arguments): must be a valid uri'],
  ['not', { not: { type: 'null' } }, 1, null, '(arguments): matches a shape that is not allowed'],
  ['minProperties', { type: 'object', minProperties: 1 }, { a: 1 }, {}, '(arguments): must have at least 1 properties'],
  ['local $ref', { type: 'object', properties: { p: { $ref: '#/$defs/pos' } }, $defs: { pos: { type: 'number', minimum: 0 } } }, { p: 1 }, { p: -1 }, '/p: must be a number >= 0'],
  ['boolean false schema', { type: 'object', properties: { x: false } }, {}, { x: 1 }, '/x: is not allowed'],
  ['pointer escapes', { type: 'object', properties: { 'a/b~c': { type: 'string' } } }, { 'a/b~c': 'x' }, { 'a/b~c': 1 }, '/a~1b~0c: must be a string, not number'],
]

describe('validateValue, keyword by keyword', () => {
  it.each(cases)('%s', (_, schema, valid, invalid, message) => {
    expect(validateValue(valid, schema)).toEqual([])
    expect(messages(invalid, schema)).toBe(message)
  })

  it('reports every problem, each with its pointer', () => {
    const schema = {
      type: 'object',
      properties: { size: { type: 'string', enum: ['1', '2'] }, guest: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
      required: ['guest'],
    }
    expect(messages({ size: 'XL', count: 0 }, schema).split('\n')).toEqual([
      '/guest: required',
      '/size: must be one of "1", "2"',
      '/count: must be an integer >= 1',
    ])
  })

  it('ignores unknown keywords and formats', () => {
    expect(validateValue('x', { 'type': 'string', 'x-widget': 'fancy', 'format': 'color-hex' })).toEqual([])
  })

  it('never passes a value it cannot check: a pattern that does not compile with the u flag, a $ref that resolves to nothing', () => {
    expect(messages('<img src=x onerror=alert(1)>', { type: 'string', pattern: '^[\\w-.]+$' })).toBe('(arguments): cannot be checked: the schema\'s pattern "^[\\\\w-.]+$" is not a valid regular expression')
    expect(messages({ a: 1 }, { patternProperties: { '^\\d{3}\\-$': {} } })).toContain('cannot be checked')
    expect(messages(1, { $ref: '#/$defs/missing' })).toBe('(arguments): cannot be checked: the schema\'s reference "#/$defs/missing" does not resolve')
  })

  it('accepts anything without a schema', () => {
    expect(validateValue({ any: 'thing' }, undefined)).toEqual([])
  })

  it('handles recursive local references', () => {
    const tree = { $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name'] } }, $ref: '#/$defs/node' }
    expect(messages({ name: 'a', children: [{ name: 'b', children: [{}] }] }, tree)).toBe('/children/0/children/0/name: required')
  })

  it('validates Chromium\'s declarative form schema', () => {
    const form = {
      type: 'object',
      properties: {
        who: { type: 'string' },
        size: { type: 'string', anyOf: [{ type: 'string', const: '1', title: 'S' }, { type: 'string', const: '2', title: 'L' }], enum: ['1', '2'] },
        top: { type: 'array', items: { type: 'string', anyOf: [{ type: 'string', const: 'a' }, { type: 'string', const: 'b' }], enum: ['a', 'b'] }, uniqueItems: true },
      },
      required: ['who'],
    }
    expect(validateValue({ who: 'Ada', size: '2', top: ['a', 'b'] }, form)).toEqual([])
    expect(messages({ size: '3', top: ['a', 'a', 'c'] }, form).split('\n')).toEqual([
      '/who: required',
      '/size: must be one of "1", "2"',
      '/top: must not repeat items (items 0 and 1 are equal)',
      '/top/2: must be one of "a", "b"',
    ])
  })

  it('checks by the schema as it reads now: one changed in place after its first use is compiled anew', () => {
    const schema = { type: 'object', properties: { n: { type: 'number', maximum: 10 } } }
    expect(validateValue({ n: 5 }, schema)).toEqual([])
    schema.properties.n.maximum = 3
    expect(formatProblems(validateValue({ n: 5 }, schema))).toContain('/n')
    schema.properties.n.type = 'string'
    expect(formatProblems(validateValue({ n: 1 }, schema))).toContain('must be a string')
  })
})

// Schemas and values that satisfy them, generated together.
interface Gen { schema: Record<string, unknown>, value: fc.Arbitrary<unknown> }
const leaf: fc.Arbitrary<Gen> = fc.oneof(
  fc.record({ min: fc.nat(5), extra: fc.nat(10) }).map(({ min, extra }) => ({ schema: { type: 'string', minLength: min, maxLength: min + extra }, value: fc.string({ minLength: min, maxLength: min + extra, unit: 'grapheme-ascii' }) as fc.Arbitrary<unknown> })),
  fc.record({ min: fc.integer({ min: -100, max: 100 }), span: fc.nat(100) }).map(({ min, span }) => ({ schema: { type: 'integer', minimum: min, maximum: min + span }, value: fc.integer({ min, max: min + span }) as fc.Arbitrary<unknown> })),
  fc.constant({ schema: { type: 'number' }, value: fc.double({ noNaN: true, noDefaultInfinity: true }) as fc.Arbitrary<unknown> }),
  fc.constant({ schema: { type: 'boolean' }, value: fc.boolean() as fc.Arbitrary<unknown> }),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map(options => ({ schema: { type: 'string', enum: options }, value: fc.constantFrom(...options) as fc.Arbitrary<unknown> })),
  fc.constant({ schema: { type: 'string', format: 'date' }, value: fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map(d => d.toISOString().slice(0, 10)) as fc.Arbitrary<unknown> }),
  fc.constant({ schema: { type: 'string', format: 'date-time' }, value: fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map(d => d.toISOString()) as fc.Arbitrary<unknown> }),
)
const { node } = fc.letrec<{ node: Gen }>(tie => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ item: tie('node'), max: fc.nat(4) }).map(({ item, max }) => ({
      schema: { type: 'array', items: item.schema, maxItems: max },
      value: fc.array(item.value, { maxLength: max }) as fc.Arbitrary<unknown>,
    })),
    fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'), fc.boolean()), { selector: ([k]) => k, maxLength: 4 }).map((props) => {
      const requiredKeys = props.filter(([, , r]) => r).map(([k]) => k)
      const schema = { type: 'object', properties: Object.fromEntries(props.map(([k, g]) => [k, g.schema])), required: requiredKeys, additionalProperties: false }
      const value = fc.record(Object.fromEntries(props.map(([k, g]) => [k, g.value])), { requiredKeys }) as fc.Arbitrary<unknown>
      return { schema, value }
    }),
  ),
}))

describe('validateValue properties', () => {
  it('inputs generated from a schema always pass it', () => {
    fc.assert(fc.property(node.chain(g => fc.tuple(fc.constant(g.schema), g.value)), ([schema, value]) => {
      expect(validateValue(value, schema)).toEqual([])
    }), { numRuns: 1500 })
  })

  it('never throws on any schema-like input and value', () => {
    fc.assert(fc.property(fc.object(), fc.anything(), (schema, value) => {
      expect(Array.isArray(validateValue(value, schema))).toBe(true)
    }), { numRuns: 1500 })
  })

  it('writes no value into its messages, which the agent reads as they are (call/validation.ts)', () => {
    // Values whose every leaf is a string or a number no schema here holds, against a schema of every keyword.
    const leaves = fc.anything({ values: [fc.constant('SSN-078-05-1120'), fc.constant(1120780)], maxDepth: 3 })
    const schemas = fc.oneof(fc.constantFrom(...cases.map(([, schema]) => schema)), fc.object())
    fc.assert(fc.property(schemas, leaves, (schema, value) => {
      for (const { message } of validateValue(value, schema)) {
        expect(message).not.toContain('078-05')
        expect(message).not.toContain('1120780')
      }
    }), { numRuns: 3000 })
  })
})
