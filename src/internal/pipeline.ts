import type { CallConfig, ToolCall, ToolCallOutcome } from '../core/guard'

let pipeline: Promise<typeof import('../core/guard')> | undefined
let loaded: typeof import('../core/guard') | undefined

/** A call as a composable hands it over: settings are worked out by the lazy guard. */
export interface PendingCall<Args, Result> extends Omit<ToolCall<Args, Result>, 'settings'> {
  config: CallConfig
  own: { validateArgs?: boolean, timeoutMs?: number }
}

/**
 * Runs one call through the guard, loading it on the page's first call: the
 * validator, the result budgets and normalization are not start-up code.
 */
export async function runToolCall<Args, Result>(call: PendingCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  // Once loaded, used without an await: a call costs no extra task or microtask.
  const guard = loaded ?? (loaded = await (pipeline ??= import('../core/guard')))
  return guard.invokeTool({ ...call, settings: guard.callSettings(call.config, call.own) }, args)
}
