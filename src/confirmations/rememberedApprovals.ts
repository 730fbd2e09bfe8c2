// The approvals the person gave with `remember: true`: later calls of the
// approved registration run unasked, until it ends (the tool unregisters, or
// its definition changes and it registers anew), what the person was shown of
// it changes, `forget()`, or the page goes away (module state lives as long as
// the page does). An approval belongs to what the person approved, not to a
// name: a different tool that takes the name later is asked. Apart from call/confirm.ts because
// `useWebMCPConfirmations` and the debugging tools read and clear it at
// start-up: a module an app imports statically and the call path with
// import() would bring the whole confirmation step into start-up. No Vue import.
import type { WebMCPConfirmationRequest, WebMCPRememberedApproval } from '../types'
import { notifyListeners } from '../shared/listeners'

/** The registration a call came through, and what it showed: what a remembered approval belongs to. */
export interface ApprovalOwner {
  /** Aborts when the registration ends: the tool unregistered, or its definition changed. */
  ended: AbortSignal
  /** The `execute` in force: an approval does not cover another one swapped in since. */
  execute: unknown
  /** What the person is shown of the tool (the confirmation step reads it at the call). */
  shown?: ShownTool
}

/**
 * A tool as the person sees it: its name, title, description, annotations
 * and JSON Schemas as JSON text, and its Standard Schemas by identity (a Zod
 * schema without its refinement describes itself with the same JSON).
 */
export interface ShownTool {
  text: string
  schemas: readonly unknown[]
}

interface Approval {
  listed: WebMCPRememberedApproval
  owner: ApprovalOwner
  /** Removes the listener on the registration's end. */
  unfollow: AbortController
}

/** Whether a call through `owner` is covered by an approval given through `approved`: same registration, `execute` and tool shown. */
export function sameApprovalOwner(approved: ApprovalOwner, owner: ApprovalOwner): boolean {
  const [was, now] = [approved.shown, owner.shown]
  return approved.ended === owner.ended && approved.execute === owner.execute && was?.text === now?.text
    && was?.schemas.length === now?.schemas.length && !!was?.schemas.every((schema, i) => schema === now!.schemas[i])
}

const approvals = new Map<AbortSignal, Approval>()
const listeners = new Set<() => void>()

function changed(): void {
  notifyListeners(listeners, 'remembered-approvals', [])
}

function drop(key: AbortSignal): boolean {
  const approval = approvals.get(key)
  if (!approval)
    return false
  approval.unfollow.abort()
  approvals.delete(key)
  return true
}

/** Remembers the approval of `request`'s tool for the registration `owner`, while it lasts; `false` when it ended already. */
export function rememberApproval(request: Pick<WebMCPConfirmationRequest, 'name' | 'title'>, owner: ApprovalOwner): boolean {
  const { ended } = owner
  if (ended.aborted)
    return false // the tool the person approved is gone already
  drop(ended)
  const unfollow = new AbortController()
  ended.addEventListener('abort', () => drop(ended) && changed(), { once: true, signal: unfollow.signal })
  approvals.set(ended, { listed: { name: request.name, ...(request.title ? { title: request.title } : {}), at: Date.now() }, owner, unfollow })
  changed()
  return true
}

/**
 * Whether calls through `owner` were approved for the page. An approval of
 * the registration whose `execute`, or what it shows the person, changed
 * since is not: it is dropped.
 */
export function isRemembered(owner: ApprovalOwner | undefined): boolean {
  const approval = owner && approvals.get(owner.ended)
  if (!approval)
    return false
  if (sameApprovalOwner(approval.owner, owner))
    return true
  drop(owner.ended)
  changed()
  return false
}

/** Whether a tool named `name` has a remembered approval (Vue DevTools and the debugging tools show it). */
export function hasRememberedApproval(name: string): boolean {
  return [...approvals.values()].some(({ listed }) => listed.name === name)
}

/**
 * Forgets the approvals of tool `name`, or every approval when none is named.
 * Anything but a string (the click event of `@click="forget"`) names none.
 */
export function forgetApprovals(name?: unknown): void {
  let forgotten = false
  for (const [key, { listed }] of approvals) {
    if (typeof name !== 'string' || listed.name === name)
      forgotten = drop(key) || forgotten
  }
  if (forgotten)
    changed()
}

/** Every remembered approval, oldest first (copies). */
export function rememberedApprovals(): WebMCPRememberedApproval[] {
  return [...approvals.values()].map(({ listed }) => ({ ...listed }))
}

/** Runs `listener` whenever an approval is remembered or forgotten, or ends with its registration; returns its removal. */
export function onApprovalsChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
