// Keeping a tool result within its budget. No Vue import.
//
// A result is measured as the agent receives it: inside a JSON string, where a
// quote or a backslash costs two characters and a control character up to six.
// All counts are code points. The work is linear in the input: a fixed number
// of native passes to measure, never a search over `JSON.stringify`.
import type { WebMCPToolResponse } from '../types'
import { ResultTooLargeError } from './errors'
import { isToolResponse, toToolResponse } from './normalize'
import { safeStringify, toWellFormed } from './serialize'
import { countPairs } from './text'

// Measuring leans on the engine: JSON.stringify writes a string exactly as the
// agent receives it, natively and far faster than a loop in JavaScript. What
// is left to count by hand is surrogate pairs (two units, one code point; see
// text.ts), and the prefix that fits, which is never longer than the budget.

/** Length of `text` in code points once written inside a JSON string (without the quotes). */
export function serializedLength(text: string): number {
  const json = JSON.stringify(text)
  // Lone surrogates come out escaped as \uXXXX; only pairs stay two units.
  return json.length - 2 - countPairs(json)
}

export interface CutText {
  text: string
  /** Present when the text was cut: code points shown and in all. */
  truncated?: { shown: number, total: number }
}

function marker(shown: number, total: number): string {
  return `\n…[truncated: showed ${shown} of ${total} characters]`
}

/**
 * Shortens text so that, serialized, it fits `budget`, keeping as much as fits
 * and marking how much was shown of how much. The result is well formed and
 * ends on a whole code point. Linear in the input, and the scan by hand covers
 * only the prefix that can fit.
 */
export function cutText(input: string, budget: number): CutText {
  // Every code point costs at least 1 and at most 6, and there are between
  // length/2 and length of them: most texts are decided without measuring.
  if (input.length * 6 <= budget)
    return { text: toWellFormed(input) }
  if (input.length / 2 <= budget) {
    const text = toWellFormed(input)
    if (serializedLength(text) <= budget)
      return { text }
  }
  // A lone surrogate becomes U+FFFD: one code point either way, so the total
  // can be counted on the input, and only the kept prefix is made well formed.
  const total = input.length - countPairs(input)
  const room = budget - serializedLength(marker(total, total))
  let cost = 0
  let end = 0
  let shown = 0
  while (end < input.length) {
    const unit = input.charCodeAt(end)
    let c = 1
    let units = 1
    if (unit === 0x22 || unit === 0x5C)
      c = 2
    else if (unit < 0x20)
      c = unit === 0x08 || unit === 0x09 || unit === 0x0A || unit === 0x0C || unit === 0x0D ? 2 : 6
    else if ((unit & 0xFC00) === 0xD800 && (input.charCodeAt(end + 1) & 0xFC00) === 0xDC00)
      units = 2 // a pair: one code point, never split
    if (cost + c > room)
      break
    cost += c
    end += units
    shown++
  }
  return { text: toWellFormed(input.slice(0, end)) + marker(shown, total), truncated: { shown, total } }
}

export interface BudgetedResponse {
  /** The normalized result, within budget (or a refusal). */
  response: WebMCPToolResponse
  /** Set when the result was refused. */
  error?: ResultTooLargeError
  /** Something was shortened and marked. */
  truncated: boolean
}

/**
 * Normalizes what a tool returned and keeps it within `limit` characters,
 * without ever serializing more of a huge value than it must.
 * - Text (a string, or an MCP result's text blocks without `structuredContent`):
 *   cut and marked; an ordinary answer.
 * - Structured (an object or array, or `structuredContent`): never cut mid-JSON.
 *   When one top-level string field is what makes it too large, that field
 *   alone is shortened and marked and the JSON keeps its shape; otherwise the
 *   result is refused with a `ResultTooLargeError` saying how big it was.
 */
export function budgetResult(value: unknown, limit: number): BudgetedResponse {
  if (typeof value === 'string')
    return budgetText(value, limit)
  if (isToolResponse(value)) {
    const response = toToolResponse(value)
    if (response.isError)
      return { response, truncated: false }
    return response.structuredContent !== undefined
      ? budgetStructured(response.structuredContent, limit, response)
      : budgetTextBlocks(response, limit)
  }
  if (value !== null && typeof value === 'object')
    return budgetStructured(value, limit)
  return { response: toToolResponse(value), truncated: false }
}

function budgetText(value: string, limit: number): BudgetedResponse {
  const cut = cutText(value, limit)
  return { response: toToolResponse(cut.text), truncated: !!cut.truncated }
}

function budgetTextBlocks(response: WebMCPToolResponse, limit: number): BudgetedResponse {
  let left = limit
  let truncated = false
  const content: WebMCPToolResponse['content'] = []
  for (const block of response.content) {
    if (block.type !== 'text' || typeof block.text !== 'string') {
      content.push(block)
      continue
    }
    if (left <= 0) {
      truncated = true
      continue
    }
    const cut = cutText(block.text, left)
    content.push(cut.truncated ? { ...block, text: cut.text } : block)
    left -= cut.truncated ? left : serializedLength(block.text)
    truncated ||= !!cut.truncated
  }
  return { response: truncated ? { ...response, content } : response, truncated }
}

/** Past this many times the limit, a value is not serialized in full to learn its exact size. */
const EXACT_UP_TO = 64

function budgetStructured(structured: object, limit: number, mcp?: WebMCPToolResponse): BudgetedResponse {
  const respond = (data: object): WebMCPToolResponse => {
    const text = JSON.stringify(data)
    return mcp ? { ...mcp, content: [{ type: 'text', text }], structuredContent: data as Record<string, unknown> } : { content: [{ type: 'text', text }] }
  }
  // One large top-level string field: shorten it without serializing it.
  const shortened = Array.isArray(structured) ? undefined : shortenLargestField(structured as Record<string, unknown>, limit)
  if (shortened)
    return { response: respond(shortened), truncated: true }

  const bound = jsonLowerBound(structured, EXACT_UP_TO * limit)
  if (bound > EXACT_UP_TO * limit) {
    const error = new ResultTooLargeError(`more than ${EXACT_UP_TO * limit} characters (${describeShape(structured)})`, limit)
    return { response: { content: [{ type: 'text', text: error.message }], isError: true }, error, truncated: false }
  }
  // Small enough to measure exactly, as the text block carries it: inside a string.
  const response = mcp ?? toToolResponse(structured)
  const json = mcp ? (safeStringify(structured) ?? '') : (response.content[0] as { text: string }).text
  let size = serializedLength(json)
  if (mcp) {
    for (const block of mcp.content) {
      if (block.type === 'text' && typeof block.text === 'string')
        size = Math.max(size, serializedLength(block.text))
    }
  }
  if (size <= limit)
    return { response, truncated: false }
  const error = new ResultTooLargeError(`${size} characters`, limit)
  return { response: { content: [{ type: 'text', text: error.message }], isError: true }, error, truncated: false }
}

/**
 * Shortens the largest top-level string field when that alone brings the
 * object within `limit`; undefined when the object fits already or no one
 * field can make it fit. The large field itself is never serialized whole.
 */
function shortenLargestField(object: Record<string, unknown>, limit: number): Record<string, unknown> | undefined {
  let key: string | undefined
  let longest = -1
  try {
    for (const k of Object.keys(object)) {
      const field = object[k]
      if (typeof field === 'string' && field.length > longest) {
        longest = field.length
        key = k
      }
    }
  }
  catch {
    return undefined // a throwing getter: the exact path reports it
  }
  if (key === undefined || longest < limit / 4)
    return undefined
  // Everything but the field, measured as sent (inside a string).
  const rest = safeStringify({ ...object, [key]: '' })
  if (rest === undefined)
    return undefined
  const outside = serializedLength(rest)
  // Certainly over when even the field's lower bound does not fit; otherwise
  // the field is short, and measuring the whole object exactly is cheap.
  if (longest / 2 + outside <= limit && serializedLength(JSON.stringify(object)) <= limit)
    return undefined
  // Escapes inside the field cost double once nested in the text block.
  const room = Math.floor((limit - outside) / 2)
  if (room < 80)
    return undefined
  const cut = cutText(object[key] as string, room)
  if (!cut.truncated)
    return undefined
  const next = { ...object, [key]: cut.text }
  return serializedLength(JSON.stringify(next)) <= limit ? next : undefined
}

/**
 * A lower bound of the length of `JSON.stringify(value)`, walking no further
 * than needed to pass `cap`. A value it cannot walk safely (a cycle, a throwing
 * getter or `toJSON`) reports 0, which sends it down the exact path.
 */
function jsonLowerBound(value: unknown, cap: number): number {
  let total = 0
  const ancestors: object[] = []
  const walk = (v: unknown): boolean => {
    if (total > cap)
      return true
    if (typeof v === 'string') {
      total += v.length / 2 + 2
      return true
    }
    if (v === null || typeof v !== 'object') {
      total += typeof v === 'number' || typeof v === 'boolean' || v === null ? 1 : 0
      return true
    }
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function')
      return false
    if (ancestors.includes(v))
      return false
    ancestors.push(v)
    total += 2
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length && total <= cap; i++) {
        total += 1
        if (!walk(v[i]))
          return false
      }
    }
    else {
      for (const k of Object.keys(v)) {
        if (total > cap)
          break
        total += k.length / 2 + 3
        if (!walk((v as Record<string, unknown>)[k]))
          return false
      }
    }
    ancestors.pop()
    return true
  }
  try {
    return walk(value) ? total : 0
  }
  catch {
    return 0
  }
}

/** "an array of 90910 items", "an object with 3 keys; "items" holds 90910 items": how to ask for less. */
function describeShape(value: object): string {
  if (Array.isArray(value))
    return `an array of ${value.length} items`
  const keys = Object.keys(value)
  const arrays = keys.filter(k => Array.isArray((value as Record<string, unknown>)[k]))
    .map(k => `"${k}" holds ${((value as Record<string, unknown>)[k] as unknown[]).length} items`)
  return `an object with ${keys.length} key${keys.length === 1 ? '' : 's'}${arrays.length ? `; ${arrays.join(', ')}` : ''}`
}
