// What the agent reads of a failed schema check never carries the value that
// failed (schemas/problemText.ts, the one place that rule lives): Valibot and
// ArkType quote it in their issue messages ("but received ...", "(was ...)"),
// and a hand-made schema may write anything. The problems keep the pointer and
// what was expected. End to end through callTool, for every library and for
// JSON Schema: test/unit/call/hostileChecks.test.ts.
import type { ValidationProblem } from '../../../src/schemas/problems'
import type { StandardSchemaV1 } from '../../../src/types/standardSchema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatProblems } from '../../../src/schemas/problems'
import { withoutValues } from '../../../src/schemas/problemText'
import { checkStandard } from '../../../src/schemas/standard-schema/validate'

const SECRET = 'SSN-078-05-1120'

/** The problems the agent reads for `value` against a Standard Schema. */
async function problemsOf(schema: StandardSchemaV1, value: unknown): Promise<string> {
  const checked = await checkStandard(schema, value)
  expect(checked.problems, 'the value must fail').toBeDefined()
  return formatProblems(withoutValues(checked.problems!, value))
}

/** One problem's message as the agent reads it. */
function told(message: string, value: unknown, pointer = ''): string {
  return withoutValues([{ pointer, message }], value)[0]!.message
}

describe('issue messages without the offending value', () => {
  it('valibot: "but received ..." goes, the expectation stays', async () => {
    const schema = v.object({ status: v.picklist(['ok', 'error']), count: v.number() })
    const text = await problemsOf(schema, { status: SECRET, count: 'seventeen-apples' })
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('seventeen-apples')
    expect(text).toContain('/status: Invalid type: Expected ("ok" | "error")')
    expect(text).toContain('/count: Invalid type: Expected number')
  })

  it('arktype: "(was ...)" goes, the expectation stays', async () => {
    const schema = type({ status: '"ok" | "error"', count: 'number' })
    const text = await problemsOf(schema as unknown as StandardSchemaV1, { status: SECRET, count: 'seventeen-apples' })
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('seventeen-apples')
    expect(text).toBe('/count: count must be a number\n/status: status must be "error" or "ok"')
  })

  it('zod: messages that never quoted the value stay as they were', async () => {
    const schema = z.object({ status: z.enum(['ok', 'error']) })
    const text = await problemsOf(schema, { status: SECRET })
    expect(text).not.toContain(SECRET)
    expect(text).toBe('/status: Invalid option: expected one of "ok"|"error"')
  })

  it('a hand-made schema that echoes the value, raw, quoted or as JSON, anywhere in its message', async () => {
    const echo = (message: (value: any) => string): StandardSchemaV1 => ({
      '~standard': { version: 1, vendor: 'handmade', validate: (value: any) => ({ issues: [{ message: message(value), path: ['card', { key: 'number' }] }] }) },
    })
    const value = { card: { number: '4111 1111 1111 1111', pin: 'pin-8842' } }
    for (const message of [
      (input: any) => `bad card ${input.card.number}, try again`,
      (input: any) => `"${input.card.number}" is not a card`,
      (input: any) => `got ${JSON.stringify([input.card.number])}`,
      (input: any) => `got '${input.card.number}'`,
    ]) {
      const text = await problemsOf(echo(message), value)
      expect(text).not.toContain('4111')
      expect(text.startsWith('/card/number: ')).toBe(true)
    }
    // No path: its message is scrubbed of the whole value's leaves.
    const rooted: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'handmade', validate: (input: any) => ({ issues: [{ message: `mismatch: ${input.card.pin}` }] }) } }
    expect(await problemsOf(rooted, value)).not.toContain('pin-8842')
  })

  it('a path that names nothing in the value hides the whole value', async () => {
    const madeUp: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'handmade', validate: (input: any) => ({ issues: [{ message: `no ${input.card.pin} here`, path: ['nowhere'] }] }) } }
    expect(await problemsOf(madeUp, { card: { pin: 'pin-8842' } })).toBe('/nowhere: no (value not shown) here')
  })

  it('scrubbing leaves words that merely contain a short value alone', async () => {
    const schema = v.object({ size: v.pipe(v.number(), v.minValue(10)) })
    expect(await problemsOf(schema, { size: 1 })).toBe('/size: Invalid value: Expected >=10')
  })
})

describe('the forms a value is hidden in', () => {
  it('a string: bare where it stands alone (quotes kept around the placeholder), or quoted in any of three ways', () => {
    expect(told(`'${SECRET}' is not allowed`, SECRET)).toBe('\'(value not shown)\' is not allowed')
    expect(told(`got ${SECRET}.`, SECRET)).toBe('got (value not shown).')
    expect(told(`got \`${SECRET}\``, SECRET)).toBe('got `(value not shown)`')
    // Inside another word, a bare value stays.
    expect(told('must be an email', 'mail')).toBe('must be an email')
  })

  it('a short string only quoted: bare, it would take words out of the message', () => {
    expect(told('must be a string, not "a"', 'a')).toBe('must be a string, not (value not shown)')
  })

  it('a string whose JSON has escapes, by its JSON', () => {
    const quoted = 'say "hi"'
    expect(told(`got ${JSON.stringify(quoted)}`, quoted)).toBe('got (value not shown)')
  })

  it('an object: its JSON whole, and each string, number and boolean in it', () => {
    const value = { ssn: SECRET, n: 1120780, flag: true }
    expect(told(`got ${JSON.stringify(value)}`, value)).toBe('got (value not shown)')
    expect(told(`n was 1120780, flag true`, value)).toBe('n was (value not shown), flag (value not shown)')
  })

  it('the value at the pointer only, so the rest of the message stays', () => {
    const value = { status: SECRET, note: 'status' }
    expect(told(`status is ${SECRET}`, value, '/status')).toBe('status is (value not shown)')
  })

  it('the package\'s own JSON Schema messages, which write no value, stay as they are', () => {
    const problems: ValidationProblem[] = [{ pointer: '/status', message: 'must be one of "ok", "error"' }, { pointer: '/count', message: 'must be an integer >= 1' }]
    expect(withoutValues(problems, { status: SECRET, count: 0.5 })).toEqual(problems)
  })

  it('a value that cannot be read whole (a cycle, a throwing getter): what can be read is hidden', () => {
    const cyclic: Record<string, unknown> = { ssn: SECRET }
    cyclic.self = cyclic
    expect(told(`got ${SECRET}`, cyclic)).toBe('got (value not shown)')
    const getter = { ssn: SECRET, get broken(): never { throw new Error('no') } }
    expect(told(`got ${SECRET}`, getter)).toBe('got (value not shown)')
  })
})

describe('a result\'s keys (resultSchema: the schema\'s JSON text)', () => {
  const schemaText = JSON.stringify({ type: 'object', properties: { user: { type: 'object' } }, additionalProperties: false })

  it('a key the schema does not name goes from the message, at the pointer or in the object there', () => {
    const value = { 'user': { name: 'x' }, 'alice@example.com': 1 }
    expect(withoutValues([{ pointer: '', message: 'Unrecognized key: "alice@example.com"' }], value, schemaText)[0]!.message).toBe('Unrecognized key: "(value not shown)"')
    expect(withoutValues([{ pointer: '/alice@example.com', message: 'value at ["alice@example.com"] must be removed' }], value, schemaText)[0]!.message).toBe('value at ["(value not shown)"] must be removed')
  })

  it('a key the schema names stays; without a resultSchema (arguments) every key stays', () => {
    const value = { user: { name: 'x' }, other: 1 }
    expect(withoutValues([{ pointer: '/user', message: 'user must be removed' }], value, schemaText)[0]!.message).toBe('user must be removed')
    expect(withoutValues([{ pointer: '', message: 'Unrecognized key: "other"' }], value)[0]!.message).toBe('Unrecognized key: "other"')
  })
})
