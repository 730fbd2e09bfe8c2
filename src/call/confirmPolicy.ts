// Whether one call waits for the person, and on what terms: the tool's own
// `confirm`, its group's, the app's callback and the tool's annotations, read
// into one rule. Checked before the confirmation step (call/confirm.ts) loads,
// so a call that need not ask (`when` says no, an approval was remembered)
// loads none of it. No Vue import.
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPConfirm, WebMCPConfirmOptions, WebMCPToolAnnotations } from '../types'
import type { FrozenArguments } from './frozenArguments'
import type { ApprovalOwner } from './rememberedApprovals'
import { warnOnce } from '../shared/warn'
import { freezeArguments } from './frozenArguments'
import { isRemembered } from './rememberedApprovals'

/** The part of a call the rule is read from. */
export interface ConfirmingCall {
  name: string
  settings: ToolCallSettings
  annotations?: WebMCPToolAnnotations
  /** The registration the call came through: a remembered approval belongs to it. None: nothing is remembered. */
  owner?: ApprovalOwner
}

/** How a tool that asks asks. */
export interface ConfirmRule {
  /** The tool or its group set `confirm` (rather than only annotating `consequentialHint`): it never runs unasked. */
  explicit: boolean
  /** The nearest callback: the tool's, its group's, the app's. None: a dialog decides. */
  ask?: WebMCPConfirm
  when?: (args: any) => boolean
  /** An approval with `remember: true` is kept for the registration. */
  canRemember: boolean
  timeoutMs?: number
}

type Choice = NonNullable<ToolCallSettings['confirms']>[number]

function fieldsOf(choice: Choice): WebMCPConfirmOptions<unknown> {
  return typeof choice === 'object' && choice !== null ? choice : {}
}

/**
 * Whether an approval of this tool may be remembered. MCP's defaults: a tool
 * may be irreversible unless its author says otherwise (`readOnlyHint`, or
 * `destructiveHint: false`), so only such a tool, or one whose own `confirm`
 * says `remember: true`, can be; `remember: false` never. A group's
 * `remember: true` never reaches a `destructiveHint: true` tool.
 */
function rememberable(own: boolean | undefined, group: boolean | undefined, annotations: WebMCPToolAnnotations | undefined): boolean {
  if (own !== undefined)
    return own
  if (group === false || annotations?.destructiveHint === true)
    return false
  return group === true || annotations?.readOnlyHint === true || annotations?.destructiveHint === false
}

/** The rule a call of this tool asks by; `undefined` when it does not ask. */
export function confirmRule(call: ConfirmingCall): ConfirmRule | undefined {
  const { settings, annotations } = call
  const [own, group] = settings.confirms ?? []
  const choice = own ?? group
  if (choice === false || (choice === undefined && annotations?.consequentialHint !== true)) {
    if (__DEV__ && choice === undefined && annotations?.destructiveHint === true)
      (settings.warn ?? warnOnce)(`Tool "${call.name}" is annotated destructiveHint: true but nothing makes it ask the person: destructiveHint only keeps an approval from being remembered. Set confirm: true (or consequentialHint: true) to ask, or confirm: false if it needs no confirmation.`)
    return undefined
  }
  // A tool's own `confirm: true` or callback asks on every call: the group's
  // fields (`when`, `remember`, `timeoutMs`) apply only to a tool whose own
  // `confirm` is unset or an object, field by field.
  const mine = fieldsOf(own)
  const groups = own === undefined || typeof own === 'object' ? fieldsOf(group) : {}
  const ask = [own, mine.ask, group, groups.ask, settings.confirm].find(option => typeof option === 'function') as WebMCPConfirm | undefined
  const when = mine.when ?? groups.when
  const timeoutMs = mine.timeoutMs ?? groups.timeoutMs ?? settings.confirmTimeoutMs
  return {
    explicit: choice !== undefined,
    ...(ask ? { ask } : {}),
    ...(when ? { when } : {}),
    // Only what registered can be remembered: it ends with the registration.
    canRemember: call.owner !== undefined && rememberable(mine.remember, groups.remember, annotations),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  }
}

/** How a call of a tool that asks goes on. */
export interface ConfirmStep {
  rule: ConfirmRule
  /**
   * `'ask'`: the person decides. `'remembered'`: approved earlier with
   * `remember: true`, it runs unasked. `'run'`: `when` said this call need not ask.
   */
  step: 'ask' | 'remembered' | 'run'
  /** The arguments `when` saw: the person is shown them, and `execute` gets them, whatever the step. */
  args: FrozenArguments
}

/** Whether and how this call asks; `undefined` for a tool that does not ask. */
export function confirmStep(call: ConfirmingCall, args: unknown): ConfirmStep | undefined {
  const rule = confirmRule(call)
  if (!rule)
    return undefined
  const frozen = freezeArguments(args)
  const step = !needsAsking(call.name, rule, frozen.run) ? 'run' : rule.canRemember && isRemembered(call.owner) ? 'remembered' : 'ask'
  return { rule, step, args: frozen }
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
