// Step 2 of a call (see "How a call flows" in docs/contributing.md): loads the
// call path, call/callTool.ts, on a page's first tool call, and runs the call
// through it. The validator, the result budgets and normalization are not
// start-up code. A load that fails (a network error, a chunk gone after a
// deploy) is that call's `INTERNAL` result, and the next call loads again.
import type { ToolCall, ToolCallOutcome } from '../call/callTool'

let loaded: typeof import('../call') | undefined

/** Runs one call through the call path, loading it first if need be. Never rejects. */
export async function loadAndCallTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  // Once loaded, no import() again: a call costs no extra task.
  if (!loaded) {
    try {
      // Only a success is kept: a failed import() kept would fail every later
      // call the same way. (Concurrent first calls share the browser's fetch.)
      loaded = await import('../call')
    }
    catch (error) {
      // The agent's INTERNAL result, built here since the module that builds
      // results is the one that failed (`ERROR_CODE_KEY` written out for the
      // same reason). Start-up code, so kept short: the call never started,
      // so no hook runs (`onToolCall`, `onToolResult`, `onError` are the call
      // path's), and the caller (the agent, or the form's submitter) learns it
      // from this result.
      return {
        response: {
          content: [{ type: 'text', text: `Tool "${call.name}" did not run: its code could not be loaded (${String(error).slice(0, 500)}). Try again.` }],
          isError: true,
          _meta: { 'vue-webmcp/code': 'INTERNAL' },
        },
        ok: false,
        code: 'INTERNAL',
        error,
      }
    }
  }
  return loaded.callTool(call, args)
}
