// A schema library's issue message without the value that failed. Valibot
// writes "Expected X but received VALUE", ArkType "must be X (was VALUE)", and
// a hand-made schema may echo the value anywhere; the agent's error text is
// built from these messages, and the schemas guide promises it the problems,
// never the data. No Vue import.
import type { StandardSchemaV1 } from '../../types/standardSchema'
import { VALUE_NOT_SHOWN } from '../problems'

/** The libraries' own "what it was" tails: Valibot's ` but received ...`, ArkType's ` (was ...)`. */
const RECEIVED_TAIL = /\s+but received .*$|\s*\(was .*\)$/s

/** How many of a value's leaves are looked for in one message: enough for any argument an issue names. */
const MAX_LEAVES = 200

/** The value an issue's path leads to in `value`, or `value` itself when the path leads nowhere. */
function valueAt(value: unknown, path: StandardSchemaV1.Issue['path']): unknown {
  let found = value
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment
    if (found === null || typeof found !== 'object' || !Object.hasOwn(found, key as PropertyKey))
      return value
    found = (found as Record<PropertyKey, unknown>)[key as PropertyKey]
  }
  return found
}

/** The texts `value` may be written as: its JSON, and each string, number or BigInt in it, up to MAX_LEAVES. */
function writtenForms(value: unknown): string[] {
  const forms = new Set<string>()
  try {
    const json = JSON.stringify(value)
    if (json && json.length > 2)
      forms.add(json)
  }
  catch {} // a cycle or a BigInt: its leaves still count
  const stack = [value]
  const seen = new Set<object>()
  while (stack.length && forms.size < MAX_LEAVES) {
    const item = stack.pop()
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'bigint') {
      forms.add(String(item))
      if (typeof item === 'string')
        forms.add(JSON.stringify(item))
    }
    else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item)
      stack.push(...Object.values(item))
    }
  }
  // Longest first: a quoted form goes whole before its bare text is looked for.
  return [...forms].filter(form => form.length > 0).sort((a, b) => b.length - a.length)
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')

/**
 * `message` without the value its issue is about. A bare form is replaced only
 * where it stands as a word of its own, so a value `1` leaves `>=10` alone.
 */
export function scrubIssueMessage(message: string, issue: StandardSchemaV1.Issue, input: unknown): string {
  let scrubbed = message.replace(RECEIVED_TAIL, '')
  for (const form of writtenForms(valueAt(input, issue.path))) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(form)}(?![\\p{L}\\p{N}_])`, 'gu')
    scrubbed = scrubbed.replace(pattern, VALUE_NOT_SHOWN)
  }
  return scrubbed
}
