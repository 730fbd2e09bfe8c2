// Step 2 of a call (see "How a call flows" in the README): loads the
// call path, core/callTool.ts, on a page's first tool call, and runs the call
// through it. The validator, the result budgets and normalization are not
// start-up code. A load that fails (a network error, a chunk gone after a
// deploy) is that call's `INTERNAL` result, and the next call loads again.
import type { ToolCall, ToolCallOutcome } from '../core/callTool'
import type { WebMCPToolResponse } from '../types'

type CallToolModule = typeof import('../core/callTool')

let loading: Promise<CallToolModule> | undefined
let loaded: CallToolModule | undefined

/** Runs one call through the call path, loading it first if need be. Never rejects. */
export async function loadAndCallTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  // Once loaded, used without an await: a call costs no extra task or microtask.
  if (!loaded) {
    try {
      loaded = await (loading ??= import('../core/callTool'))
    }
    catch (error) {
      // Not kept: a failed import() kept would fail every later call the same way.
      loading = undefined
      // The agent's INTERNAL result (`ERROR_CODE_KEY` written out: its module
      // is not start-up code). `onToolResult` sees it as any other failure;
      // `onToolCall`, `execute` and `onError` never ran. Start-up code, so
      // kept short: a throw or rejection of the hook goes no further.
      const response = (): WebMCPToolResponse => ({
        content: [{ type: 'text', text: `Tool "${call.name}" did not run: its call code could not be loaded (${(error as Error | null)?.message ?? error}). Try again.` }],
        isError: true,
        _meta: { 'vue-webmcp/code': 'INTERNAL' },
      })
      const outcome = { response: response(), ok: false, code: 'INTERNAL', error } as const
      try {
        Promise.resolve(call.settings.onToolResult?.({ name: call.name, ...(call.origin ?? { source: 'tool', caller: 'agent' }), ms: 0, ...outcome, response: response() })).catch(() => {})
      }
      catch {}
      return outcome
    }
  }
  return loaded.callTool(call, args)
}
