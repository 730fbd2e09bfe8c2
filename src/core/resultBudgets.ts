// Keeping a tool result within its budget. No Vue import.
//
// A result is measured as the agent receives it: serialized. Every part
// counts (text, image and audio data, resources, unknown block types,
// `structuredContent`, `_meta`, any other field, `isError`), except the frame
// every text answer has, `{"content":[{"type":"text","text":""}]}`, so a text
// of N characters costs N: inside a JSON string, where a quote or a backslash
// costs two characters and a control character up to six. All counts are code
// points. The work is linear in the input: a fixed number of native passes to
// measure, never a search over `JSON.stringify`.
import type { WebMCPContentBlock, WebMCPTextContent, WebMCPToolResponse } from '../types'
import { ERROR_CODE_KEY, ResultTooLargeError } from './errors'
import { isToolResponse, toToolResponse } from './normalize'
import { safeStringify, toWellFormed } from './serialize'
import { codePointLength, countPairs, cutText, serializedLength } from './text'

export { cutText, serializedLength } from './text'
export type { CutText } from './text'

/** `{"content":[{"type":"text","text":""}]}`: the frame of a text answer, not counted. */
export const RESULT_FRAME = 39

/**
 * What a normalized result costs against the budget: its serialized length in
 * code points, less the frame of a text answer. A one-block text result costs
 * `serializedLength(text)`; everything else the agent receives is counted too.
 */
export function resultSize(response: WebMCPToolResponse): number {
  const json = JSON.stringify(response)
  return json.length - countPairs(json) - RESULT_FRAME
}

export interface BudgetedResponse {
  /** The normalized result, within budget (or a refusal). */
  response: WebMCPToolResponse
  /** Set when the result was refused. */
  error?: ResultTooLargeError
  /** Something was shortened and marked, or text blocks that did not fit were left out. */
  truncated: boolean
}

/**
 * Cuts the single text block of a result (an error, a refusal) so that the
 * whole result fits `limit`, without serializing the text to learn its size.
 */
export function fitTextResponse(response: WebMCPToolResponse, limit: number): WebMCPToolResponse {
  const [block] = response.content
  if (response.content.length !== 1 || block?.type !== 'text' || typeof block.text !== 'string')
    return response
  const other = resultSize({ ...response, content: [{ ...block, text: '' }] })
  const cut = cutText(block.text, limit - other)
  return cut.truncated ? { ...response, content: [{ ...block, text: cut.text }] } : response
}

function refuse(error: ResultTooLargeError, limit: number): BudgetedResponse {
  const response = fitTextResponse({
    content: [{ type: 'text', text: error.message }],
    isError: true,
    _meta: { [ERROR_CODE_KEY]: 'OUTPUT_TOO_LARGE' },
  }, limit)
  return { response, error, truncated: false }
}

/**
 * Normalizes what a tool returned and keeps it within `limit` characters,
 * without ever serializing more of a huge value than it must.
 * - Text (a string, or the text blocks of an MCP result): cut and marked; an
 *   ordinary answer. Text blocks after the one that was cut are left out.
 * - Structured (an object or array, or `structuredContent` with its text
 *   mirror): never cut mid-JSON. When one top-level string field is what makes
 *   it too large, that field alone is shortened and marked and the JSON keeps
 *   its shape; otherwise the result is refused with a `ResultTooLargeError`
 *   saying how big it was.
 * - Everything else in an MCP result (image, audio, resource and unknown
 *   blocks, `_meta`, other fields) is never cut: over the budget, refused.
 * A result the tool marked `isError` is budgeted like any other.
 */
export function budgetResult(value: unknown, limit: number): BudgetedResponse {
  if (typeof value === 'string')
    return budgetText(value, limit)
  if (isToolResponse(value)) {
    // What can never be cut (images, audio, resources, _meta, other fields) and is
    // far over the budget is refused before anything is serialized.
    const bound = uncuttableLowerBound(value, EXACT_UP_TO * limit)
    if (bound > EXACT_UP_TO * limit)
      return refuse(new ResultTooLargeError(`more than ${EXACT_UP_TO * limit} characters (${describeParts(value)})`, limit), limit)
    const trimmed = trimLongTexts(value, limit)
    return budgetToolResponse(toToolResponse(trimmed?.value ?? value), limit, trimmed?.originals)
  }
  if (value !== null && typeof value === 'object')
    return budgetStructured(value, limit)
  // A number, or a BigInt of any length, is JSON: measured, never cut.
  const response = toToolResponse(value)
  const size = resultSize(response)
  return size <= limit ? { response, truncated: false } : refuse(new ResultTooLargeError(`${size} characters`, limit), limit)
}

function budgetText(value: string, limit: number): BudgetedResponse {
  const cut = cutText(value, limit)
  return { response: toToolResponse(cut.text), truncated: !!cut.truncated }
}

function isText(block: WebMCPContentBlock): block is WebMCPTextContent {
  return block.type === 'text' && typeof block.text === 'string'
}

/**
 * Text blocks far longer than the budget can only be cut, and a cut keeps at
 * most `limit` code points: so only their start is copied and measured, and
 * their whole text is kept aside for the marker's total. Without
 * `structuredContent` only (a mirror is compared whole), and only for plain
 * blocks: a getter or `toJSON` anywhere, and the value is copied as it is.
 */
function trimLongTexts(value: WebMCPToolResponse, limit: number): { value: WebMCPToolResponse, originals: Map<number, string> } | undefined {
  const keep = 2 * limit + 2
  try {
    if (value.structuredContent !== undefined || typeof value.toJSON === 'function')
      return undefined
    let originals: Map<number, string> | undefined
    const content = value.content.map((block, i) => {
      if (block === null || typeof block !== 'object' || block.type !== 'text' || typeof (block as { toJSON?: unknown }).toJSON === 'function')
        return block
      const text = block.text
      if (typeof text !== 'string' || text.length <= keep)
        return block
      originals ??= new Map()
      originals.set(i, text)
      return { ...block, text: text.slice(0, keep) }
    })
    return originals && { value: { ...value, content }, originals }
  }
  catch {
    return undefined
  }
}

/** An MCP result, already a serializable copy (see `toToolResponse`); `originals`: whole texts of blocks copied only in part. */
function budgetToolResponse(response: WebMCPToolResponse, limit: number, originals?: Map<number, string>): BudgetedResponse {
  // The size as sent, texts copied in part counted whole: only for a refusal
  // when some were (they are over the budget on their own).
  const sizeAsSent = (): number => {
    let size = resultSize(response)
    originals?.forEach((text, i) => {
      size += serializedLength(text) - serializedLength((response.content[i] as { text: string }).text)
    })
    return size
  }
  const total = originals ? Number.POSITIVE_INFINITY : resultSize(response)
  if (total <= limit)
    return { response, truncated: false }
  const tooLarge = () => refuse(new ResultTooLargeError(`${originals ? sizeAsSent() : total} characters`, limit), limit)
  let truncated = false
  // structuredContent and the text blocks that mirror it stay in step: shorten
  // its largest field in both, or neither.
  const structured = response.structuredContent
  let mirror = structured !== undefined ? JSON.stringify(structured) : undefined
  if (structured !== null && typeof structured === 'object' && !Array.isArray(structured)) {
    const rest = resultSize({
      ...response,
      structuredContent: {},
      content: response.content.map(b => (isText(b) && b.text === mirror ? { ...b, text: '{}' } : b)),
    })
    // A mirror costs at least what the object does, so half the room each.
    const mirrors = response.content.filter(b => isText(b) && b.text === mirror).length
    const shortened = shortenLargestField(structured, Math.floor((limit - rest) / (1 + mirrors)))
    if (shortened) {
      const { json } = shortened
      response = {
        ...response,
        structuredContent: shortened.value,
        content: response.content.map(b => (isText(b) && b.text === mirror ? { ...b, text: json } : b)),
      }
      mirror = json
      truncated = true
    }
  }
  // Text blocks other than mirrors are what can be cut; everything else is fixed.
  const cuttable = (b: WebMCPContentBlock): b is WebMCPTextContent => isText(b) && b.text !== mirror
  const fixedBlocks = response.content.filter(b => !cuttable(b))
  let left = limit - (fixedBlocks.length === response.content.length && !truncated && !originals ? total : resultSize({ ...response, content: fixedBlocks }))
  if (left < 0)
    return tooLarge()
  let kept = fixedBlocks.length
  let full = false
  let dropped = 0
  // With several text blocks, room is kept for a note saying how many were left out.
  const texts = response.content.length - fixedBlocks.length
  const noteCost = texts > 1 ? codePointLength(JSON.stringify(omitted(texts))) + 1 : 0
  const reserved = noteCost > 0 && noteCost <= left ? noteCost : 0
  left -= reserved
  const content: WebMCPContentBlock[] = []
  for (const [index, block] of response.content.entries()) {
    if (!cuttable(block)) {
      content.push(block)
      continue
    }
    const text = block.text
    // The block's own cost: `{"type":"text","text":""}` and any other fields, and a comma.
    const frame = codePointLength(JSON.stringify({ ...block, text: '' })) + (kept > 0 ? 1 : 0)
    if (full || frame > left) {
      truncated = true
      full = true
      dropped++
      continue
    }
    const whole = originals?.get(index)
    const cut = cutText(text, left - frame, whole === undefined ? undefined : codePointLength(whole))
    content.push(cut.truncated ? { ...block, text: cut.text } : block)
    left -= frame + serializedLength(cut.text)
    kept++
    if (cut.truncated) {
      truncated = true
      full = true
    }
  }
  if (dropped > 0 && reserved > 0)
    content.push(omitted(dropped))
  const next = truncated ? { ...response, content } : response
  // The sums above are exact; this check keeps the promise if they ever are not.
  if (resultSize(next) > limit)
    return tooLarge()
  return { response: next, truncated }
}

/**
 * A lower bound of the serialized size of an MCP result's parts that are never
 * cut: everything but its text blocks' text and the top-level string fields of
 * `structuredContent`. 0 when it cannot be walked safely (a getter, a cycle, a
 * Proxy): the exact path decides.
 */
function uncuttableLowerBound(value: WebMCPToolResponse, cap: number): number {
  try {
    // Text blocks can be cut or left out, so none of them counts here.
    const content = value.content.filter(b => !(b !== null && typeof b === 'object' && b.type === 'text' && typeof b.text === 'string'))
    // Of structuredContent, only a top-level string field is ever shortened; its toJSON is left to the exact path.
    const sc = value.structuredContent as Record<string, unknown> | undefined
    const structured = sc !== null && typeof sc === 'object' && !Array.isArray(sc)
      ? typeof sc.toJSON === 'function' ? undefined : Object.fromEntries(Object.keys(sc).map(k => [k, typeof sc[k] === 'string' ? '' : sc[k]]))
      : sc
    return jsonLowerBound({ ...value, content, structuredContent: structured }, cap)
  }
  catch {
    return 0
  }
}

/** "2 image blocks, 1 text block; and _meta": what an MCP result is made of. */
function describeParts(value: WebMCPToolResponse): string {
  try {
    return listParts(value)
  }
  catch {
    return 'an MCP result' // a getter that throws on a second read
  }
}

function listParts(value: WebMCPToolResponse): string {
  const counts = new Map<string, number>()
  for (const block of value.content) {
    const type = block !== null && typeof block === 'object' && typeof block.type === 'string' ? block.type.slice(0, 20) : 'other'
    counts.set(type, (counts.get(type) ?? 0) + 1)
  }
  const blocks = [...counts].slice(0, 4).map(([type, n]) => `${n} ${JSON.stringify(toWellFormed(type))} block${n === 1 ? '' : 's'}`)
  const fields = Object.keys(value).filter(k => k !== 'content').slice(0, 4).map(k => JSON.stringify(toWellFormed(k.slice(0, 40))))
  return `${blocks.join(', ') || 'no blocks'}${fields.length ? `; and ${fields.join(', ')}` : ''}`
}

/** The note that ends a result whose last text blocks did not fit. */
function omitted(count: number): WebMCPContentBlock {
  return { type: 'text', text: `…[truncated: ${count} more text block${count === 1 ? '' : 's'} left out]` }
}

/** Past this many times the limit, a value is not serialized in full to learn its exact size. */
const EXACT_UP_TO = 64

function budgetStructured(structured: object, limit: number): BudgetedResponse {
  // One large top-level string field: shorten it without serializing it. The
  // JSON sent is the one measured: a getter read again may answer differently.
  const shortened = shortenLargestField(structured as Record<string, unknown>, limit)
  if (shortened)
    return { response: { content: [{ type: 'text', text: shortened.json }] }, truncated: true }

  const bound = jsonLowerBound(structured, EXACT_UP_TO * limit)
  if (bound > EXACT_UP_TO * limit)
    return refuse(new ResultTooLargeError(`more than ${EXACT_UP_TO * limit} characters (${describeShape(structured)})`, limit), limit)
  // Small enough to measure exactly, as the text block carries it: inside a string.
  const response = toToolResponse(structured)
  const size = response.content.length ? serializedLength((response.content[0] as { text: string }).text) : 0
  if (size <= limit)
    return { response, truncated: false }
  return refuse(new ResultTooLargeError(`${size} characters`, limit), limit)
}

/** An object with its largest field shortened, and its JSON as measured. */
interface Shortened {
  value: Record<string, unknown>
  json: string
}

/**
 * Shortens the largest top-level string field when that alone brings the
 * object within `limit`; undefined when the object fits already, is an array,
 * or no one field can make it fit. The large field itself is never serialized whole.
 */
function shortenLargestField(object: Record<string, unknown>, limit: number): Shortened | undefined {
  // A throwing getter or proxy trap anywhere (Object.keys skips symbol keys a
  // spread still reads), or a revoked Proxy (even Array.isArray throws): give
  // up here, the exact path reports it.
  try {
    return Array.isArray(object) ? undefined : shortenLargestFieldOf(object, limit)
  }
  catch {
    return undefined
  }
}

function shortenLargestFieldOf(object: Record<string, unknown>, limit: number): Shortened | undefined {
  let key: string | undefined
  let longest = -1
  for (const k of Object.keys(object)) {
    const field = object[k]
    if (typeof field === 'string' && field.length > longest) {
      longest = field.length
      key = k
    }
  }
  if (key === undefined || longest < limit / 4)
    return undefined
  // Everything but the field, measured as sent (inside a string). Measured the
  // way it is sent, too: safeStringify, as a BigInt or a cycle elsewhere in the
  // object makes JSON.stringify throw. Not serialized at all when certainly
  // over on its own (a huge array, or a sparse one of millions, beside the field).
  const without = { ...object, [key]: '' }
  if (jsonLowerBound(without, limit) > limit)
    return undefined
  const rest = safeStringify(without)
  if (rest === undefined)
    return undefined
  const outside = serializedLength(rest)
  // Certainly over when even the field's lower bound does not fit; otherwise
  // the field is short, and measuring the whole object exactly is cheap.
  if (longest / 2 + outside <= limit && serializedLength(safeStringify(object) ?? '') <= limit)
    return undefined
  // Escapes inside the field cost double once nested in the text block.
  const room = Math.floor((limit - outside) / 2)
  if (room < 80)
    return undefined
  const cut = cutText(object[key] as string, room)
  if (!cut.truncated)
    return undefined
  const next = { ...object, [key]: cut.text }
  const json = safeStringify(next) ?? ''
  return serializedLength(json) <= limit ? { value: next, json } : undefined
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
        const item = (v as Record<string, unknown>)[k]
        // JSON leaves the key out with the value: counting it would bound nothing.
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol')
          continue
        total += k.length / 2 + 3
        if (!walk(item))
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

/** Keys named in a refusal: enough to say where the bulk is, never a flood of its own. */
const SHAPE_KEYS = 3

/** "an array of 90910 items", "an object with 3 keys; "items" holds 90910 items": how to ask for less. */
function describeShape(value: object): string {
  try {
    return listShape(value)
  }
  catch {
    // The bound stopped before a getter further on, which throws now.
    return 'a structured result'
  }
}

function listShape(value: object): string {
  if (Array.isArray(value))
    return `an array of ${value.length} items`
  const keys = Object.keys(value)
  const arrays: [string, number][] = []
  for (const k of keys) {
    const field = (value as Record<string, unknown>)[k]
    if (Array.isArray(field))
      arrays.push([k, field.length])
  }
  // The largest arrays first; a long key is cut: the refusal must fit the budget too.
  const named = arrays.sort((a, b) => b[1] - a[1]).slice(0, SHAPE_KEYS).map(([k, n]) => `${JSON.stringify(k.length > 40 ? `${toWellFormed(k.slice(0, 40))}…` : toWellFormed(k))} holds ${n} items`)
  const more = arrays.length > SHAPE_KEYS ? `, and ${arrays.length - SHAPE_KEYS} more arrays` : ''
  return `an object with ${keys.length} key${keys.length === 1 ? '' : 's'}${named.length ? `; ${named.join(', ')}${more}` : ''}`
}
