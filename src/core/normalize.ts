/**
 * MCP result normalization. No Vue import.
 *
 * The matrix follows use-webmcp-tool (https://github.com/GoogleChromeLabs/use-webmcp-tool,
 * Copyright 2026 Google LLC, Apache-2.0; see NOTICE) on every input where that
 * project yields a valid `CallToolResult`, so agents see the same results from
 * the React and Vue integrations. Where it yields no valid result (cycles,
 * BigInt, functions, symbols, `undefined` thrown, throwing `toJSON`,
 * DOMExceptions outside `Error`, errors from another realm) this module returns
 * a valid one instead. The README's normalization table lists every row.
 */
import type { WebMCPContentBlock, WebMCPToolResponse } from '../types'
import { isErrorLike } from './errorLike'
import { safeStringify, toWellFormed } from './serialize'
import { codePointLength } from './text'

function text(value: string): WebMCPContentBlock {
  return { type: 'text', text: toWellFormed(value) }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object'
}

/** An object that is already an MCP result: it has a `content` array. */
export function isToolResponse(value: unknown): value is WebMCPToolResponse {
  return isObject(value) && Array.isArray(value.content)
}

function isDOMExceptionLike(error: Error): boolean {
  return (typeof DOMException !== 'undefined' && error instanceof DOMException)
    || Object.prototype.toString.call(error) === '[object DOMException]'
}

/**
 * Repairs a content array in place of passing an invalid one through: a text
 * block whose `text` is not a string gets its serialization, and an entry that
 * is not a block becomes a text block. Valid arrays are returned as they are.
 */
function repairContent(content: unknown[]): WebMCPContentBlock[] | undefined {
  let repaired: WebMCPContentBlock[] | undefined
  for (let i = 0; i < content.length; i++) {
    const block = content[i]
    let fixed: WebMCPContentBlock | undefined
    if (!isObject(block) || typeof block.type !== 'string')
      fixed = text(typeof block === 'string' ? block : (safeStringify(block) ?? String(block)))
    else if (block.type === 'text' && typeof block.text !== 'string')
      fixed = { ...block, type: 'text', text: typeof block.text === 'undefined' ? '' : (safeStringify(block.text) ?? String(block.text)) }
    if (fixed) {
      repaired ??= content.slice() as WebMCPContentBlock[]
      repaired[i] = fixed
    }
  }
  return repaired
}

/**
 * Turns whatever a tool returned into an MCP `CallToolResult`.
 * - an object with a `content` array: passed through unchanged (repaired only if a block is invalid);
 * - `null`, `undefined`, a function or a symbol: an empty success, `{ content: [] }`;
 * - a string: one text block;
 * - a BigInt: its digits; anything else: its JSON, cycles and throwing `toJSON` marked.
 * Text is made well formed (lone surrogates become U+FFFD).
 */
export function toToolResponse(value: unknown): WebMCPToolResponse {
  if (isToolResponse(value)) {
    const repaired = repairContent(value.content)
    return repaired ? { ...value, content: repaired } : value
  }
  if (value === undefined || value === null)
    return { content: [] }
  if (typeof value === 'string')
    return { content: [text(value)] }
  const json = safeStringify(value)
  return { content: json === undefined ? [] : [text(json)] }
}

/** Longest error text passed on to the agent, in code points. */
export const MAX_ERROR_TEXT = 1000

/**
 * Keeps error text that came from elsewhere (an HTTP body inside a thrown
 * error) from flooding the agent: an HTML page is replaced by a short note,
 * anything else is shortened to `MAX_ERROR_TEXT` code points and marked.
 */
export function sanitizeErrorText(message: string): string {
  const html = message.search(/<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]/i)
  if (html !== -1) {
    const before = message.slice(0, html).trimEnd()
    const note = `[HTML error page omitted, ${codePointLength(message) - codePointLength(before)} characters]`
    message = before ? `${before} ${note}` : note
  }
  const total = codePointLength(message)
  if (total <= MAX_ERROR_TEXT)
    return message
  const kept = Array.from(message.slice(0, MAX_ERROR_TEXT * 2)).slice(0, MAX_ERROR_TEXT - 60).join('')
  return `${kept}… [error text shortened: showed ${MAX_ERROR_TEXT - 60} of ${total} characters]`
}

/** The text the agent reads for a failure. */
export function errorMessage(error: unknown): string {
  if (isErrorLike(error)) {
    let message = typeof error.message === 'string' ? error.message : String(error.message)
    // A DOMException's name is what tells AbortError from NotAllowedError.
    if (isDOMExceptionLike(error) && error.name && !message.startsWith(error.name))
      message = message ? `${error.name}: ${message}` : error.name
    return message
  }
  if (typeof error === 'string')
    return error
  if (error === undefined)
    return 'The tool failed without saying why (it threw undefined).'
  return safeStringify(error) ?? String(error)
}

/** Turns whatever a tool threw (or returned as an `Error`) into an `isError` result. */
export function toErrorResponse(error: unknown): WebMCPToolResponse {
  return { content: [text(sanitizeErrorText(errorMessage(error)))], isError: true }
}
