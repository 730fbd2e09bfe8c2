// JSON serialization that never throws. No Vue import.
//
// `JSON.stringify` is the fast path. Only when it throws (a cycle, a BigInt, a
// `toJSON` or getter that throws, a revoked Proxy) does the slow path walk the
// value once, with JSON's own rules plus a marker for each thing JSON cannot hold.

/**
 * A short, safe description of something thrown while serializing or reading a
 * value: its message when that is a string, never a function's source, and
 * never a throw of its own (a message getter or `toString` may throw too).
 */
export function describeThrown(error: unknown): string {
  try {
    if (typeof error === 'string')
      return error
    if (isObject(error)) {
      const message = error.message
      return typeof message === 'string' ? message : 'an object'
    }
    return typeof error === 'function' ? 'a function' : String(error)
  }
  catch {
    return 'unreadable'
  }
}

/**
 * `JSON.stringify(value)`, except that it never throws and never returns
 * `undefined`. What JSON cannot hold gets a readable marker:
 * - a BigInt becomes its decimal digits (a string inside objects, so no precision is lost);
 * - a reference back to an enclosing object or array becomes `"[Circular]"`;
 * - a `toJSON` or getter that throws, or a revoked Proxy, becomes `"[Unserializable: message]"`.
 * Boxed primitives come out as JSON writes them (`new String('x')` is `"x"`, `Object(10n)` is `"10"`).
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
    try {
      return JSON.stringify(toJSONSafe({ '': value }, '', []))
    }
    catch (error) {
      return JSON.stringify(unserializable(error))
    }
  }
}

/** A non-null object (an array too). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object'
}

/** A value JSON leaves out of an object (and writes as `null` in an array). */
export function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

function unserializable(error: unknown): string {
  return `[Unserializable: ${describeThrown(error)}]`
}

/** A boxed primitive's value, as JSON reads it (by internal slot, not by tag). */
function unbox(value: object): unknown {
  const tag = Object.prototype.toString.call(value)
  for (const box of [String, Number, Boolean, BigInt]) {
    if (tag === `[object ${box.name}]`) {
      try {
        return (box.prototype.valueOf as (this: object) => unknown).call(value)
      }
      catch {
        // A tag faked with Symbol.toStringTag: an ordinary object.
      }
    }
  }
  return value
}

/** `holder[key]` as JSON reads it (the root in a wrapper keyed '', as JSON.stringify holds it), made safe. */
function toJSONSafe(holder: object, key: string, ancestors: object[]): unknown {
  let value: unknown
  try {
    value = (holder as Record<string, unknown>)[key]
    if (isObject(value) && typeof value.toJSON === 'function')
      value = value.toJSON(key)
    if (isObject(value))
      value = unbox(value)
  }
  catch (error) {
    return unserializable(error)
  }
  if (typeof value === 'bigint')
    return value.toString()
  if (!isObject(value))
    return value
  if (ancestors.includes(value))
    return '[Circular]'
  ancestors.push(value)
  try {
    if (Array.isArray(value)) {
      const out: unknown[] = []
      for (let i = 0; i < value.length; i++) {
        const item = toJSONSafe(value, String(i), ancestors)
        out.push(isSkipped(item) ? null : item)
      }
      return out
    }
    // fromEntries defines each key, so "__proto__" is a key like any other, as in JSON.
    return Object.fromEntries(Object.keys(value)
      .map(k => [k, toJSONSafe(value, k, ancestors)])
      .filter(entry => !isSkipped(entry[1])))
  }
  catch (error) {
    return unserializable(error)
  }
  finally {
    ancestors.pop()
  }
}
