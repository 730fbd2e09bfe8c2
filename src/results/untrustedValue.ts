// Marking what third parties wrote: the values a tool returns through
// `untrusted()` and `untrustedResult()`. Small, and loaded with the page, since
// tools build their results with it; the marking itself happens in the call
// path (untrusted.ts), where the result's budget is known. No Vue import.
import type { WebMCPUntrusted } from '../types'
import { toWellFormed } from '../shared/text'
import { warnOnce } from '../shared/warn'
import { noteMarked } from './anyMarked'
import { delimit, disarm, newBoundary } from './boundary'
import { safeStringify } from './serialize'

/**
 * The brand of a marked value. `Symbol.for`, so a second copy of the package
 * on the page (an ESM and a CJS build, say) recognizes this one's values; a
 * symbol, so no JSON (an agent's arguments echoed back, say) can forge one.
 */
const BRAND = Symbol.for('vue-webmcp.untrusted')

class UntrustedValue<T> implements WebMCPUntrusted<T> {
  declare readonly [BRAND]: true
  readonly value: T

  constructor(value: T) {
    this.value = value
    Object.defineProperty(this, BRAND, { value: true })
    Object.freeze(this)
  }

  /**
   * Serialized by code that does not know it (a `JSON.stringify` in the
   * tool's own code, a class instance vue-webmcp does not look inside): still
   * marked, with a boundary and note of its own, but not within any budget.
   */
  toJSON(key?: string): string {
    if (insideMark === 0)
      return fallbackMarking(this.value, 'serialized')
    // Inside a marked value (`markedSource`, whose JSON.stringify alone sees
    // this): already third parties' words, so written as they are, once.
    const value = this.value as { toJSON?: unknown } | null
    return (typeof value?.toJSON === 'function' ? (value.toJSON as (key?: string) => unknown)(key) : value) as string
  }

  toString(): string {
    return fallbackMarking(this.value, 'turned into a string')
  }
}

/** How many marked values are being written out now: inside one, a value marked again is not marked twice. */
let insideMark = 0

/**
 * The text of a marked value: a string as it is, anything else as its JSON,
 * values marked inside it written as they are. Well formed, not yet disarmed.
 */
export function markedSource(value: unknown): string {
  if (typeof value === 'string')
    return toWellFormed(value)
  insideMark++
  try {
    return toWellFormed(safeStringify(value) ?? '')
  }
  finally {
    insideMark--
  }
}

/** The marking of a value serialized outside the call path: whole, with its own note. */
function fallbackMarking(value: unknown, how: string): string {
  if (__DEV__)
    warnOnce(`An untrusted() value was ${how} by code that cannot keep it within the result budget. Return it as a value (the result, or a field of it) and vue-webmcp marks it when it shapes the result.`)
  const text = disarm(markedSource(value))
  const boundary = newBoundary([text])
  return `${boundary.note}\n${delimit(text, boundary)}`
}

/**
 * Marks a value as written by third parties (a review, a comment, a message,
 * anything the page shows but did not author), to return from a tool as its
 * whole result or as a field of it: the agent receives it delimited, with a
 * note saying it is data, not instructions. A string is sent as text; any
 * other value as its JSON. Beside it, the result's other fields stay the
 * page's own.
 */
export function untrusted<T>(value: T): WebMCPUntrusted<T> {
  noteMarked()
  return new UntrustedValue(value)
}

/**
 * A tool's whole result, written by third parties: what `untrusted(data)` is
 * for a single value. With an `outputSchema`, `data` is checked and sent as
 * `structuredContent`, listed as untrusted in `_meta['vue-webmcp/untrusted']`.
 */
export function untrustedResult<T>(data: T): WebMCPUntrusted<T> {
  return untrusted(data)
}

/** A value made by `untrusted()`. Never throws (a revoked Proxy is not one). */
export function isUntrusted(value: unknown): value is WebMCPUntrusted {
  try {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true
  }
  catch {
    return false
  }
}
