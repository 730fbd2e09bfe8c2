// The Standard Schema adapter's problems never carry the value that failed:
// Valibot and ArkType quote it in their issue messages ("but received ...",
// "(was ...)"), and a hand-made schema may write anything. The problems keep
// the path and what was expected; the agent's error text is built from them.
import type { StandardSchemaV1 } from '../../../../src/types/standardSchema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatProblems } from '../../../../src/schemas/problems'
import { checkStandard } from '../../../../src/schemas/standard-schema/validate'

const SECRET = 'SSN-078-05-1120'

async function problemsOf(schema: StandardSchemaV1, value: unknown): Promise<string> {
  const checked = await checkStandard(schema, value)
  expect(checked.problems, 'the value must fail').toBeDefined()
  return formatProblems(checked.problems!)
}

describe('checkStandard: issue messages without the offending value', () => {
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
    // A path that names nothing in the value (none, here): its message is scrubbed of the whole value's leaves.
    const rooted: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'handmade', validate: (input: any) => ({ issues: [{ message: `mismatch: ${input.card.pin}` }] }) } }
    expect(await problemsOf(rooted, value)).not.toContain('pin-8842')
  })

  it('scrubbing leaves words that merely contain a short value alone', async () => {
    const schema = v.object({ size: v.pipe(v.number(), v.minValue(10)) })
    expect(await problemsOf(schema, { size: 1 })).toBe('/size: Invalid value: Expected >=10')
  })
})
