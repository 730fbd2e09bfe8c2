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
import type { WebMCPContentBlock, WebMCPErrorCode, WebMCPTextContent, WebMCPToolResponse } from '../types'
import { ERROR_CODE_KEY, ResultTooLargeError } from '../shared/errors'
import { codePointLength, cutText, jsonSize, serializedLength, toWellFormed } from '../shared/text'
import { errorMessage, isToolResponse, MAX_ERROR_TEXT, sanitizeErrorText, toToolResponse } from './normalize'
import { isObject, isSkipped, safeStringify } from './serialize'

export { cutText, serializedLength } from '../shared/text'
export type { CutText } from '../shared/text'

/** `{"content":[{"type":"text","text":""}]}`: the frame of a text answer, not counted. */
export const RESULT_FRAME = 39

/**
 * What a normalized result costs against the budget: its serialized length in
 * code points, less the frame of a text answer. A one-block text result costs
 * `serializedLength(text)`; everything else the agent receives is counted too.
 */
export function resultSize(response: WebMCPToolResponse): number {
  return jsonSize(response) - RESULT_FRAME
}

export interface BudgetedResponse {
  /** The normalized result, within budget (or a refusal). */
  response: WebMCPToolResponse
  /** Set when the result was refused. */
  error?: ResultTooLargeError
}

/**
 * An `isError` result carrying its code. With `limit` (budgets `'error'`), the
 * whole result, code and all, fits it: the text is cut and marked. `text`: a
 * message of this package's own, cut only; otherwise the error's, sanitized
 * and held to `MAX_ERROR_TEXT` too.
 */
export function errorResult(error: unknown, code: WebMCPErrorCode, limit = Infinity, text?: string): WebMCPToolResponse {
  const block = { type: 'text' as const, text: '' }
  const response: WebMCPToolResponse = { content: [block], isError: true, _meta: { [ERROR_CODE_KEY]: code } }
  const room = limit - resultSize(response)
  block.text = text === undefined ? sanitizeErrorText(errorMessage(error), Math.min(MAX_ERROR_TEXT, room)) : cutText(text, room).text
  return response
}

/** A refusal saying how big the result was, fitted to `limit`. */
function refuse(size: string, limit: number): BudgetedResponse {
  const error = new ResultTooLargeError(size, limit)
  return { response: errorResult(error, 'OUTPUT_TOO_LARGE', limit, error.message), error }
}

/** A normalized result measured exactly: as it is within `limit`, refused over it. */
function measured(response: WebMCPToolResponse, limit: number): BudgetedResponse {
  const size = resultSize(response)
  return size <= limit ? { response } : refuse(`${size} characters`, limit)
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
 * `whole`: nothing is cut, only measured (a tool with an `outputSchema`,
 * whose schema a shortened field could break).
 */
export function budgetResult(value: unknown, limit: number, whole = false): BudgetedResponse {
  // Past this, a value is not serialized in full to learn its exact size.
  const cap = EXACT_UP_TO * limit
  // What a value far over the budget is made of, for its refusal.
  let parts: string | undefined
  if (whole) {
    // Measured below.
  }
  else if (typeof value === 'string') {
    return { response: toToolResponse(cutText(value, limit).text) }
  }
  else if (isToolResponse(value)) {
    // What can never be cut (images, audio, resources, _meta, other fields) and is
    // far over the budget is refused before anything is serialized.
    if (uncuttableLowerBound(value, cap) <= cap) {
      const [trimmed, originals] = trimLongTexts(value, limit) ?? [value]
      return budgetToolResponse(toToolResponse(trimmed), limit, originals)
    }
    parts = describeParts(value)
  }
  else if (isObject(value)) {
    // One large top-level string field: shorten it without serializing it. The
    // JSON sent is the one measured: a getter read again may answer differently.
    const shortened = shortenLargestField(value, limit)
    if (shortened)
      return { response: toToolResponse(shortened[1]) } // JSON is well formed: its one text block as it is
    if (jsonLowerBound(value, cap) > cap)
      parts = describeShape(value)
  }
  // Small enough to measure exactly; a number, or a BigInt of any length, is JSON: measured, never cut.
  return parts ? refuse(`more than ${cap} characters (${parts})`, limit) : measured(toToolResponse(value), limit)
}

/** A text block: its `text` is a string. */
function isText(block: unknown): block is WebMCPTextContent {
  return isObject(block) && block.type === 'text' && typeof block.text === 'string'
}

/**
 * Text blocks far longer than the budget can only be cut, and a cut keeps at
 * most `limit` code points: so only their start is copied and measured, and
 * their whole text is kept aside for the marker's total. Without
 * `structuredContent` only (a mirror is compared whole), and only for plain
 * blocks: a getter or `toJSON` anywhere, and the value is copied as it is.
 */
function trimLongTexts(value: WebMCPToolResponse, limit: number): [trimmed: WebMCPToolResponse, originals: string[]] | undefined {
  const keep = 2 * limit + 2
  try {
    if (value.structuredContent !== undefined || typeof value.toJSON === 'function')
      return undefined
    let originals: string[] | undefined
    const content = value.content.map((block, i) => {
      if (!isObject(block) || block.type !== 'text' || typeof block.toJSON === 'function')
        return block
      const text = block.text
      if (typeof text !== 'string' || text.length <= keep)
        return block
      originals ??= []
      originals[i] = text
      return { ...block, text: text.slice(0, keep) }
    })
    return originals && [{ ...value, content }, originals]
  }
  catch {
    return undefined
  }
}

/** An MCP result, already a serializable copy (see `toToolResponse`); `originals`: whole texts of blocks copied only in part. */
function budgetToolResponse(response: WebMCPToolResponse, limit: number, originals?: string[]): BudgetedResponse {
  const total = originals ? Infinity : resultSize(response)
  if (total <= limit)
    return { response }
  // The size as sent, texts copied in part counted whole: only worked out for
  // a refusal when some were (they are over the budget on their own).
  const tooLarge = (): BudgetedResponse => {
    let size = originals ? resultSize(response) : total
    originals?.forEach((text, i) => {
      size += serializedLength(text) - serializedLength((response.content[i] as WebMCPTextContent).text)
    })
    return refuse(`${size} characters`, limit)
  }
  let truncated = false
  // structuredContent and the text blocks that mirror it stay in step: shorten
  // its largest field in both, or neither.
  const structured = response.structuredContent
  let mirror: string | undefined = JSON.stringify(structured)
  const isMirror = (b: WebMCPContentBlock): b is WebMCPTextContent => isText(b) && b.text === mirror
  const mirrored = (structuredContent: WebMCPToolResponse['structuredContent'], text: string): WebMCPToolResponse => ({
    ...response,
    structuredContent,
    content: response.content.map(b => (isMirror(b) ? { ...b, text } : b)),
  })
  if (isObject(structured) && !Array.isArray(structured)) {
    const rest = resultSize(mirrored({}, '{}'))
    // A mirror costs at least what the object does, so half the room each.
    const mirrors = response.content.filter(isMirror).length
    const shortened = shortenLargestField(structured, Math.floor((limit - rest) / (1 + mirrors)))
    if (shortened) {
      response = mirrored(...shortened)
      mirror = shortened[1]
      truncated = true
    }
  }
  // Text blocks other than mirrors are what can be cut; everything else is fixed.
  const cuttable = (b: WebMCPContentBlock): b is WebMCPTextContent => isText(b) && !isMirror(b)
  const fixedBlocks = response.content.filter(b => !cuttable(b))
  // Nothing to cut (and none cut in part, as those are text): over as it is.
  let left = fixedBlocks.length === response.content.length && !truncated ? -1 : limit - resultSize({ ...response, content: fixedBlocks })
  if (left < 0)
    return tooLarge()
  let kept = fixedBlocks.length
  let dropped = 0
  // With several text blocks, room is kept for a note saying how many were left out.
  const texts = response.content.length - kept
  let reserved = texts > 1 ? jsonSize(omitted(texts)) + 1 : 0
  if (reserved > left)
    reserved = 0
  left -= reserved
  // `left` below 0 from here on: full, every later text block is left out.
  const content: WebMCPContentBlock[] = []
  for (const [index, block] of response.content.entries()) {
    if (!cuttable(block)) {
      content.push(block)
      continue
    }
    // The block's own cost: `{"type":"text","text":""}` and any other fields, and a comma.
    const frame = jsonSize({ ...block, text: '' }) + (kept > 0 ? 1 : 0)
    if (frame > left) {
      left = -1
      dropped++
      continue
    }
    const whole = originals?.[index]
    const cut = cutText(block.text, left - frame, whole === undefined ? undefined : codePointLength(whole))
    content.push(cut.truncated ? { ...block, text: cut.text } : block)
    left = cut.truncated ? -1 : left - frame - serializedLength(cut.text)
    kept++
  }
  if (dropped > 0 && reserved > 0)
    content.push(omitted(dropped))
  const next = { ...response, content }
  // The sums above are exact; this check keeps the promise if they ever are not.
  return resultSize(next) > limit ? tooLarge() : { response: next }
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
    const content = value.content.filter(b => !isText(b))
    // Of structuredContent, only a top-level string field is ever shortened; its toJSON is left to the exact path.
    const sc = value.structuredContent
    const structured = isObject(sc) && !Array.isArray(sc)
      ? typeof sc.toJSON === 'function' ? undefined : Object.fromEntries(Object.keys(sc).map(k => [k, typeof sc[k] === 'string' ? '' : sc[k]]))
      : sc
    return jsonLowerBound({ ...value, content, structuredContent: structured }, cap)
  }
  catch {
    return 0
  }
}

/** A key or type as a refusal names it: quoted, well formed, and cut (with `more` after) past 40 code units. */
function quote(name: string, more = ''): string {
  return JSON.stringify(toWellFormed(name.slice(0, 40)) + (name.length > 40 ? more : ''))
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`
}

/** "2 image blocks, 1 text block; and _meta": what an MCP result is made of. */
function describeParts(value: WebMCPToolResponse): string {
  try {
    const counts = new Map<string, number>()
    for (const block of value.content) {
      const type = isObject(block) && typeof block.type === 'string' ? block.type.slice(0, 20) : 'other'
      counts.set(type, (counts.get(type) ?? 0) + 1)
    }
    const blocks = [...counts].slice(0, 4).map(([type, n]) => plural(n, `${quote(type)} block`))
    const fields = Object.keys(value).filter(k => k !== 'content').slice(0, 4).map(k => quote(k))
    return `${blocks.join(', ') || 'no blocks'}${fields.length ? `; and ${fields.join(', ')}` : ''}`
  }
  catch {
    return 'an MCP result' // a getter that throws on a second read
  }
}

/** The note that ends a result whose last text blocks did not fit. */
function omitted(count: number): WebMCPContentBlock {
  return { type: 'text', text: `…[truncated: ${plural(count, 'more text block')} left out]` }
}

/** Past this many times the limit, a value is not serialized in full to learn its exact size. */
const EXACT_UP_TO = 64

/** An object with its largest field shortened, and its JSON as measured. */
type Shortened = [value: Record<string, unknown>, json: string]

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
    if (Array.isArray(object))
      return undefined
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
    // Undefined only from an own toJSON (the spread copies it) that returns nothing: serializedLength throws, and the field is left.
    const outside = serializedLength(safeStringify(without)!)
    // Certainly over when even the field's lower bound does not fit; otherwise
    // the field is short, and measuring the whole object exactly is cheap.
    if (longest / 2 + outside <= limit && serializedLength(safeStringify(object)!) <= limit)
      return undefined
    // Escapes inside the field cost double once nested in the text block.
    const room = Math.floor((limit - outside) / 2)
    if (room < 80)
      return undefined
    const cut = cutText(object[key] as string, room)
    if (!cut.truncated)
      return undefined
    const value = { ...object, [key]: cut.text }
    const json = safeStringify(value)!
    return serializedLength(json) <= limit ? [value, json] : undefined
  }
  catch {
    return undefined
  }
}

/**
 * A lower bound of the length of `JSON.stringify(value)`, walking no further
 * than needed to pass `cap`. A value it cannot walk safely (a cycle, a throwing
 * getter or `toJSON`) reports 0, which sends it down the exact path.
 */
function jsonLowerBound(value: unknown, cap: number): number {
  let total = 0
  const ancestors: object[] = []
  const walk = (v: unknown): void => {
    if (total > cap)
      return
    if (typeof v === 'string') {
      total += v.length / 2 + 2
    }
    else if (isObject(v)) {
      if (typeof v.toJSON === 'function' || ancestors.includes(v))
        throw new Error('not walked')
      ancestors.push(v)
      total += 2
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length && total <= cap; i++) {
          total += 1
          walk(v[i])
        }
      }
      else {
        for (const k of Object.keys(v)) {
          if (total > cap)
            break
          const item = v[k]
          // JSON leaves the key out with the value: counting it would bound nothing.
          if (!isSkipped(item)) {
            total += k.length / 2 + 3
            walk(item)
          }
        }
      }
      ancestors.pop()
    }
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) {
      total += 1
    }
  }
  try {
    walk(value)
    return total
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
    const named = arrays.sort((a, b) => b[1] - a[1]).slice(0, SHAPE_KEYS).map(([k, n]) => `${quote(k, '…')} holds ${n} items`)
    const more = arrays.length > SHAPE_KEYS ? `, and ${arrays.length - SHAPE_KEYS} more arrays` : ''
    return `an object with ${plural(keys.length, 'key')}${named.length ? `; ${named.join(', ')}${more}` : ''}`
  }
  catch {
    // The bound stopped before a getter further on, which throws now.
    return 'a structured result'
  }
}
