// Shaping a result that holds values marked `untrusted()`: what the agent
// receives for them, held to the result budget with the markers counted.
// Loaded by the call path once the page has marked a value (anyMarked.ts),
// never by pages that do not. No Vue import.
//
// Every marked value is sent between the delimiters of one fresh boundary
// (boundary.ts), after a first text block with the note that explains them.
// Inside `structuredContent` a marked value stays as it is (it is data that a
// schema describes) and its JSON Pointer is listed in
// `_meta['vue-webmcp/untrusted']`. Under a budget, only marked strings are
// shortened, each inside its delimiters, so a cut never leaves one open; what
// cannot be shortened that way is left whole for the budget to refuse.
import type { WebMCPToolResponse } from '../types'
import type { Boundary } from './boundary'
import { codePointLength, cutText, serializedLength } from '../shared/text'
import { anyMarked } from './anyMarked'
import { delimit, disarm, newBoundary } from './boundary'
import { resultSize } from './errorResult'
import { isToolResponse } from './isToolResponse'
import { isObject, safeStringify } from './serialize'
import { isUntrusted, markedSource } from './untrustedValue'

/** Where a result lists the JSON Pointers of the marked values inside its `structuredContent`. */
export const UNTRUSTED_KEY = 'vue-webmcp/untrusted'

/** Marked values are looked for this deep; one deeper is still marked when serialized, by its own `toJSON`. */
const MAX_DEPTH = 64

/**
 * How many times the walk may enter again an object holding marks that it
 * reached by another path. Each path of a marked value is one more copy of it
 * in the result, so past this the result is far over any budget: the walk
 * stops, and each value marks itself when serialized.
 */
const MAX_REVISITS = 10_000

/** Where a marked value was found in the result, as the keys that lead to it. */
type Path = readonly (string | number)[]

/** The place of a marked value in the result's copy. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A result with its marked values found: a copy in which each is a `Slot`
 * (only the containers on the way to one are copied), and the values.
 */
export interface FoundUntrusted {
  /** The result, each marked value a `Slot`. */
  template: unknown
  /** The containers of `template` that are copies, so that filling it in reads nothing of the tool's own objects twice. */
  copies: Set<object>
  /** The marked values, as given, and where each was; a `Slot`'s index is its place here. */
  found: { value: unknown, path: Path }[]
  /** What the values were found in: the whole result marked, plain data, or an MCP result. */
  kind: 'whole' | 'data' | 'mcp'
}

/** A plain object or array: what is looked inside for marked values. */
function isContainer(value: unknown): boolean {
  if (!isObject(value))
    return false
  if (Array.isArray(value))
    return true
  const proto = Object.getPrototypeOf(value) as unknown
  return (proto === Object.prototype || proto === null) && typeof value.toJSON !== 'function'
}

/** The walk gave up: too many paths to marked values (`MAX_REVISITS`). */
class TooManyPaths {}

/**
 * The marked values in what a tool returned, or undefined when it holds none
 * (or cannot be walked: a throwing getter, a revoked Proxy, too many paths to
 * its marked values; each value then marks itself when serialized). Each
 * property is read once, except inside an object holding marks that is
 * reached by several paths, walked again on each for the marks' places.
 */
export function findUntrusted(value: unknown): FoundUntrusted | undefined {
  if (!anyMarked())
    return undefined
  const found: FoundUntrusted['found'] = []
  const copies = new Set<object>()
  const ancestors: object[] = []
  const path: (string | number)[] = []
  // Objects whose whole content was walked and holds no mark: on any other
  // path they are what they are, so an object shared by many paths (the
  // same author under every review) is read once, and the walk stays linear.
  const unmarked = new WeakSet<object>()
  const entered = new WeakSet<object>()
  let revisits = 0
  // Set when a walk stopped short (a cycle, the depth): what it left unread may still hold marks.
  let stoppedShort = false
  const visit = (node: unknown): unknown => {
    if (!isObject(node))
      return node
    if (!isContainer(node)) {
      if (!isUntrusted(node))
        return node
      found.push({ value: node.value, path: [...path] })
      return new Slot(found.length - 1)
    }
    if (unmarked.has(node))
      return node
    if (path.length >= MAX_DEPTH || ancestors.includes(node)) {
      stoppedShort = true
      return node
    }
    if (entered.has(node) && ++revisits > MAX_REVISITS)
      throw new TooManyPaths()
    entered.add(node)
    const wasShort = stoppedShort
    stoppedShort = false
    ancestors.push(node)
    const keys = Array.isArray(node) ? undefined : Object.keys(node)
    const length = keys ? keys.length : (node as unknown as unknown[]).length
    // Each child read once, kept for the copy.
    const children: unknown[] = []
    let changed = false
    for (let i = 0; i < length; i++) {
      const key = keys ? keys[i]! : i
      let child = node[key]
      if (isObject(child)) {
        path.push(key)
        const marked = visit(child)
        path.pop()
        changed ||= marked !== child
        child = marked
      }
      children.push(child)
    }
    ancestors.pop()
    if (!changed && !stoppedShort)
      unmarked.add(node)
    stoppedShort ||= wasShort
    if (!changed)
      return node
    // fromEntries defines each key, so "__proto__" stays a key, as in JSON.
    const copy = keys ? Object.fromEntries(keys.map((key, i) => [key, children[i]])) : children
    copies.add(copy)
    return copy
  }
  try {
    const template = visit(value)
    if (found.length === 0)
      return undefined
    const kind = template instanceof Slot ? 'whole' : isToolResponse(template) ? 'mcp' : 'data'
    return { template, copies, found, kind }
  }
  catch {
    return undefined
  }
}

/** `node` with each `Slot` replaced by `fill(index)`; only the copies are walked. */
function fillIn(node: unknown, copies: Set<object>, fill: (index: number) => unknown): unknown {
  if (node instanceof Slot)
    return fill(node.index)
  if (!isObject(node) || !copies.has(node))
    return node
  if (Array.isArray(node))
    return node.map(item => fillIn(item, copies, fill))
  return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, fillIn(item, copies, fill)]))
}

/** `node` of the result as the tool meant it, each marked value as given. */
function asGiven(found: FoundUntrusted, node: unknown): unknown {
  return fillIn(node, found.copies, index => found.found[index]!.value)
}

/** The result as the tool meant it, each marked value as given: what an `outputSchema` checks. */
export function unmarked(found: FoundUntrusted): unknown {
  return asGiven(found, found.template)
}

/** A JSON Pointer (RFC 6901) to `path`. */
function pointer(path: Path): string {
  return path.map(key => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/** How a marked value is sent: its text, and how that text is written in the result. */
interface Mark {
  /** Where it is: in `structuredContent` for an MCP result's own. */
  path: Path
  /** A string as it is, anything else as its JSON; well formed. */
  source: string
  /** A string outside `structuredContent`: shortened to fit a budget. JSON is never cut, as anywhere else. */
  cuttable: boolean
  /** Inside the JSON text of plain data, where each escape is escaped again. */
  nested: boolean
  /** Inside `structuredContent`: sent as it is, and listed. */
  structured: boolean
}

function toMark({ kind }: FoundUntrusted, { value, path }: FoundUntrusted['found'][number], structured: boolean): Mark {
  const inStructured = kind === 'mcp' ? path[0] === 'structuredContent' : structured
  return {
    path: kind === 'mcp' && inStructured ? path.slice(1) : path,
    source: markedSource(value),
    cuttable: typeof value === 'string' && !inStructured,
    nested: kind === 'data',
    structured: inStructured,
  }
}

/** A mark's whole text as sent, look-alike delimiters disarmed. */
function fullText(mark: Mark): string {
  return disarm(mark.source)
}

/**
 * What a cut can keep of a mark under `limit`: its start, disarmed. A cut
 * keeps at most `limit` code points, so a long text is only read that far
 * (each code point is one or two code units).
 */
function startOf(mark: Mark, limit: number): string {
  const keep = 2 * limit + 2
  return disarm(mark.source.length > keep ? mark.source.slice(0, keep) : mark.source)
}

/** The pointers to list, inside `structuredContent`. */
function structuredPointers(marks: Mark[]): string[] {
  return marks.flatMap(mark => (mark.structured ? [pointer(mark.path)] : []))
}

/**
 * The result the agent receives, each marked value's text as `texts` holds it
 * (shortened or not): the note first, then what the tool returned, marked.
 * `structured`: a tool with an `outputSchema`, whose object result is sent as
 * `structuredContent` beside its marked JSON.
 */
function render(found: FoundUntrusted, marks: Mark[], texts: string[], boundary: Boundary, structured: boolean): WebMCPToolResponse {
  const note = { type: 'text' as const, text: boundary.note }
  const delimited = (index: number): string => delimit(texts[index]!, boundary)
  const pointers = structuredPointers(marks)
  const listed = pointers.length ? { [UNTRUSTED_KEY]: pointers } : undefined
  if (found.kind === 'mcp') {
    const template = found.template as WebMCPToolResponse
    const { content, structuredContent, ...rest } = template
    const response = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, fillIn(item, found.copies, delimited)])) as Omit<WebMCPToolResponse, 'content'>
    const meta = isObject(response._meta) ? response._meta : {}
    return {
      ...response,
      content: [note, ...fillIn(content, found.copies, delimited) as WebMCPToolResponse['content']],
      ...(structuredContent !== undefined ? { structuredContent: asGiven(found, structuredContent) as Record<string, unknown> } : {}),
      ...(listed || response._meta !== undefined ? { _meta: { ...meta, ...listed } } : {}),
    }
  }
  const text = found.kind === 'whole' ? delimited(0) : safeStringify(fillIn(found.template, found.copies, delimited)) ?? ''
  const data = unmarked(found)
  const asStructured = structured && isObject(data) && !Array.isArray(data)
  return {
    content: [note, { type: 'text', text }],
    ...(asStructured ? { structuredContent: data, ...(listed ? { _meta: listed } : {}) } : {}),
  }
}

/** What `text` costs in the result: once escaped, or twice inside the JSON of plain data. */
function costOf(text: string, nested: boolean): number {
  return serializedLength(nested ? JSON.stringify(text).slice(1, -1) : text)
}

/** `text` cut, with the cut's marker, to cost at most `room`; `total`: the code points of the whole text it starts. */
function cutTo(text: string, room: number, nested: boolean, total: number): string {
  if (!nested)
    return cutText(text, room, total).text
  // Twice escaped, a character costs at most double: a few tries close in on
  // the room, and half of it always fits.
  let budget = room
  for (let tries = 0; tries < 4 && budget > 0; tries++) {
    const cut = cutText(text, budget, total).text
    const over = costOf(cut, true) - room
    if (over <= 0)
      return cut
    budget -= over
  }
  return cutText(text, Math.floor(room / 2), total).text
}

/**
 * The room each marked string gets: the strings that fit an equal share keep
 * all of theirs, and the rest share what is left equally.
 */
function shareRoom(costs: Map<number, number>, room: number): Map<number, number> {
  const order = [...costs].sort((a, b) => a[1] - b[1])
  const rooms = new Map<number, number>()
  let left = room
  order.forEach(([index, cost], k) => {
    const share = Math.min(cost, Math.floor(left / (order.length - k)))
    rooms.set(index, share)
    left -= share
  })
  return rooms
}

/**
 * The result the agent receives for a result with marked values, within
 * `limit` characters when its marked strings can be shortened to fit (every
 * other part counted whole, the note and delimiters included); otherwise whole,
 * for the budget to refuse. No `limit`: whole.
 */
export function markUntrusted(found: FoundUntrusted, { limit, structured = false }: { limit?: number, structured?: boolean } = {}): WebMCPToolResponse {
  const marks = found.found.map(entry => toMark(found, entry, structured))
  const boundary = newBoundary(marks.map(mark => mark.source))
  const whole = (): WebMCPToolResponse => render(found, marks, marks.map(fullText), boundary, structured)
  if (limit === undefined)
    return whole()
  // A text longer than twice the limit in code units is over it: no need to render and measure megabytes to know.
  if (!marks.some(mark => mark.source.length / 2 > limit)) {
    const response = whole()
    if (resultSize(response) <= limit)
      return response
  }
  const room = limit - resultSize(render(found, marks, marks.map(mark => (mark.cuttable ? '' : fullText(mark))), boundary, structured))
  if (room < 0 || !marks.some(mark => mark.cuttable))
    return whole()
  const starts = marks.map(mark => (mark.cuttable ? startOf(mark, limit) : ''))
  // Exact costs for the texts that may fit; the rest are cut whatever they cost.
  const costs = new Map(marks.flatMap((mark, index) => {
    const start = starts[index]!
    return mark.cuttable ? [[index, start.length / 2 > room ? Infinity : costOf(start, mark.nested)] as const] : []
  }))
  const rooms = shareRoom(costs, room)
  const texts = marks.map((mark, index) => {
    const share = rooms.get(index)
    if (share === undefined)
      return fullText(mark)
    const start = starts[index]!
    return costs.get(index)! <= share ? start : cutTo(start, share, mark.nested, codePointLength(mark.source))
  })
  return render(found, marks, texts, boundary, structured)
}
