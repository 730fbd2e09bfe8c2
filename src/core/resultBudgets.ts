// Keeping a tool result within its budget. No Vue import.
//
// A result is measured as the agent receives it: inside a JSON string, where a
// quote or a backslash costs two characters and a control character up to six.
// All counts are code points. The work is linear in the input: one pass to
// measure, one to cut, never a search over `JSON.stringify`.
import type { WebMCPToolResponse } from '../types'
import { ResultTooLargeError } from './errors'
import { isToolResponse } from './normalize'
import { safeStringify, toWellFormed } from './serialize'

/** What one code unit (or pair) at `i` costs inside a JSON string, and how many units it spans. */
function costAt(text: string, i: number): [cost: number, units: number] {
  const unit = text.charCodeAt(i)
  if (unit === 0x22 || unit === 0x5C)
    return [2, 1]
  if (unit < 0x20)
    return [unit === 0x08 || unit === 0x09 || unit === 0x0A || unit === 0x0C || unit === 0x0D ? 2 : 6, 1]
  if (unit >= 0xD800 && unit <= 0xDFFF) {
    const next = text.charCodeAt(i + 1)
    if (unit <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF)
      return [1, 2]
    return [6, 1] // a lone surrogate, escaped as \uXXXX
  }
  return [1, 1]
}

/** Length of `text` in code points once written inside a JSON string (without the quotes). */
export function serializedLength(text: string): number {
  let total = 0
  for (let i = 0; i < text.length;) {
    const [cost, units] = costAt(text, i)
    total += cost
    i += units
  }
  return total
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
 * ends on a whole code point. One pass over the input.
 */
export function cutText(input: string, budget: number): CutText {
  const text = toWellFormed(input)
  // Quick accept: no code unit costs more than 6.
  if (text.length * 6 <= budget)
    return { text }
  let cost = 0
  let total = 0
  for (let i = 0; i < text.length;) {
    const [c, units] = costAt(text, i)
    cost += c
    total++
    i += units
  }
  if (cost <= budget)
    return { text }
  // The marker's length depends on the numbers in it; `total` bounds both.
  const room = budget - serializedLength(marker(total, total))
  let end = 0
  let shown = 0
  for (cost = 0; end < text.length;) {
    const [c, units] = costAt(text, end)
    if (cost + c > room)
      break
    cost += c
    end += units
    shown++
  }
  return { text: text.slice(0, end) + marker(shown, total), truncated: { shown, total } }
}

export interface BudgetedResponse {
  response: WebMCPToolResponse
  /** Set when the result was refused. */
  error?: ResultTooLargeError
  /** Serialized size of the result before any cut. */
  size: number
  truncated: boolean
}

/**
 * Keeps a normalized result within `limit` characters.
 * - Plain text (a string result, or text blocks without `structuredContent`):
 *   cut and marked; an ordinary answer.
 * - Structured (a returned object or array, or `structuredContent`): never cut
 *   mid-JSON. When one top-level string field holds enough of the size, that
 *   field alone is shortened and marked, and the JSON keeps its shape;
 *   otherwise the result is refused with a `ResultTooLargeError`.
 */
export function budgetResult(value: unknown, response: WebMCPToolResponse, limit: number): BudgetedResponse {
  if (response.isError)
    return { response, size: measureResponse(response), truncated: false }
  const structured = isToolResponse(value) ? response.structuredContent : (value !== null && typeof value === 'object' ? value : undefined)
  if (structured !== undefined)
    return budgetStructured(structured, response, limit, isToolResponse(value))
  return budgetTextBlocks(response, limit)
}

function measureResponse(response: WebMCPToolResponse): number {
  let size = 0
  for (const block of response.content) {
    if (block.type === 'text' && typeof block.text === 'string')
      size += serializedLength(block.text)
  }
  return size
}

function budgetTextBlocks(response: WebMCPToolResponse, limit: number): BudgetedResponse {
  const size = measureResponse(response)
  if (size <= limit)
    return { response, size, truncated: false }
  let left = limit
  const content: WebMCPToolResponse['content'] = []
  for (const block of response.content) {
    if (block.type !== 'text' || typeof block.text !== 'string') {
      content.push(block)
      continue
    }
    if (left <= 0)
      continue
    const cost = serializedLength(block.text)
    if (cost <= left) {
      content.push(block)
      left -= cost
      continue
    }
    content.push({ ...block, text: cutText(block.text, left).text })
    left = 0
  }
  return { response: { ...response, content }, size, truncated: true }
}

function budgetStructured(structured: object, response: WebMCPToolResponse, limit: number, isMcp: boolean): BudgetedResponse {
  const json = safeStringify(structured) ?? ''
  // The text block carries the JSON as a string: measure it that way.
  const size = isMcp ? Math.max(measureResponse(response), serializedLength(json)) : serializedLength(json)
  if (size <= limit)
    return { response, size, truncated: false }
  const shortened = !Array.isArray(structured) ? shortenLargestField(structured as Record<string, unknown>, size, limit) : undefined
  if (shortened) {
    const text = JSON.stringify(shortened)
    const next: WebMCPToolResponse = isMcp
      ? { ...response, content: [{ type: 'text', text }], structuredContent: shortened }
      : { ...response, content: [{ type: 'text', text }] }
    return { response: next, size, truncated: true }
  }
  const error = new ResultTooLargeError(size, limit)
  return { response: { content: [{ type: 'text', text: error.message }], isError: true }, error, size, truncated: false }
}

/**
 * Shortens the single largest top-level string field so the whole object fits,
 * or returns undefined when no one field can make it fit.
 */
function shortenLargestField(object: Record<string, unknown>, size: number, limit: number): Record<string, unknown> | undefined {
  let largestKey: string | undefined
  let largestCost = -1
  for (const key of Object.keys(object)) {
    const field = object[key]
    if (typeof field === 'string') {
      const cost = serializedLength(field)
      if (cost > largestCost) {
        largestCost = cost
        largestKey = key
      }
    }
  }
  if (largestKey === undefined)
    return undefined
  // JSON text outside the field, measured as it is sent (inside a string again).
  const outside = size - serializedLength(JSON.stringify(object[largestKey]))
  // Escapes inside the field cost double once nested; budget conservatively.
  const room = Math.floor((limit - outside - 2) / 2)
  if (room < 80)
    return undefined
  const cut = cutText(object[largestKey] as string, room)
  const next = { ...object, [largestKey]: cut.text }
  return serializedLength(JSON.stringify(next)) <= limit ? next : undefined
}

