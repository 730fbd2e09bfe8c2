/**
 * A failure as an `Error`. A DOMException stays itself, with its name and
 * message, even where it is not an `Error` (jsdom); so does any object with a
 * `message`.
 */
export function toError(failure: unknown): Error {
  return typeof (failure as Error | null)?.message === 'string' ? failure as Error : new Error(String(failure))
}
