// What a tool's calls did, for the page's own UI: `isExecuting`, `callCount`,
// `lastResult`, `lastError`, `reset()`, and the tool's `onStart` and
// `onSuccess`. Fed by the registered tool's own `execute` (registrations.ts):
// a call begins when it arrives, `execute` runs through `run`, and the call
// ends with the outcome the agent is answered with. None of it can change
// that answer: the response is made (always a fresh object, results/normalize.ts)
// before anything here is told, and every hook and state write is guarded.
import type { ShallowRef } from 'vue'
import type { ToolCallOutcome } from '../call/callTool'
import type { AnyToolOptions, WebMCPToolCallState, WebMCPToolExecuteOptions } from '../types'
import { shallowRef } from 'vue'
import { toError } from '../shared/toError'

/** One call of a tool, from its arrival to its answer. */
export interface TrackedCall {
  /** Runs the tool's `execute` (after `onStart`) and notes what it returned. */
  execute: (args: unknown, options: WebMCPToolExecuteOptions) => unknown
  /** The call is answered: the state says so, and `onSuccess` runs for a success. */
  end: (outcome: ToolCallOutcome) => void
}

export interface CallState extends WebMCPToolCallState {
  /** A call arrives: it counts, and `isExecuting` turns true. */
  begin: (options: AnyToolOptions) => TrackedCall
}

/** Development builds: logs a failure that must not reach the call. */
function report(what: string, error: unknown): void {
  if (__DEV__)
    console.error(`[vue-webmcp] ${what} threw; the tool call went on.`, error)
}

/** Writes a state ref: a `flush: 'sync'` watcher that throws inside the write goes no further. */
function write<T>(state: ShallowRef<T>, value: T): void {
  try {
    state.value = value
  }
  catch (error) {
    report('a watcher of the call state', error)
  }
}

/** Runs `onStart` or `onSuccess`: a throw, or a promise it returns that rejects, goes no further. */
function runHook(what: string, hook: () => unknown): void {
  try {
    const returned = hook() as { then?: unknown } | undefined
    if (typeof returned?.then === 'function')
      (returned as PromiseLike<unknown>).then(undefined, error => report(what, error))
  }
  catch (error) {
    report(what, error)
  }
}

/**
 * Why a call failed, as an `Error`: what was thrown (or the call path's own
 * failure), else, for an `isError` result the tool returned, its text. Never
 * throws: a tool may throw a revoked Proxy, or an object whose getters throw.
 */
function failureOf(outcome: ToolCallOutcome): Error {
  try {
    if (outcome.error !== undefined)
      return toError(outcome.error)
  }
  catch {
    return new Error('The tool threw a value that cannot be read.')
  }
  // The response is the call path's own plain copy: safe to read.
  const text = outcome.response.content.map(block => (block.type === 'text' ? block.text : '')).join('\n')
  const error = new Error(text || 'The tool returned an isError result.')
  error.name = 'ToolError'
  return error
}

/** The call state of one tool. */
export function createCallState(): CallState {
  const isExecuting = shallowRef(false)
  const callCount = shallowRef(0)
  const lastResult: ShallowRef<unknown> = shallowRef()
  const lastError = shallowRef<Error | null>(null)
  // Calls running now, and which `reset()` they started after.
  let running = 0
  let generation = 0

  function reset(): void {
    generation++
    callCount.value = 0
    lastResult.value = undefined
    lastError.value = null
  }

  function begin(options: AnyToolOptions): TrackedCall {
    running++
    const startedIn = generation
    // A `flush: 'sync'` watcher runs inside these writes: guarded like a hook.
    write(callCount, callCount.value + 1)
    write(isExecuting, true)
    let ran: { args: unknown, result?: unknown } | undefined
    return {
      execute(args, executeOptions) {
        ran = { args }
        runHook('onStart', () => options.onStart?.(args))
        const result = options.execute(args, executeOptions) as unknown
        if (typeof (result as { then?: unknown } | null)?.then !== 'function')
          return (ran.result = result)
        const noted = ran
        return Promise.resolve(result).then(value => (noted.result = value))
      },
      end(outcome) {
        running--
        write(isExecuting, running > 0)
        // A call that began before `reset()` no longer writes what reset cleared.
        if (startedIn === generation) {
          write(lastResult, outcome.ok ? ran?.result : undefined)
          write(lastError, outcome.ok ? null : failureOf(outcome))
        }
        if (outcome.ok && ran)
          runHook('onSuccess', () => options.onSuccess?.(ran!.result, ran!.args))
      },
    }
  }

  return { isExecuting, callCount, lastResult, lastError, reset, begin }
}
