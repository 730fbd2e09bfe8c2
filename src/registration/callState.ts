// What a tool's calls did, for the page's own UI: `isExecuting`, `callCount`,
// `lastResult`, `lastError`, `reset()`. A call begins here when it arrives,
// before the call path is loaded, so `isExecuting` is true from that moment;
// what happens during the call (`onStart`, the result `execute` returned,
// `onSuccess`, why it failed) is the call path's (call/trackedCall.ts), which
// ends the call with what it found. None of it can change the agent's answer:
// the response is made before the state is told, and every state write is
// guarded.
import type { ShallowRef } from 'vue'
import type { CallEnding, EndCall } from '../call/trackedCall'
import type { WebMCPToolCallState } from '../types'
import { shallowRef } from 'vue'
import { toError } from '../shared/toError'

export interface CallState {
  /** What the page reads: `isExecuting`, `callCount`, `lastResult`, `lastError`, `reset()`. */
  state: WebMCPToolCallState
  /** A call arrives: it counts, and `isExecuting` turns true. Returns what ends it. */
  begin: () => EndCall
}

/** Writes a state ref: a `flush: 'sync'` watcher that throws inside the write goes no further, so a call, or a `reset()`, is never left half written. */
function write<T>(state: ShallowRef<T>, value: T): void {
  try {
    state.value = value
  }
  catch (error) {
    if (__DEV__)
      console.error('[vue-webmcp] a watcher of the call state threw; the state was written all the same.', error)
  }
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
    write(callCount, 0)
    write(lastResult, undefined)
    write(lastError, null)
  }

  function begin(): EndCall {
    running++
    const startedIn = generation
    write(callCount, callCount.value + 1)
    write(isExecuting, true)
    return (ending: CallEnding) => {
      running--
      write(isExecuting, running > 0)
      // A call that began before `reset()` no longer writes what reset cleared.
      if (startedIn === generation) {
        write(lastResult, ending.ok ? ending.result : undefined)
        write(lastError, ending.ok ? null : toError(ending.failure))
      }
    }
  }

  return { state: { isExecuting, callCount, lastResult, lastError, reset }, begin }
}
