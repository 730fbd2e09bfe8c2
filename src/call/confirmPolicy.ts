// Whether a call of a tool may wait for the person: the one test the call path
// makes before it loads the confirmation step (call/confirm.ts), so a page
// whose tools never ask never loads it. On what terms a tool asks, and whether
// this call does (`when`, a remembered approval), is the step's. No Vue import.
import type { ToolCallSettings } from '../shared/callSettings'
import type { WebMCPToolAnnotations } from '../types'
import type { ApprovalOwner } from './rememberedApprovals'
import { warnOnce } from '../shared/warn'

/** The part of a call whether and how it asks is read from. */
export interface ConfirmingCall {
  name: string
  settings: ToolCallSettings
  annotations?: WebMCPToolAnnotations
  /** The registration the call came through: a remembered approval belongs to it. None: nothing is remembered. */
  owner?: ApprovalOwner
}

/**
 * Whether calls of this tool ask the person: its own `confirm`, else its
 * group's, set to anything but `false`; with neither set, the annotation
 * `consequentialHint: true`.
 */
export function asksThePerson(call: ConfirmingCall): boolean {
  const { settings, annotations } = call
  const [own, group] = settings.confirms ?? []
  const choice = own ?? group
  if (choice !== undefined)
    return choice !== false
  if (annotations?.consequentialHint === true)
    return true
  if (__DEV__ && annotations?.destructiveHint === true)
    (settings.warn ?? warnOnce)(`Tool "${call.name}" is annotated destructiveHint: true but nothing makes it ask the person: destructiveHint only keeps an approval from being remembered. Set confirm: true (or consequentialHint: true) to ask, or confirm: false if it needs no confirmation.`)
  return false
}
