// The waits of a call, bounded: a part of the call path that could not be
// loaded (call/parts.ts; a network error, a chunk gone after a deploy: a
// `CodeLoadError`, the guard's `INTERNAL`), any await raced against the
// call's signal, and the time limit a call runs by (`timeoutSetting`).
// No Vue import.

import { CodeLoadError } from '../shared/errors'
import { warnOnce } from '../shared/warn'

/** The longest delay a browser timer holds (2^31-1 ms, about 24.8 days): a longer one fires at once, so every limit is clamped to it. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Rethrows a `CodeLoadError` as the agent reads it: what did not happen
 * (`what`, naming the tool), that a reload must come first, and, for a tool
 * that ran already, whether calling it again is safe. Anything else as it is.
 */
export function loadFailure(what: string, ran = false): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof CodeLoadError))
      throw error
    const advice = ran
      ? 'Its result was not sent. Reload the page before calling it, and call it again only if running it twice is safe.'
      : 'Reload the page before calling it.'
    throw new CodeLoadError(error.part, `${what}. ${advice}`, { cause: error.cause })
  }
}

/**
 * Awaits a value that may be a promise, racing the call's signal: a cancel or
 * timeout answers at once. A failure once the signal aborted is that abort,
 * whatever the work rejected with (a tool that throws its own error as it
 * stops, before the race hears of the abort). `bound` is what holds the
 * signal (the call's `{ signal }`), read only for a value still pending: the
 * call makes its signal only when a step waits.
 */
export async function raceSignal<T>(value: T | Promise<T>, bound: { readonly signal: AbortSignal }): Promise<T> {
  if (typeof (value as { then?: unknown } | null)?.then !== 'function')
    return value
  const { signal } = bound
  if (signal.aborted)
    throw signal.reason
  try {
    return await Promise.race([value, new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })])
  }
  catch (error) {
    throw signal.aborted ? signal.reason : error
  }
}

/**
 * `timeoutMs` as the call path uses it. Unset, `0` or `Infinity`: no time limit.
 * Above `MAX_TIMER_MS`: clamped to it. Negative, `NaN` or not a number: a
 * mistake, reported in development; the call runs without a time limit.
 */
export function timeoutSetting(ms: unknown, warn: (message: string) => void = warnOnce): number | undefined {
  if (typeof ms === 'number' && ms > 0)
    return ms < Infinity ? Math.min(ms, MAX_TIMER_MS) : undefined
  if (__DEV__ && ms !== undefined && ms !== 0)
    warn(`timeoutMs must be a positive number of milliseconds (0 or Infinity for none); got ${String(ms)}. The tool runs without a time limit.`)
}
