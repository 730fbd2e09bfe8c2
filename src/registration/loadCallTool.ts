// Step 2 of a call (see "How a call flows" in docs/contributing.md): loads the
// call path, call/callTool.ts, and runs the call through it. The call path is
// not start-up code: it loads once the browser is idle after tools registered
// (the warm-up, which also loads the parts those tools' calls can need), or on
// a page's first tool call. A load that fails (a network error, a chunk gone
// after a deploy) is that call's `INTERNAL` result, and the next call loads again.
import type { ToolCallOutcome } from '../call/callTool'
import type { EndCall } from '../call/trackedCall'
import type { WarmUpTool } from '../call/warmUp'

type CallPath = typeof import('../call')

let loaded: CallPath | undefined

/** The call path, loaded once. Only a success is kept: a failed import() kept would fail every later call the same way. */
async function loadCallPath(): Promise<CallPath> {
  return loaded ??= await import('../call')
}

/** Tools registered since the last warm-up was scheduled; undefined while none waits. */
let toWarm: WarmUpTool[] | undefined

/**
 * Loads the call path, and what calls of `tool` can need, once the browser is
 * idle (call/warmUp.ts). Tools registered before it runs share one warm-up.
 * A warm-up that fails leaves the loads to the calls.
 */
export function warmUpWhenIdle(tool: WarmUpTool): void {
  if (toWarm)
    return void toWarm.push(tool)
  toWarm = [tool]
  // Safari has no requestIdleCallback: a task after the tools registered.
  ;(globalThis.requestIdleCallback ?? setTimeout)(() => {
    const tools = toWarm!
    toWarm = undefined
    loadCallPath().then(path => path.warmUp(tools), () => {})
  })
}

/**
 * Runs one call through the call path (`run`), loading it first if need be.
 * `end`: the call state that counted the call, ended here if the call path
 * cannot load (the call path ends it otherwise). Never rejects.
 */
export function loadAndCallTool(end: EndCall | undefined, run: (path: CallPath) => Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
  // Once loaded, no import() and no await: a call costs no extra task.
  if (loaded)
    return run(loaded)
  return loadCallPath().then(run, (error: unknown): ToolCallOutcome => {
    end?.({ ok: false, failure: error })
    // The agent's INTERNAL result, built here since the module that builds
    // results is the one that failed (`ERROR_CODE_KEY` written out for the
    // same reason). The agent reads that only a reload helps, never the
    // import's error, which names the page's files; the developer reads that
    // in the outcome's `error` (the tool's `lastError`). The call never
    // started, so no hook runs (`onToolCall`, `onToolResult`, `onError` are
    // the call path's).
    return {
      response: {
        content: [{ type: 'text', text: 'The tool did not run: its code could not be loaded. Reload the page before calling it.' }],
        isError: true,
        _meta: { 'vue-webmcp/code': 'INTERNAL' },
      },
      ok: false,
      code: 'INTERNAL',
      error,
    }
  })
}
