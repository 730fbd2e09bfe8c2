// Step 2 of a call (see "How a call flows" in registrations.ts): loads the
// call path, core/callTool.ts, on a page's first tool call, and runs the call
// through it. The validator, the result budgets and normalization are not
// start-up code. A load that fails (a network error, a chunk gone after a
// deploy) is that call's `INTERNAL` result, and the next call loads again.
import type { ToolCall, ToolCallOutcome } from '../core/callTool'
import type { WebMCPToolResponse } from '../types'
import { ERROR_CODE_KEY } from '../core/errors'

type CallToolModule = typeof import('../core/callTool')

let loading: Promise<CallToolModule> | undefined
let loaded: CallToolModule | undefined

/** Runs one call through the call path, loading it first if need be. Never rejects. */
export async function loadAndCallTool<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  // Once loaded, used without an await: a call costs no extra task or microtask.
  if (!loaded) {
    const started = Date.now()
    try {
      loaded = await (loading ??= import('../core/callTool'))
    }
    catch (error) {
      // Not cached: a failed import() would fail every later call the same way.
      loading = undefined
      return loadFailed(call, args, error, started)
    }
  }
  return loaded.callTool(call, args)
}

/** The agent's `INTERNAL` result for a call whose code could not load; the hooks see it as any other. */
function loadFailed<Args, Result>({ name, settings, origin = { source: 'tool', caller: 'agent' } }: ToolCall<Args, Result>, args: Args, error: unknown, started: number): ToolCallOutcome {
  const reason = String((error as Error | null)?.message ?? error).slice(0, 300)
  const response = (): WebMCPToolResponse => ({
    content: [{ type: 'text', text: `Tool "${name}" did not run: the code that runs tool calls could not be loaded (${reason}). Try the call again.` }],
    isError: true,
    _meta: { [ERROR_CODE_KEY]: 'INTERNAL' },
  })
  const withArgs = settings.includeArgs ? { args } : {}
  runHook(settings.onToolCall, { name, ...origin, ...withArgs })
  runHook(settings.onToolResult, { name, ...origin, ok: false, ms: Date.now() - started, response: response(), code: 'INTERNAL', error, ...withArgs })
  return { response: response(), ok: false, code: 'INTERNAL', error }
}

/** A hook is observability: its throw or rejection never reaches the agent. */
function runHook<Event>(hook: ((event: Event) => unknown) | undefined, event: Event): void {
  try {
    Promise.resolve(hook?.(event)).catch(() => {})
  }
  catch {}
}
