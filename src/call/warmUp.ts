// The warm-up: once the browser is idle after a page's tools registered
// (registration/loadCallTool.ts schedules it), the parts their calls can need load
// ahead of the first call (call/parts.ts): the validator, with the `format`
// checkers for schemas that use them; the Standard Schema adapter; the
// confirmation step for tools that ask; the result budget in `'error'` mode;
// the marking of `untrusted()` values for tools hinted `untrustedContentHint`.
// So no call waits on the network, and a deploy after the page loaded cannot
// break the tools already on it. Each tool is read through its call-time view,
// the one its calls read, so what is warmed is what a call would load.
// No Vue import.
import type { ToolView } from './trackedCall'
import { asksThePerson } from './confirmPolicy'
import { budgetPart, confirmationPart, markingPart } from './parts'
import { limitOf } from './resultStep'
import { loadChecker } from './validation'

/** A tool to warm up for: its call-time view, read when the warm-up runs. */
export interface WarmUpTool {
  view: () => ToolView
}

/**
 * Loads what calls of `tools` can need. Never rejects: a part that cannot be
 * loaded now loads again on the call that needs it, which tells the agent to
 * reload the page if it still cannot.
 */
export async function warmUp(tools: Iterable<WarmUpTool>): Promise<void> {
  const loads: Promise<unknown>[] = []
  for (const tool of tools) {
    let view: ToolView
    try {
      view = tool.view()
    }
    catch {
      continue // a call that cannot read its options never runs, and loads nothing
    }
    for (const load of partsFor(view))
      loads.push(Promise.resolve().then(load))
  }
  await Promise.allSettled(loads)
}

/** The loads a call of the tool `view` describes may wait on, beyond the call path itself. */
export function partsFor(view: ToolView): (() => unknown)[] {
  const { settings, inputSchema, outputSchema, annotations } = view
  const parts: (() => unknown)[] = []
  for (const schema of [settings.validateArgs ? inputSchema : undefined, outputSchema]) {
    // An ArkType type is a function: any schema given counts, as on a call.
    if (schema)
      parts.push(() => loadChecker(schema))
  }
  if (asksThePerson(view))
    parts.push(confirmationPart.load)
  if (limitOf(settings) !== undefined)
    parts.push(budgetPart.load)
  if (annotations?.untrustedContentHint === true)
    parts.push(markingPart.load)
  return parts
}
