/**
 * An `Error` from this realm or another one (an iframe's), or a DOMException
 * wherever its prototype chain does not reach `Error`. Never throws: a revoked
 * Proxy or a throwing getter is simply not error-like.
 */
export function isErrorLike(value: unknown): value is Error {
  if (value === null || typeof value !== 'object')
    return false
  try {
    if (value instanceof Error)
      return true
    const tag = Object.prototype.toString.call(value)
    const v = value as Record<string, unknown>
    return tag === '[object Error]' || tag === '[object DOMException]'
      || (typeof v.name === 'string' && typeof v.message === 'string' && typeof v.stack === 'string')
  }
  catch {
    return false
  }
}
