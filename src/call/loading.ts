// The waits of a call, bounded: a part of the call path that could not be
// loaded (call/parts.ts; a network error, a chunk gone after a deploy: a
// `CodeLoadError`, the guard's `INTERNAL`), any await raced against the
// call's signal, and what bounds every step of a call (`CallLimits`): the
// signals that cancel it and the time limit it runs by (`timeoutSetting`).
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

/** What of a call its limits read: its name (for the reasons it stops with), its time limit, and the signals that cancel it. */
interface BoundedCall {
  name: string
  settings: { timeoutMs?: number, warn?: (message: string) => void }
  signals: readonly (AbortSignal | undefined)[]
}

/**
 * The reason the call's signal aborts with when one of the call's signals
 * does: an `AbortError` whatever the caller's reason (a cancel is not the
 * tool's failure: `ABORTED`, no `onError`), that reason kept as its `cause`.
 */
function cancelled(name: string, reason: unknown): Error {
  const error = new Error(`The call of tool "${name}" was cancelled before it finished (the caller cancelled, or the page moved on).`, { cause: reason })
  error.name = 'AbortError'
  return error
}

/**
 * What bounds every step of a call: its signals (the caller's, the owning
 * scope's) and its time limit. `signal` is made, and those signals listened
 * to, only when first read (a step that waits on a promise, an `execute` that
 * reads it): in Chromium an AbortController and listeners cost more than the
 * rest of a simple call. The timer pauses while the person decides.
 */
export class CallLimits {
  readonly options: { readonly signal: AbortSignal }
  // Declared, not defined: a call that needs none of them makes none.
  declare private controller?: AbortController
  // Removed by hand as the call ends: aborting a second controller costs more.
  declare private listeners?: (() => void)[]
  declare private released?: boolean
  private readonly ms: number | undefined
  private remaining: number | undefined
  declare private timerStarted?: number
  declare private timer?: ReturnType<typeof setTimeout>

  constructor(private readonly call: BoundedCall) {
    this.options = optionsOf(this)
    this.remaining = this.ms = timeoutSetting(call.settings.timeoutMs, call.settings.warn)
    this.resumeTimer()
  }

  get signal(): AbortSignal {
    return this.open().signal
  }

  /** Throws why the call must stop, if it must; makes no signal. */
  check(): void {
    let stopped = this.controller !== undefined
    for (const source of this.call.signals)
      stopped ||= source?.aborted === true
    if (stopped)
      this.open().signal.throwIfAborted()
  }

  pauseTimer(): void {
    if (this.timer === undefined)
      return
    this.stopTimer()
    this.remaining = Math.max(0, this.remaining! - (performance.now() - this.timerStarted!))
  }

  resumeTimer(): void {
    const { call, ms, remaining } = this
    if (remaining === undefined || this.timer !== undefined)
      return
    this.timerStarted = performance.now()
    this.timer = setTimeout(() => this.open().abort(new DOMException(`Tool "${call.name}" timed out after ${ms} ms.`, 'TimeoutError')), remaining)
  }

  release(): void {
    this.released = true
    for (const remove of this.listeners ?? [])
      remove()
    if (this.timer !== undefined)
      this.stopTimer()
  }

  private stopTimer(): void {
    this.timer = void clearTimeout(this.timer)
  }

  private open(): AbortController {
    if (this.controller)
      return this.controller
    const { call } = this
    const listeners: (() => void)[] = this.listeners = []
    const made = this.controller = new AbortController()
    // Read after the call ended: a signal that never aborts, as it would be by then.
    for (const source of this.released ? [] : call.signals) {
      if (!source)
        continue
      if (source.aborted) {
        made.abort(cancelled(call.name, source.reason))
        break
      }
      const onAbort = (): void => made.abort(cancelled(call.name, source.reason))
      source.addEventListener('abort', onAbort, { once: true })
      listeners.push(() => source.removeEventListener('abort', onAbort))
    }
    return made
  }
}

/** What `execute` gets: an own `signal`, as in the platform's `{ signal }`, made when first read. */
function optionsOf(limits: CallLimits): { readonly signal: AbortSignal } {
  return {
    get signal() { return limits.signal },
  }
}

/** `value` within the call's limits: a value already there is taken as it is, with no signal made; a promise races the call's signal. */
export function within<T>(value: T | Promise<T>, limits: CallLimits): T | Promise<T> {
  limits.check()
  return typeof (value as { then?: unknown } | null)?.then === 'function' ? raceSignal(value, limits.options) : value
}
