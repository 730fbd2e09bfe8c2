// Whether one call waits for the person, and on what terms: the tool's own
// `confirm`, its group's, the app's callback and the tool's annotations, read
// into one rule. Checked before the confirmation step (call/confirm.ts) loads,
// so a call that need not ask (`when` says no, an approval was remembered)
// loads none of it. No Vue import.
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPConfirm, WebMCPConfirmOptions, WebMCPToolAnnotations } from '../types'
import { warnOnce } from '../shared/warn'
import { isRemembered } from './rememberedApprovals'

/** The part of a call the rule is read from. */
export interface ConfirmingCall {
  name: string
  settings: ToolCallSettings
  annotations?: WebMCPToolAnnotations
}

/** How a tool that asks asks. */
export interface ConfirmRule {
  /** The tool or its group set `confirm` (rather than only annotating `consequentialHint`): it never runs unasked. */
  explicit: boolean
  /** The nearest callback: the tool's, its group's, the app's. None: a dialog decides. */
  ask?: WebMCPConfirm
  when?: (args: any) => boolean
  /** An approval with `remember: true` is kept for the page. */
  canRemember: boolean
  timeoutMs?: number
}

type Choice = NonNullable<ToolCallSettings['confirms']>[number]

function fieldsOf(choice: Choice): WebMCPConfirmOptions<unknown> {
  return typeof choice === 'object' && choice !== null ? choice : {}
}

/** The rule a call of this tool asks by; `undefined` when it does not ask. */
export function confirmRule(call: ConfirmingCall): ConfirmRule | undefined {
  const { settings, annotations } = call
  const [own, group] = settings.confirms ?? []
  const choice = own ?? group
  if (choice === false || (choice === undefined && annotations?.consequentialHint !== true))
    return undefined
  const mine = fieldsOf(own)
  const groups = fieldsOf(group)
  const remember = mine.remember ?? groups.remember
  const ask = [own, mine.ask, group, groups.ask, settings.confirm].find(option => typeof option === 'function') as WebMCPConfirm | undefined
  const when = mine.when ?? groups.when
  const timeoutMs = mine.timeoutMs ?? groups.timeoutMs
  return {
    explicit: choice !== undefined,
    ...(ask ? { ask } : {}),
    ...(when ? { when } : {}),
    // An irreversible tool is asked every time unless it says otherwise, as
    // the consent brokers of other WebMCP libraries do.
    canRemember: remember ?? annotations?.destructiveHint !== true,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  }
}

/**
 * Whether this call asks: `'ask'`, `'remembered'` (approved earlier with
 * `remember: true`: it runs unasked) or `undefined` (it does not ask).
 */
export function confirmStep(call: ConfirmingCall, args: unknown): { rule: ConfirmRule, step: 'ask' | 'remembered' } | undefined {
  const rule = confirmRule(call)
  if (!rule || !needsAsking(call.name, rule, args))
    return undefined
  return { rule, step: rule.canRemember && isRemembered(call.name) ? 'remembered' : 'ask' }
}

/** `when`, guarded: a throw, or a value that is not a boolean, asks (the person decides when the page cannot). */
function needsAsking(name: string, rule: ConfirmRule, args: unknown): boolean {
  if (!rule.when)
    return true
  try {
    const answer: unknown = rule.when(args)
    if (typeof answer === 'boolean')
      return answer
    if (__DEV__)
      warnOnce(`confirm.when for tool "${name}" returned ${String(answer)}, not a boolean: the call asks the person.`)
  }
  catch (error) {
    if (__DEV__)
      console.error(`[vue-webmcp] confirm.when for tool "${name}" threw; the call asks the person.`, error)
  }
  return true
}
