// The page-wide queue of calls waiting for the person (see call/confirm.ts,
// which fills it). Apart from call/confirm.ts because `useWebMCPConfirmations`
// imports it at start-up: a module an app imports statically and the call
// path with import() would bring the whole confirmation step into start-up.
// No Vue import: the composable mirrors the queue into reactive state.
//
// In the order calls asked. A request waits for a `confirm` callback or,
// without one, for a `useWebMCPConfirmations` dialog; a callback is asked only
// once the requests before it are decided.
import type { WebMCPConfirm, WebMCPConfirmAnswer, WebMCPConfirmationRequest } from '../types'
import type { ApprovalOwner } from './rememberedApprovals'
import { notifyListeners } from '../shared/listeners'
import { warnOnce } from '../shared/warn'

export interface QueueEntry {
  request: WebMCPConfirmationRequest
  /** The callback that decides it; none: a `useWebMCPConfirmations` dialog does. */
  ask?: WebMCPConfirm
  asked?: boolean
  /** The registration whose remembered approval would cover it; none: nothing covers it (it cannot be remembered). */
  owner?: ApprovalOwner
  /** Ends the wait with the decision, once; `failure`: the callback threw; `remember`: approved for the page. */
  decide: (approved: boolean, reason?: string, failure?: unknown, remember?: boolean) => void
}

const queue: QueueEntry[] = []
const listeners = new Set<() => void>()
let dialogs = 0

/** How many dialogs (`useWebMCPConfirmations`) are open: whether calls without a callback can ask. */
export function dialogCount(): number {
  return dialogs
}

/** The requests a dialog decides, in order. */
export function dialogRequests(): WebMCPConfirmationRequest[] {
  return queue.filter(entry => !entry.ask).map(entry => entry.request)
}

/** Every request waiting, whoever decides it (the debugging tools). */
export function waitingRequests(): WebMCPConfirmationRequest[] {
  return queue.map(entry => entry.request)
}

/**
 * A dialog (`useWebMCPConfirmations`) opens: `listener` runs on every change
 * to the queue, and calls without a callback ask it. Returns its close.
 */
export function openDialog(listener: () => void): () => void {
  dialogs++
  listeners.add(listener)
  return () => {
    dialogs--
    listeners.delete(listener)
  }
}

/** Settles a dialog's request (the oldest when none is named): `approved` runs the call; `remember` keeps the approval for the page; `reason` goes to the agent with a decline. */
export function decide(request: WebMCPConfirmationRequest | undefined, approved: boolean, options: { reason?: string, remember?: boolean } = {}): void {
  queue.find(entry => !entry.ask && (!request || entry.request.id === request.id))?.decide(approved, options.reason, undefined, options.remember)
}

/** Every request waiting, oldest first (a copy: deciding one takes it out). */
export function queuedEntries(): QueueEntry[] {
  return [...queue]
}

/** Whether `entry` still waits. */
export function isQueued(entry: QueueEntry): boolean {
  return queue.includes(entry)
}

/** Adds a request at the end of the queue. */
export function enqueue(entry: QueueEntry): void {
  queue.push(entry)
  changed()
}

/** Takes a request out (decided or withdrawn); `false` when it was out already. */
export function withdrawFrom(entry: QueueEntry): boolean {
  const at = queue.indexOf(entry)
  if (at < 0)
    return false
  queue.splice(at, 1)
  changed()
  return true
}

/**
 * A callback's answer: `true`, `false` or `{ approve, remember, reason }`.
 * Only `true` approves (a truthy `approve` that is not `true` does not); a
 * reason is kept only when it is a string. `approve` undefined: not an answer.
 */
function readAnswer(answer: unknown): { approve?: boolean, remember?: boolean, reason?: string } {
  if (typeof answer === 'boolean')
    return { approve: answer }
  if (typeof answer !== 'object' || answer === null)
    return {}
  try {
    const { approve, remember, reason } = answer as Partial<WebMCPConfirmAnswer>
    return typeof approve === 'boolean'
      ? { approve, remember: remember === true, ...(typeof reason === 'string' ? { reason } : {}) }
      : {}
  }
  catch {
    return {} // a throwing getter: no answer
  }
}

function changed(): void {
  // One question at a time, in the order the calls asked: a callback is asked
  // once every request before it, a dialog's too, is decided.
  const head = queue[0]
  if (head?.ask && !head.asked) {
    head.asked = true
    void (async () => head.ask!(head.request))().then(
      (answer) => {
        const { approve, remember, reason } = readAnswer(answer)
        if (__DEV__ && approve === undefined)
          warnOnce(`confirm for tool "${head.request.name}" returned ${String(answer)}, not a boolean or { approve }: only true runs a call, so it was declined.`)
        head.decide(approve === true, reason, undefined, approve === true && remember)
      },
      (failure: unknown) => head.decide(false, undefined, failure ?? new Error('rejected')),
    )
  }
  notifyListeners(listeners, 'confirmations', [])
}
