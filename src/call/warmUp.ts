// The warm-up: once the browser is idle after a page's tools registered
// (registration/loadCallTool.ts schedules it), the parts their calls can need load
// ahead of the first call (call/parts.ts): the validator, with the `format`
// checkers for schemas that use them; the Standard Schema adapter; the
// confirmation step for tools that ask; the result budget in `'error'` mode;
// the marking of `untrusted()` values for tools hinted `untrustedContentHint`
// (or for every tool once the page has marked a value). Each tool's settings
// are read as it registers: a later change that does not register it anew
// (a `confirm` ref turned on) loads its part on the call that needs it.
// So no call waits on the network, and a deploy after the page loaded cannot
// break the tools already on it. Each tool is read through its call-time view,
// the one its calls read, so what is warmed is what a call would load.
// No Vue import.
import type { ToolView } from './trackedCall'
import { anyMarked } from '../results/anyMarked'
import { hint } from '../shared/hints'
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
    let parts: (() => unknown)[]
    try {
      parts = partsFor(tool.view())
    }
    catch {
      continue // a call that cannot read its options never runs, and loads nothing
    }
    for (const load of parts)
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
  // As a call does, once the page has marked a value; before, for a tool that says it will.
  if (hint(annotations, 'untrustedContentHint') || anyMarked())
    parts.push(markingPart.load)
  return parts
}
