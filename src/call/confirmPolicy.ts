import type { ApprovalOwner } from '../confirmations/rememberedApprovals'
// Whether a call of a tool waits for the person, as far as the call path
// decides it before it loads the confirmation step (call/confirm.ts): whether
// the tool asks at all, and whether its `when` lets this call through. A page
// whose tools never ask never loads the step, and a call `when` lets through
// does not need it. On what terms a tool asks, and a remembered approval, are
// the step's. No Vue import.
import type { ConfirmChoice, ToolCallSettings } from '../shared/callSettings'
import type { WebMCPConfirm, WebMCPConfirmOptions, WebMCPToolAnnotations } from '../types'
import { hint } from '../shared/hints'
import { DEFAULT_CONFIRM_TIMEOUT_MS } from '../shared/limits'
import { warnOnce } from '../shared/warn'

/** The part of a call whether and how it asks is read from, and what the person is shown of the tool. */
export interface ConfirmingCall {
  name: string
  settings: ToolCallSettings
  title?: string
  description?: string
  annotations?: WebMCPToolAnnotations
  inputSchema?: unknown
  outputSchema?: unknown
  /** The registration the call came through: a remembered approval belongs to it. None: nothing is remembered. */
  owner?: ApprovalOwner
}

/**
 * Whether calls of this tool ask the person: its own `confirm`, else its
 * group's, set to anything but `false`; with neither set, the annotation
 * `consequentialHint` (read as the browser reads it: shared/hints.ts). One rule, whatever the page has to ask with: a
 * call that asks never runs unless the person approves it (call/confirm.ts).
 */
export function asksThePerson(call: ConfirmingCall): boolean {
  const { settings, annotations } = call
  const choices = settings.confirmChoices
  const choice = choices?.tool ?? choices?.group
  if (choice !== undefined)
    return choice !== false
  if (hint(annotations, 'consequentialHint'))
    return true
  if (__DEV__ && hint(annotations, 'destructiveHint'))
    (settings.warn ?? warnOnce)(`Tool "${call.name}" is annotated destructiveHint: true but nothing makes it ask the person: destructiveHint only keeps an approval from being remembered. Set confirm: true (or consequentialHint: true) to ask, or confirm: false if it needs no confirmation.`)
  return false
}

function fieldsOf(choice: ConfirmChoice): WebMCPConfirmOptions<unknown> {
  return typeof choice === 'object' && choice !== null ? choice : {}
}

/** A tool's own `confirm` and its group's, as read, and the fields of each that apply to the tool. */
export interface ConfirmFields {
  tool: ConfirmChoice
  group: ConfirmChoice
  toolFields: WebMCPConfirmOptions<unknown>
  groupFields: WebMCPConfirmOptions<unknown>
  /** The nearest `ask`: the tool's, its group's (whatever the tool's own `confirm`), the app's `confirm.ask`. */
  ask: WebMCPConfirm | undefined
  /** The nearest `timeoutMs` set (`null` included, which fails the call): the tool's, its group's, the app's `confirm.timeoutMs`; none set, `DEFAULT_CONFIRM_TIMEOUT_MS`. */
  timeoutMs: number
}

/**
 * The one reading of a tool's `confirm`, its group's and the app's (the
 * `confirm` rows of the table in docs/guide/configuration.md). A tool's own
 * `confirm: true` asks on every call, through the nearest `ask`: the group's
 * other fields (`when`, `remember`, `timeoutMs`) apply only to a tool whose
 * own `confirm` is unset or an object, field by field. The app's `confirm`
 * gives only `ask` and `timeoutMs`, below both.
 */
export function confirmFields(settings: ToolCallSettings): ConfirmFields {
  const { tool, group } = settings.confirmChoices ?? {}
  const toolFields = fieldsOf(tool)
  const groupFields = tool === undefined || typeof tool === 'object' ? fieldsOf(group) : {}
  const app = fieldsOf(settings.confirm)
  const ask = [toolFields.ask, fieldsOf(group).ask, app.ask].find(option => typeof option === 'function')
  const set = [toolFields.timeoutMs, groupFields.timeoutMs, app.timeoutMs].find(ms => ms !== undefined)
  // Every request has a limit: one nobody decides must not wait for an agent that left.
  const timeoutMs = set === undefined ? DEFAULT_CONFIRM_TIMEOUT_MS : set
  return { tool, group, toolFields, groupFields, ask, timeoutMs }
}

/**
 * Whether this call of a tool that asks waits for the person as far as its
 * `when` says (`args`: the frozen copy the person would be shown). A throw, or
 * a value that is not a boolean, asks: the person decides when the page cannot.
 */
export function whenAsks(call: ConfirmingCall, args: unknown): boolean {
  const { toolFields, groupFields } = confirmFields(call.settings)
  const when = toolFields.when ?? groupFields.when
  if (!when)
    return true
  try {
    const answer: unknown = when(args)
    if (typeof answer === 'boolean')
      return answer
    if (__DEV__)
      warnOnce(`confirm.when for tool "${call.name}" returned ${String(answer)}, not a boolean: the call asks the person.`)
  }
  catch (error) {
    if (__DEV__)
      console.error(`[vue-webmcp] confirm.when for tool "${call.name}" threw; the call asks the person.`, error)
  }
  return true
}
