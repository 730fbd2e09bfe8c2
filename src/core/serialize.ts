// JSON serialization that never throws. No Vue import.
//
// `JSON.stringify` is the fast path. Only when it throws (a cycle, a BigInt, a
// `toJSON` or getter that throws) does the slow path walk the value once, with
// JSON's own rules plus a marker for each thing JSON cannot hold.

/** Replaces lone surrogates with U+FFFD so the text is valid Unicode on the wire. */
export function toWellFormed(text: string): string {
  const native = (text as { toWellFormed?: () => string }).toWellFormed
  if (native)
    return native.call(text)
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}

function describeError(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
    ? String((error as { message: unknown }).message)
    : String(error)
}

/**
 * `JSON.stringify(value)`, except that it never throws and never returns
 * `undefined`. What JSON cannot hold gets a readable marker:
 * - a BigInt becomes its decimal digits (a string inside objects, so no precision is lost);
 * - a reference back to an enclosing object or array becomes `"[Circular]"`;
 * - a `toJSON` or getter that throws becomes `"[Unserializable: message]"`.
 * Functions, symbols and `undefined` follow JSON: dropped from objects, `null` in arrays.
 * Returns `undefined` only when the value itself is a function, a symbol or `undefined`.
 */
export function safeStringify(value: unknown): string | undefined {
  if (typeof value === 'bigint')
    return value.toString()
  try {
    return JSON.stringify(value)
  }
  catch {
    return JSON.stringify(toJSONSafe(value, '', []))
  }
}

function toJSONSafe(value: unknown, key: string, ancestors: object[]): unknown {
  try {
    if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
      value = (value as { toJSON: (key: string) => unknown }).toJSON(key)
  }
  catch (error) {
    return `[Unserializable: ${describeError(error)}]`
  }
  if (typeof value === 'bigint')
    return value.toString()
  if (value === null || typeof value !== 'object')
    return value
  if (ancestors.includes(value))
    return '[Circular]'
  ancestors.push(value)
  try {
    if (Array.isArray(value)) {
      const out: unknown[] = []
      for (let i = 0; i < value.length; i++) {
        const item = toJSONSafe(readProperty(value, i), String(i), ancestors)
        out.push(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item)
      }
      return out
    }
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(value)) {
      const item = toJSONSafe(readProperty(value, k), k, ancestors)
      if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol')
        out[k] = item
    }
    return out
  }
  catch (error) {
    return `[Unserializable: ${describeError(error)}]`
  }
  finally {
    ancestors.pop()
  }
}

function readProperty(target: object, key: PropertyKey): unknown {
  try {
    return (target as Record<PropertyKey, unknown>)[key]
  }
  catch (error) {
    return `[Unserializable: ${describeError(error)}]`
  }
}
