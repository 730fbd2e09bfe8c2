/**
 * An `Error` from this realm or another one (an iframe's, tagged
 * `[object Error]`), or a DOMException wherever its prototype chain does not
 * reach `Error`. Never throws: a revoked
 * Proxy or a throwing getter is simply not error-like.
 */
export function isErrorLike(value: unknown): value is Error {
  if (value === null || typeof value !== 'object')
    return false
  try {
    if (value instanceof Error)
      return true
    // Its tag, not its shape: a plain `{ name, message, stack }` a tool
    // returns (a person, a chat line) is data, not a failure.
    const tag = Object.prototype.toString.call(value)
    return tag === '[object Error]' || tag === '[object DOMException]'
  }
  catch {
    return false
  }
}
