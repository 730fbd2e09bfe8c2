/// <reference types="webmcp-types" />
// One agent call as Chromium 156 runs it, apart from what the call does: the
// tasks it starts in and answers in, and what the caller's abort does; and
// what a registered tool's call does.
import { domError, INVOCATION_FAILED, parseInput, serializeResult } from './conversions'

/**
 * Runs `run` as Chromium runs an agent's call: the call starts in a task of its
 * own (so a caller's `abort()` right after `executeTool` rejects at once, yet
 * the page still runs the call); the caller's abort reaches the page a task
 * later, aborting the signal of a call still running, then calls `cancel`
 * (which fires `toolcancel`) once the abort's microtasks have run.
 */
export function callInTask(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<string>, cancel: () => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const page = new AbortController()
    let running = false
    let answered = false
    const onAbort = () => {
      if (answered)
        return
      answered = true
      reject(signal!.reason)
      setTimeout(() => {
        if (!running)
          return
        // Chromium aborts from outside any script: what the abort's listeners
        // queue (a result the page settles on it) runs before `toolcancel`,
        // and `toolcancel` before the tasks they queue.
        setTimeout(cancel, 0)
        page.abort(signal!.reason)
      }, 0)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    setTimeout(() => {
      running = true
      run(page.signal)
        .then(
          (value) => {
            if (!answered)
              resolve(value)
          },
          (error: unknown) => {
            if (!answered)
              reject(error)
          },
        )
        .finally(() => {
          running = false
          answered = true
          signal?.removeEventListener('abort', onAbort)
        })
    }, 0)
  })
}

/** A registered tool's call: `execute` on the parsed input, its value as the JSON text the caller gets. */
export async function runTool(tool: WebMCP.ModelContextTool, json: string, signal: AbortSignal, activate: () => void): Promise<string> {
  let running: Promise<unknown>
  try {
    const input = parseInput(json)
    running = (async () => tool.execute(input, { signal }))()
  }
  finally {
    // Chromium fires it once `execute` has been called, or its input refused.
    activate()
  }
  let value: unknown
  try {
    value = await running
  }
  catch {
    throw domError(INVOCATION_FAILED, 'UnknownError')
  }
  try {
    // The caller gets null where Chromium has no text to give (typed string as webmcp-types has it).
    return serializeResult(value) as string
  }
  catch { // a cycle, a BigInt inside, a throwing getter: the call fails as a whole
    throw domError(INVOCATION_FAILED, 'UnknownError')
  }
}
