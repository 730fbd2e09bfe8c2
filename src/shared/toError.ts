/**
 * A failure as an `Error`. A DOMException stays itself, with its name and
 * message, even where it is not an `Error` (jsdom); so does any object with a
 * `message`. Never throws: what was thrown may be a revoked Proxy, or an
 * object whose getters throw.
 */
export function toError(failure: unknown): Error {
  try {
    return typeof (failure as Error | null)?.message === 'string' ? failure as Error : new Error(String(failure))
  }
  catch {
    return new Error('A value that cannot be read was thrown.')
  }
}
