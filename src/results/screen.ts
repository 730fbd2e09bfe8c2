// The first step of shaping a result held to a budget: a cheap look at the raw
// value before anything is serialized. A value far over the budget that could
// never be cut to fit is refused here, and the one part that can be cut (a
// long string, long text blocks, one long field) is copied only as far as a
// cut could ever keep, so normalization never copies megabytes only to drop
// them. No Vue import.
import type { WebMCPToolResponse } from '../types'
import { codePointLength, toWellFormed } from '../shared/text'
import { isToolResponse } from './isToolResponse'
import { isObject, isSkipped } from './serialize'

/** Past this many times the limit, a value is not serialized in full to learn its exact size. */
const EXACT_UP_TO = 64

/**
 * How the budget step reads the normalized result:
 * - `text`: a string, one text block cut like any other;
 * - `data`: the JSON of any other value, never cut mid-JSON (one long
 *   top-level string field may be shortened);
 * - `mcp`: an MCP result, its text blocks cut and everything else kept whole.
 */
export type ResultKind = 'text' | 'data' | 'mcp'

/** A value the budget step can work on: what to normalize, and what was left out of it. */
export interface ScreenedValue {
  value: unknown
  kind: ResultKind
  /** The whole texts of text blocks copied only in part, by block index (the string itself is block 0). */
  partialTexts?: string[]
  /** Set when the long field of `data` was copied only in part. */
  partialField?: {
    /** Its length in code points, for the cut's marker. */
    codePoints: number
    /** What a refusal says of the size, as the whole value was never measured. */
    size: string
  }
}

/** A value refused before any work: what its refusal says of its size. */
export interface ScreenedOut {
  refusedSize: string
}

/**
 * Looks at `value` before it is normalized for a result of at most `limit`
 * characters. `whole`: nothing will be cut (a tool with an `outputSchema`),
 * so anything far over the budget is refused.
 */
export function screenResult(value: unknown, limit: number, whole: boolean): ScreenedValue | ScreenedOut {
  const farOver = EXACT_UP_TO * limit
  const refusal = (made: string): ScreenedOut => ({ refusedSize: `more than ${farOver} characters (${made})` })
  if (typeof value === 'string')
    return whole ? { value, kind: 'data' } : screenText(value, limit)
  if (isToolResponse(value)) {
    const bound = whole ? jsonLowerBound(value, farOver) : uncuttableLowerBound(value, farOver)
    if (bound > farOver)
      return refusal(describeParts(value))
    const partial = whole ? undefined : copyTextStarts(value, limit)
    return partial ? { value: partial[0], kind: 'mcp', partialTexts: partial[1] } : { value, kind: 'mcp' }
  }
  if (!isObject(value) || jsonLowerBound(value, farOver) <= farOver)
    return { value, kind: 'data' }
  // Far over the budget: only a value whose bulk is one top-level string field can still fit, that field shortened.
  const partial = whole ? undefined : copyLongFieldStart(value, limit)
  return partial
    ? { value: partial[0], kind: 'data', partialField: { codePoints: partial[1], size: refusal(describeShape(value)).refusedSize } }
    : refusal(describeShape(value))
}

/** How many code units of a long text are copied: more than a cut can keep (see `copyTextStarts`). */
function textStartLength(limit: number): number {
  return 2 * limit + 2
}

function screenText(value: string, limit: number): ScreenedValue {
  const keep = textStartLength(limit)
  return value.length <= keep ? { value, kind: 'text' } : { value: value.slice(0, keep), kind: 'text', partialTexts: [value] }
}

/**
 * Text blocks far longer than the budget can only be cut, and a cut keeps at
 * most `limit` code points: `2 * limit + 2` code units hold more than that,
 * so only their start is copied, and their whole text is kept aside for the
 * marker's total. Without `structuredContent` only (a mirror is compared
 * whole), and only for plain blocks: a getter or `toJSON` anywhere, and the
 * value is copied as it is.
 */
function copyTextStarts(value: WebMCPToolResponse, limit: number): [copy: WebMCPToolResponse, wholeTexts: string[]] | undefined {
  const keep = textStartLength(limit)
  try {
    if (value.structuredContent !== undefined || typeof value.toJSON === 'function')
      return undefined
    let wholeTexts: string[] | undefined
    const content = value.content.map((block, index) => {
      if (!isObject(block) || block.type !== 'text' || typeof block.toJSON === 'function')
        return block
      const text = block.text
      if (typeof text !== 'string' || text.length <= keep)
        return block
      wholeTexts ??= []
      wholeTexts[index] = text
      return { ...block, text: text.slice(0, keep) }
    })
    return wholeTexts && [{ ...value, content }, wholeTexts]
  }
  catch {
    return undefined
  }
}

/** The key of the longest top-level string field, by code units. */
export function longestStringField(object: Record<string, unknown>): string | undefined {
  let longestKey: string | undefined
  let longest = -1
  for (const key of Object.keys(object)) {
    const field = object[key]
    if (typeof field === 'string' && field.length > longest) {
      longest = field.length
      longestKey = key
    }
  }
  return longestKey
}

/**
 * An object far over the budget whose bulk is one top-level string field,
 * with only the start of that field copied, and the field's length in code
 * points; undefined when the rest alone is over the budget, or when reading
 * it throws (a getter, a Proxy).
 */
function copyLongFieldStart(object: Record<string, unknown>, limit: number): [copy: Record<string, unknown>, codePoints: number] | undefined {
  try {
    if (Array.isArray(object))
      return undefined
    const key = longestStringField(object)
    if (key === undefined)
      return undefined
    const field = object[key] as string
    // No copy of the object to measure the rest: a spread of 100,000 keys costs more than the whole check.
    if (field.length < limit / 4 || jsonLowerBound(object, limit, key) > limit)
      return undefined
    const keep = textStartLength(limit)
    return [{ ...object, [key]: field.slice(0, keep) }, codePointLength(field)]
  }
  catch {
    return undefined
  }
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
    const content = value.content.filter(block => !(isObject(block) && block.type === 'text' && typeof block.text === 'string'))
    // Of structuredContent, only a top-level string field is ever shortened; its toJSON is left to the exact path.
    const structured = value.structuredContent
    const uncuttable = isObject(structured) && !Array.isArray(structured)
      ? typeof structured.toJSON === 'function'
        ? undefined
        : Object.fromEntries(Object.keys(structured).map(key => [key, typeof structured[key] === 'string' ? '' : structured[key]]))
      : structured
    return jsonLowerBound({ ...value, content, structuredContent: uncuttable }, cap)
  }
  catch {
    return 0
  }
}

/**
 * A lower bound of the length of `JSON.stringify(value)`, walking no further
 * than needed to pass `cap`; `emptyKey`: a top-level field counted as an empty
 * string. Each object is walked once, however many paths reach it, and its
 * bound counted again on each path: the work grows with the distinct objects
 * and `cap`, never with the paths. What JSON may write shorter than it looks
 * counts as the least it can write: a `toJSON` value (a `Date`, a class, a
 * marked value) as nothing in an object (it may answer `undefined`) and one
 * character in an array, a reference back to an enclosing object, a getter or
 * Proxy that throws (each written as a marker) as nothing.
 */
export function jsonLowerBound(value: unknown, cap: number, emptyKey?: string): number {
  const bounds = new Map<object, number>()
  const walking = new Set<object>()
  const boundOf = (item: unknown, inArray = false): number => {
    if (typeof item === 'string') {
      // A code unit is at least half a code point (two make a pair), the quotes two more.
      return item.length / 2 + 2
    }
    if (!isObject(item))
      return typeof item === 'number' || typeof item === 'boolean' || item === null ? 1 : 0
    return bounds.get(item) ?? objectBound(item, inArray)
  }
  const objectBound = (item: Record<string, unknown>, inArray: boolean): number => {
    if (walking.has(item))
      return 0
    let total = 0
    walking.add(item)
    try {
      // Not kept: what it counts depends on where it is.
      if (typeof item.toJSON === 'function')
        return inArray ? 1 : 0
      total = Array.isArray(item) ? itemsBound(item) : fieldsBound(item)
    }
    catch {
      // A getter, `toJSON` read or Proxy trap that throws: JSON writes a marker in its place.
    }
    finally {
      walking.delete(item)
    }
    bounds.set(item, total)
    return total
  }
  const itemsBound = (items: unknown[]): number => {
    let total = 2
    for (let index = 0; index < items.length && total <= cap; index++)
      total += (index > 0 ? 1 : 0) + boundOf(items[index], true)
    return total
  }
  const fieldsBound = (object: Record<string, unknown>): number => {
    let total = 2
    for (const key of Object.keys(object)) {
      if (total > cap)
        break
      const field = object === value && key === emptyKey ? '' : object[key]
      // JSON leaves the key out with the value: counting it would bound nothing.
      const size = isSkipped(field) ? 0 : boundOf(field)
      if (size > 0)
        total += key.length / 2 + 3 + size
    }
    return total
  }
  return boundOf(value)
}

/** A key or type as a refusal names it: quoted, well formed, and cut (with `more` after) past 40 code units. */
function quote(name: string, more = ''): string {
  return JSON.stringify(toWellFormed(name.slice(0, 40)) + (name.length > 40 ? more : ''))
}

export function plural(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`
}

/** "2 image blocks, 1 text block; and _meta": what an MCP result is made of. */
function describeParts(value: WebMCPToolResponse): string {
  try {
    const counts = new Map<string, number>()
    for (const block of value.content) {
      const type = isObject(block) && typeof block.type === 'string' ? block.type.slice(0, 20) : 'other'
      counts.set(type, (counts.get(type) ?? 0) + 1)
    }
    const blocks = [...counts].slice(0, 4).map(([type, count]) => plural(count, `${quote(type)} block`))
    const fields = Object.keys(value).filter(key => key !== 'content').slice(0, 4).map(key => quote(key))
    return `${blocks.join(', ') || 'no blocks'}${fields.length ? `; and ${fields.join(', ')}` : ''}`
  }
  catch {
    return 'an MCP result' // a getter that throws on a second read
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
    for (const key of keys) {
      const field = (value as Record<string, unknown>)[key]
      if (Array.isArray(field))
        arrays.push([key, field.length])
    }
    // The largest arrays first; a long key is cut: the refusal must fit the budget too.
    const named = arrays.sort((a, b) => b[1] - a[1]).slice(0, SHAPE_KEYS).map(([key, length]) => `${quote(key, '…')} holds ${length} items`)
    const more = arrays.length > SHAPE_KEYS ? `, and ${arrays.length - SHAPE_KEYS} more arrays` : ''
    return `an object with ${plural(keys.length, 'key')}${named.length ? `; ${named.join(', ')}${more}` : ''}`
  }
  catch {
    // The bound stopped before a getter further on, which throws now.
    return 'a structured result'
  }
}
