// Step 2 of a call (see "How a call flows" in docs/contributing.md): loads the
// call path, call/callTool.ts, on a page's first tool call, and runs the call
// through it. The validator, the result budgets and normalization are not
// start-up code. A load that fails (a network error, a chunk gone after a
// deploy) is that call's `INTERNAL` result, and the next call loads again.
import type { ToolCall, ToolCallOutcome } from '../call/callTool'
import type { CallHooks, EndCall, ToolCallInput } from '../call/trackedCall'

let loaded: typeof import('../call') | undefined

/** A tool's call state, for a call that has one: its hooks, and what ends the call in it. */
export interface CallTracking {
  hooks: CallHooks
  end: EndCall
}

/**
 * Runs one call through the call path, loading it first if need be; with
 * `tracking`, the call path runs the hooks and ends the call in the call state.
 * Never rejects.
 */
export async function loadAndCallTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome>
export async function loadAndCallTool<Args, Result>(call: ToolCallInput<Args, Result>, args: Args, tracking: CallTracking): Promise<ToolCallOutcome>
export async function loadAndCallTool<Args, Result>(call: ToolCallInput<Args, Result>, args: Args, tracking?: CallTracking): Promise<ToolCallOutcome> {
  // Once loaded, no import() again: a call costs no extra task.
  if (!loaded) {
    try {
      // Only a success is kept: a failed import() kept would fail every later
      // call the same way. (Concurrent first calls share the browser's fetch.)
      loaded = await import('../call')
    }
    catch (error) {
      tracking?.end({ ok: false, failure: error })
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
    }
  }
  // A call without call state (a form's) is given its view as fields: it needs no `read`.
  return tracking ? loaded.callTrackedTool(call, args, tracking.hooks, tracking.end) : loaded.runToolCall(call as ToolCall<Args, Result>, args)
}
