/**
 * MCP result normalization. No Vue import.
 *
 * The matrix follows use-webmcp-tool (https://github.com/GoogleChromeLabs/use-webmcp-tool,
 * Copyright 2026 Google LLC, Apache-2.0; see NOTICE) on every input where that
 * project yields a valid `CallToolResult`, so agents see the same results from
 * the React and Vue integrations. Where it yields no valid result (cycles,
 * BigInt, functions, symbols, `undefined` thrown, throwing `toJSON`, revoked
 * Proxies, DOMExceptions outside `Error`, errors from another realm, MCP-shaped
 * objects that cannot be serialized) this module returns a valid one instead.
 * The normalization table in docs/functions/toToolResponse.md lists every row.
 */
import type { WebMCPContentBlock, WebMCPToolResponse } from '../types'
import { isErrorLike } from '../shared/errorLike'
import { codePointLength, cutText, toWellFormed } from '../shared/text'
import { isToolResponse } from './isToolResponse'
import { describeThrown, isObject, safeStringify } from './serialize'

function text(value: string): WebMCPContentBlock {
  return { type: 'text', text: toWellFormed(value) }
}

function isDOMExceptionLike(error: Error): boolean {
  try {
    return (typeof DOMException !== 'undefined' && error instanceof DOMException)
      || Object.prototype.toString.call(error) === '[object DOMException]'
  }
  catch {
    return false
  }
}

// JSON.stringify writes a lone surrogate as a `\udXXX` escape (pairs stay as
// they are), so in its output every such escape is a lone surrogate. Escapes
// are matched whole, left to right, so `\\ud800` (a backslash, then text) is not one.
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/
const ESCAPE = /\\(?:u[0-9a-f]{4}|.)/g

/** JSON text with every lone surrogate, in any string or key, written as U+FFFD. */
function repairSurrogates(json: string): string {
  if (!LONE_SURROGATE_ESCAPE.test(json))
    return json
  return json.replace(ESCAPE, e => (e.length === 6 && LONE_SURROGATE_ESCAPE.test(e) ? '\\ufffd' : e))
}

/** An entry of a content array as a valid block: a text block's `text` is a string, a non-block is text. */
function repairBlock(block: unknown): WebMCPContentBlock {
  // Parsed JSON: an array has no `type`.
  if (!isObject(block) || typeof block.type !== 'string')
    return text(typeof block === 'string' ? block : JSON.stringify(block))
  if (block.type === 'text' && typeof block.text !== 'string')
    return { ...block, text: block.text === undefined ? '' : JSON.stringify(block.text) } as WebMCPContentBlock
  // A block of a type MCP does not define passes through as it is (and is budgeted).
  return block as unknown as WebMCPContentBlock
}

/**
 * An MCP-shaped object as the agent will receive it: serialized safely (cycles,
 * BigInt, throwing getters and `toJSON` marked as everywhere else), read back,
 * lone surrogates repaired at any depth, invalid blocks repaired. Always a new
 * object, so nothing the tool keeps a reference to can change the answer later.
 */
function copyToolResponse(value: WebMCPToolResponse): WebMCPToolResponse {
  const json = safeStringify(value)
  if (json === undefined)
    return { content: [] }
  const repaired = repairSurrogates(json)
  const parsed = JSON.parse(repaired) as unknown
  // Its own toJSON turned it into something else: that is what it sent. (A
  // block that could not be serialized is a marker string now, repaired below.)
  if (!isObject(parsed) || Array.isArray(parsed) || !Array.isArray(parsed.content))
    return { content: [text(json)] }
  const copy = parsed as unknown as WebMCPToolResponse
  // A text block that mirrored structuredContent (its JSON, lone surrogates
  // escaped in it) mirrors it as repaired, so the two stay one.
  const [mirror, now] = repaired === json || copy.structuredContent === undefined
    ? []
    : [JSON.stringify((JSON.parse(json) as WebMCPToolResponse).structuredContent), JSON.stringify(copy.structuredContent)]
  copy.content = copy.content.map((entry) => {
    const block = repairBlock(entry)
    return block.type === 'text' && block.text === mirror ? { ...block, text: now! } : block
  })
  if (typeof copy.isError !== 'boolean')
    delete copy.isError // a no-op when absent
  return copy
}

/**
 * Turns whatever a tool returned into an MCP `CallToolResult`. Never throws.
 * - an MCP result (an object whose `content` array is empty or holds an MCP
 *   content block, see `isToolResponse`): a serializable copy of it (equal to
 *   it when it is plain JSON), invalid blocks repaired;
 * - `null`, `undefined`, a function or a symbol: an empty success, `{ content: [] }`;
 * - a string: one text block;
 * - a BigInt: its digits; anything else: its JSON, cycles and throwing `toJSON` marked.
 * Text is made well formed (lone surrogates become U+FFFD).
 */
export function toToolResponse(value: unknown): WebMCPToolResponse {
  if (isToolResponse(value))
    return copyToolResponse(value)
  const json = value === null ? undefined : typeof value === 'string' ? value : safeStringify(value)
  return { content: json === undefined ? [] : [text(json)] }
}

/**
 * A checked result as MCP sends a result with an output schema: an object as
 * `structuredContent`, its JSON as the text block for clients that read only
 * text. An MCP result (its `structuredContent` is what was checked), an array
 * or a primitive goes as it is.
 */
export function withStructuredContent(value: unknown): unknown {
  if (isToolResponse(value) || !isObject(value) || Array.isArray(value))
    return value
  return { content: [{ type: 'text', text: safeStringify(value) ?? '' }], structuredContent: value }
}

/** Longest error text passed on to the agent, in code points as serialized (inside a JSON string). */
export const MAX_ERROR_TEXT = 1000

/**
 * Where an HTML document starts in `message`, or -1: a doctype, or an `<html>`,
 * `<head>` or `<body>` tag that is closed further on. A tag named in prose
 * ("Use <head> for metadata") is not a document.
 */
function htmlDocumentStart(message: string): number {
  const doctype = message.search(/<!doctype\s+html/i)
  if (doctype !== -1)
    return doctype
  let start = -1
  for (const tag of ['html', 'head', 'body']) {
    const open = message.search(new RegExp(`<${tag}[\\s>]`, 'i'))
    const earlier = open !== -1 && (start === -1 || open < start)
    if (earlier && new RegExp(`</${tag}\\s*>`, 'i').test(message.slice(open)))
      start = open
  }
  return start
}

/**
 * Keeps error text that came from elsewhere (an HTTP body inside a thrown
 * error) from flooding the agent: an HTML document is replaced by a short note,
 * and the text is cut to `limit` code points as serialized (escapes counted) and marked.
 */
export function sanitizeErrorText(message: string, limit: number = MAX_ERROR_TEXT): string {
  const html = htmlDocumentStart(message)
  if (html !== -1) {
    const before = message.slice(0, html).trimEnd()
    const note = `[HTML error page omitted, ${codePointLength(message) - codePointLength(before)} characters]`
    message = before ? `${before} ${note}` : note
  }
  return cutText(message, limit).text
}

/** Text for a value that is not an Error: never a function's source, never a throw. */
function valueText(value: unknown): string {
  if (typeof value === 'string')
    return value
  if (typeof value === 'function')
    return 'a function'
  if (typeof value === 'symbol')
    return value.toString()
  const json = safeStringify(value) ?? ''
  // Its JSON, quotes and all for a value that serializes to a string (a
  // `Date`, a boxed `String`, a `toJSON` string), as a returned value is;
  // only the marker of a value that cannot be read is shown as text.
  return json.startsWith('"[Unserializable: ') ? JSON.parse(json) as string : json
}

function readName(error: Error): string {
  try {
    return typeof error.name === 'string' ? error.name : ''
  }
  catch {
    return ''
  }
}

/** The text the agent reads for a failure. Never throws, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (isErrorLike(error)) {
    let message: string
    try {
      message = valueText(error.message) // '' for undefined, as it has no JSON
    }
    catch (thrown) {
      message = `${readName(error) || 'Error'} (its message could not be read: ${describeThrown(thrown)})`
    }
    // A DOMException's name is what tells AbortError from NotAllowedError.
    const name = isDOMExceptionLike(error) ? readName(error) : ''
    if (name && !message.startsWith(name))
      message = message ? `${name}: ${message}` : name
    return message
  }
  if (error === undefined || typeof error === 'function')
    return `The tool failed without saying why (it threw ${error ? 'a function' : 'undefined'}).`
  return valueText(error)
}

/** Turns whatever a tool threw (or returned as an `Error`) into an `isError` result. Never throws. */
export function toErrorResponse(error: unknown): WebMCPToolResponse {
  return { content: [text(sanitizeErrorText(errorMessage(error)))], isError: true }
}
