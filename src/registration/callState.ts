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

/**
 * Runs author code or a state write whose failure must not reach the call: a
 * throw, or a promise it returns that rejects, is logged in development.
 */
function quietly(what: string, run: () => unknown): void {
  const report = (error: unknown): void => {
    if (__DEV__)
      console.error(`[vue-webmcp] ${what} threw; the tool call went on.`, error)
  }
  try {
    const returned = run() as { then?: unknown } | undefined
    if (typeof returned?.then === 'function')
      (returned as PromiseLike<unknown>).then(undefined, report)
  }
  catch (error) {
    report(error)
  }
}

/**
 * Why a call failed, as an `Error`: what was thrown (or the call path's own
 * failure), else, for an `isError` result the tool returned, its text.
 */
function failureOf(outcome: ToolCallOutcome): Error {
  if (outcome.error !== undefined)
    return toError(outcome.error)
  const text = outcome.response.content.map(block => (block.type === 'text' ? block.text : '')).join('\n')
  const error = new Error(text || `The tool answered an isError result (${outcome.code ?? 'TOOL_ERROR'}).`)
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
    quietly('a watcher of callCount', () => callCount.value++)
    quietly('a watcher of isExecuting', () => (isExecuting.value = true))
    let ran: { args: unknown, result?: unknown } | undefined
    return {
      execute(args, executeOptions) {
        ran = { args }
        quietly('onStart', () => options.onStart?.(args))
        const result = options.execute(args, executeOptions) as unknown
        if (typeof (result as { then?: unknown } | null)?.then !== 'function')
          return (ran.result = result)
        const noted = ran
        return Promise.resolve(result).then(value => (noted.result = value))
      },
      end(outcome) {
        running--
        quietly('a watcher of isExecuting', () => (isExecuting.value = running > 0))
        // A call that began before `reset()` no longer writes what reset cleared.
        if (startedIn === generation) {
          quietly('a watcher of lastResult', () => (lastResult.value = outcome.ok ? ran?.result : undefined))
          quietly('a watcher of lastError', () => (lastError.value = outcome.ok ? null : failureOf(outcome)))
        }
        if (outcome.ok && ran)
          quietly('onSuccess', () => options.onSuccess?.(ran!.result, ran!.args))
      },
    }
  }

  return { isExecuting, callCount, lastResult, lastError, reset, begin }
}
