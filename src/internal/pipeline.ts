import type { ToolCall, ToolCallOutcome } from '../core/guard'

let pipeline: Promise<typeof import('../core/guard')> | undefined

/**
 * Runs one call through the guard, loading it on the page's first call: the
 * validator, the result budgets and normalization are not start-up code.
 */
export async function runToolCall<Args, Result>(call: ToolCall<Args, Result>, args: Args): Promise<ToolCallOutcome> {
  pipeline ??= import('../core/guard')
  return (await pipeline).invokeTool(call, args)
}
