// The warm-up: once the browser is idle after a page's tools registered
// (registration/loadCallTool.ts schedules it), the parts their calls can need load
// ahead of the first call (call/parts.ts): the validator, with the `format`
// checkers for schemas that use them; the Standard Schema adapter; the
// confirmation step for tools that ask; the result budget in `'error'` mode;
// the marking of `untrusted()` values for tools hinted `untrustedContentHint`
// (or for every tool once the page has marked a value). A `confirm` or
// `validateArgs` given as a ref or a getter, or in a `reactive()` options
// object, may ask or check by the next call without the tool registering
// anew, so its part loads whatever it reads now.
// So no call waits on the network, and a deploy after the page loaded cannot
// break the tools already on it. Each tool is read through its call-time view,
// the one its calls read, so what is warmed is what a call would load.
// No Vue import but `isRef` and `isReactive`.
import type { CallOptions } from '../shared/callSettings'
import type { ToolView } from './trackedCall'
import { isReactive, isRef } from 'vue'
import { anyMarked } from '../results/anyMarked'
import { hint } from '../shared/hints'
import { asksThePerson } from './confirmPolicy'
import { budgetPart, confirmationPart, markingPart } from './parts'
import { limitOf } from './resultStep'
import { loadChecker } from './validation'

/** A tool to warm up for: its call-time view, read when the warm-up runs, and its call options as given. */
export interface WarmUpTool {
  view: () => ToolView
  /** The tool's own `confirm` and `validateArgs`, and its group's, as given (a form has none). */
  options?: CallOptions
  group?: { shared: CallOptions }
}

/**
 * Whether the call option `option` of `tool` may read otherwise by its next
 * call: given as a ref or a getter, or in a `reactive()` options object a
 * field of which may be set; the tool's own, or its group's when it sets none.
 */
function changing({ options = {}, group }: WarmUpTool, option: 'confirm' | 'validateArgs'): boolean {
  const own = options[option]
  if (isRef(own) || typeof own === 'function' || isReactive(options))
    return true
  const shared = group?.shared
  return own === undefined && !!shared && (isRef(shared[option]) || typeof shared[option] === 'function' || isReactive(shared))
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
      parts = partsFor(tool.view(), { confirm: changing(tool, 'confirm'), validateArgs: changing(tool, 'validateArgs') })
    }
    catch {
      continue // a call that cannot read its options never runs, and loads nothing
    }
    for (const load of parts)
      loads.push(Promise.resolve().then(load))
  }
  await Promise.allSettled(loads)
}

/**
 * The loads a call of the tool `view` describes may wait on, beyond the call
 * path itself; `changing`: its `confirm` or `validateArgs` may read otherwise
 * by then.
 */
export function partsFor(view: ToolView, changing: { confirm: boolean, validateArgs: boolean } = { confirm: false, validateArgs: false }): (() => unknown)[] {
  const { settings, inputSchema, outputSchema, annotations } = view
  const parts: (() => unknown)[] = []
  for (const schema of [settings.validateArgs || changing.validateArgs ? inputSchema : undefined, outputSchema]) {
    // An ArkType type is a function: any schema given counts, as on a call.
    if (schema)
      parts.push(() => loadChecker(schema))
  }
  if (changing.confirm || asksThePerson(view))
    parts.push(confirmationPart.load)
  if (limitOf(settings) !== undefined)
    parts.push(budgetPart.load)
  // As a call does, once the page has marked a value; before, for a tool that says it will.
  if (hint(annotations, 'untrustedContentHint') || anyMarked())
    parts.push(markingPart.load)
  return parts
}
