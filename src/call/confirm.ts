import type { QueueEntry } from '../confirmations/confirmQueue'
import type { ApprovalOwner, ShownTool } from '../confirmations/rememberedApprovals'
// Part of step 3 of a call (see "How a call flows" in docs/contributing.md): the
// person's decision, between argument validation and `execute`, for a call
// that asks (call/confirmPolicy.ts: the tool asks, and its `when` does not let
// the call through). Loaded by the call path only then, after the arguments
// are checked, so apps whose tools never ask do not ship it. No Vue import.
//
// The tool's own `confirm`, its group's, the app's callback and the tool's
// annotations are read into one rule; a remembered approval
// (confirmations/rememberedApprovals.ts) may let the call run unasked. Otherwise a
// request joins the page-wide queue (confirmations/confirmQueue.ts) and waits for a
// `confirm.ask` callback (the tool's, its group's or the app's, nearest first) or,
// without one, for a `useWebMCPConfirmations` dialog; with neither, the call
// fails without running: a tool that asks never runs unasked. It waits at most
// its `timeoutMs` (`DEFAULT_CONFIRM_TIMEOUT_MS` unless set), then is declined.
// Withdrawing it (the agent cancels, the tool's scope ends, the registration
// it came through ends) aborts its signal and takes it out. A bounded number of a tool's
// requests wait at once: an agent cannot bury the person under them.
import type { WebMCPCallOrigin, WebMCPConfirm, WebMCPConfirmationOutcome, WebMCPConfirmationRequest, WebMCPErrorCode, WebMCPToolAnnotations } from '../types'
import type { ConfirmingCall } from './confirmPolicy'
import { dialogCount, enqueue, isQueued, queuedEntries, withdrawFrom } from '../confirmations/confirmQueue'
import { isRemembered, rememberApproval, sameApprovalOwner } from '../confirmations/rememberedApprovals'
import { hint } from '../shared/hints'
import { warnOnce } from '../shared/warn'
import { asksThePerson, confirmFields } from './confirmPolicy'
import { MAX_TIMER_MS } from './loading'

/** The part of a call (call/callTool.ts's `ToolCall`) a confirmation reads. */
export interface ConfirmableCall extends ConfirmingCall {
  signals: readonly (AbortSignal | undefined)[]
  origin?: WebMCPCallOrigin
}

/** How a tool that asks asks. */
export interface ConfirmRule {
  /** The nearest callback: the tool's, its group's, the app's. None: a dialog decides. */
  ask?: WebMCPConfirm
  /** An approval with `remember: true` is kept for the registration. */
  canRemember: boolean
  /** Why it cannot be, for the person: set exactly when `canRemember` is false. */
  cannotRememberReason?: string
  /** How long a request waits for a decision; not a positive, finite number: the call fails (see `confirmCall`). */
  timeoutMs: number
  /** The registration the call came through, with what it shows the person: what an approval of it belongs to. */
  owner?: ApprovalOwner
}

/**
 * What the person is shown of the tool now, as a remembered approval holds
 * it. A value JSON cannot hold (a registration would have failed on it)
 * matches nothing.
 */
function shownOf(call: ConfirmingCall): ShownTool {
  const schemas: unknown[] = []
  const asShown = (schema: unknown): unknown => (schema as { '~standard'?: unknown } | undefined)?.['~standard'] ? schemas.push(schema) : schema
  try {
    return { text: JSON.stringify([call.name, call.title, call.description, call.annotations, asShown(call.inputSchema), asShown(call.outputSchema)]), schemas }
  }
  catch {
    return { text: '', schemas: [{}] }
  }
}

/** What the person is told when "don't ask again" is not offered (`cannotRememberReason`). */
const NOT_REMEMBERED = {
  irreversible: 'This tool\'s effects cannot be undone, so it asks every time.',
  unmarked: 'This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.',
  author: 'This tool\'s author asks for approval of every call.',
  unregistered: 'Only a tool registered on this page can be approved for later calls; this one asks every time.',
}

/**
 * Why an approval of this tool may not be remembered; `undefined` when it may.
 * MCP's defaults: a tool may be irreversible unless its author says otherwise
 * (`readOnlyHint`, or `destructiveHint: false`), so only such a tool, or one
 * whose own `confirm` says `remember: true`, can be; `remember: false` never.
 * A group's `remember: true` never reaches a `destructiveHint: true` tool
 * (nor one whose `destructiveHint` is any value the browser would read as true).
 */
function notRememberable(own: boolean | undefined, group: boolean | undefined, annotations: WebMCPToolAnnotations | undefined): string | undefined {
  if (own !== undefined)
    return own ? undefined : NOT_REMEMBERED.author
  if (hint(annotations, 'destructiveHint'))
    return NOT_REMEMBERED.irreversible
  if (group === false)
    return NOT_REMEMBERED.author
  // Remembering is loosened only by the very values the docs name: a `readOnlyHint` of 'false' the
  // browser would list as true still asks every time.
  return group === true || annotations?.readOnlyHint === true || annotations?.destructiveHint === false ? undefined : NOT_REMEMBERED.unmarked
}

/** The rule a call of this tool asks by; `undefined` when it does not ask. */
export function confirmRule(call: ConfirmingCall): ConfirmRule | undefined {
  if (!asksThePerson(call))
    return undefined
  const { settings, annotations } = call
  // A `timeoutMs` that is not a positive, finite number (`null` included) fails the call in
  // `confirmCall` rather than let it wait without a limit.
  const { toolFields, groupFields, ask, timeoutMs } = confirmFields(settings)
  // Only what registered can be remembered: it ends with the registration.
  const owner = call.owner && { ...call.owner, shown: shownOf(call) }
  const reason = notRememberable(toolFields.remember, groupFields.remember, annotations) ?? (owner ? undefined : NOT_REMEMBERED.unregistered)
  return {
    ...(ask ? { ask } : {}),
    canRemember: reason === undefined,
    ...(reason !== undefined ? { cannotRememberReason: reason } : {}),
    timeoutMs,
    ...(owner ? { owner } : {}),
  }
}

/** How a call that asks goes on. */
export interface ConfirmStep {
  rule: ConfirmRule
  /** `'ask'`: the person decides. `'remembered'`: approved earlier with `remember: true`, it runs unasked. */
  step: 'ask' | 'remembered'
}

/** How this call of a tool that asks goes on, once its `when` said it asks; `undefined` for a tool that does not ask. */
export function confirmStep(call: ConfirmingCall): ConfirmStep | undefined {
  const rule = confirmRule(call)
  return rule && { rule, step: rule.canRemember && isRemembered(rule.owner) ? 'remembered' : 'ask' }
}

/** What the call path does next: nothing (run it), or answer with `error` under `code`. */
export interface Confirmation {
  outcome: WebMCPConfirmationOutcome
  error?: unknown
  code?: WebMCPErrorCode
}

let nextId = 0

function nowMs(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

function named(name: string, message: string, cause?: unknown): Error {
  const error = new Error(message, cause === undefined ? undefined : { cause })
  error.name = name
  return error
}

/** Builds a decision's outcome, timed from when the call started waiting. */
type OutcomeOf = (decision: WebMCPConfirmationOutcome['decision'], reason?: string) => WebMCPConfirmationOutcome

function timedOutcomes(): OutcomeOf {
  const started = nowMs()
  return (decision, reason) => ({ decision, ms: nowMs() - started, ...(reason !== undefined ? { reason } : {}) })
}

/**
 * Waits for the person's decision on one call that `confirmStep` said asks,
 * as `rule` says, showing them `shown` (the frozen copy of the
 * arguments `execute` gets). Resolves to the decision and, unless approved,
 * what the agent gets. Nothing on the page to ask: the call fails, never runs.
 */
export async function confirmCall(call: ConfirmableCall, shown: unknown, rule: ConfirmRule): Promise<Confirmation> {
  const { settings } = call
  // The nearest callback decides: the tool's, its group's, the app's.
  const { ask } = rule
  const outcomeOf = timedOutcomes()
  if (!ask && !dialogCount())
    return cannotAsk(call, outcomeOf)
  // The wait belongs to the caller, the tool's scope and the registration the
  // call came through (what the person is shown): the end of any withdraws it.
  // Only the wait: a call approved runs on, whatever its registration does.
  const signals = [...call.signals, rule.owner?.ended]
  const aborted = signals.find(signal => signal?.aborted)
  if (aborted)
    return withdrawn(call.name, outcomeOf, aborted.reason)
  // A limit that is not a positive, finite number, in every build: the call fails rather than
  // wait unbounded where its author meant it to end (read at call time, it may be fixed by the next).
  const ms = deadlineOf(rule.timeoutMs)
  if (!ms) {
    const got = typeof rule.timeoutMs === 'string' ? JSON.stringify(rule.timeoutMs) : String(rule.timeoutMs)
    const mistake = new TypeError(`confirm.timeoutMs must be a positive, finite number of milliseconds; got ${got}`)
    if (__DEV__)
      (settings.warn ?? warnOnce)(`Tool "${call.name}": ${mistake.message}. Its calls that ask fail without asking until it is fixed.`)
    return { outcome: outcomeOf('failed'), code: 'TOOL_ERROR', error: couldNotAsk(call.name, mistake) }
  }
  if (waitingCalls(call.name) >= MAX_WAITING_PER_TOOL)
    return { outcome: outcomeOf('declined', `${MAX_WAITING_PER_TOOL} calls of this tool already wait for the person`), code: 'DECLINED', error: tooManyWaiting(call.name) }
  const controller = new AbortController()
  const request = requestFor(call, shown, controller.signal, rule, Date.now() + ms)
  if (__DEV__) {
    try {
      settings.onConfirmationRequest?.(request)
    }
    catch {} // observability never breaks a call
  }
  return waitForDecision(call, { request, ask, controller, outcomeOf, rule, signals, ms })
}

/**
 * How many of a tool's calls may wait for the person at once; past it, a call
 * is declined at once, never queued. Per tool, so an agent flooding one tool
 * keeps neither the person nor the other tools' calls waiting behind it.
 */
export const MAX_WAITING_PER_TOOL = 5

/** How many calls of tool `name` wait for the person (or their callback) now. */
function waitingCalls(name: string): number {
  return queuedEntries().filter(entry => entry.request.name === name).length
}

/** The agent's answer to a call past `MAX_WAITING_PER_TOOL`: not asked, and why. */
function tooManyWaiting(name: string): Error {
  return named('DeclinedError', `The call of tool "${name}" did not run: the person already has ${MAX_WAITING_PER_TOOL} calls of this tool to decide. Do not call it again until those calls are answered.`)
}

/** The agent's answer to a call withdrawn before the person decided: `reason`, why, is its cause. */
function withdrawn(name: string, outcomeOf: OutcomeOf, reason: unknown): Confirmation {
  return {
    outcome: outcomeOf('withdrawn'),
    code: 'ABORTED',
    error: named('AbortError', `The call of tool "${name}" was withdrawn before the person decided (the caller cancelled, or the tool left the page or changed); it did not run.`, reason),
  }
}

/** What the agent is told when the page could not ask the person: the call did not run. */
function couldNotAsk(name: string, failure: unknown): Error {
  return named('ConfirmationError', `Tool "${name}" did not run: the page could not ask the person for confirmation (${errorText(failure)}).`, failure)
}

/**
 * A tool that asks, on a page with nothing to ask the person (no `ask`, no
 * dialog mounted): it never runs unasked. Development builds say, once per
 * tool, how to give the page a way to ask.
 */
function cannotAsk(call: ConfirmableCall, outcomeOf: OutcomeOf): Confirmation {
  const { name } = call
  if (__DEV__) {
    (call.settings.warn ?? warnOnce)(`Tool "${name}" asks the person before it runs (annotations.consequentialHint, or confirm), but nothing on this page can ask them: the call did not run. `
      + 'Mount useWebMCPConfirmations() in a component that stays mounted to show a dialog, set WEBMCP_CONFIG.confirm.ask, or set confirm: false on the tool if the browser or the agent asks the person itself.')
  }
  return {
    outcome: outcomeOf('failed', 'nothing on the page could ask the person'),
    code: 'TOOL_ERROR',
    error: named('ConfirmationError', `Tool "${name}" did not run: it needs the person's confirmation, and nothing on this page can ask them now. Tell the person.`),
  }
}

/** What the person (or the `confirm` callback) is shown; `args` is frozen already. */
function requestFor(call: ConfirmableCall, args: unknown, signal: AbortSignal, rule: ConfirmRule, expiresAt: number): WebMCPConfirmationRequest {
  return {
    id: ++nextId,
    name: call.name,
    ...(call.title ? { title: call.title } : {}),
    ...(call.description !== undefined ? { description: call.description } : {}),
    // A frozen copy, the one `execute` receives: a callback or a dialog cannot change it.
    args,
    ...(call.annotations ? { annotations: call.annotations } : {}),
    ...(call.origin ?? { source: 'tool', caller: 'agent' }),
    signal,
    canRemember: rule.canRemember,
    ...(rule.cannotRememberReason !== undefined ? { cannotRememberReason: rule.cannotRememberReason } : {}),
    expiresAt,
  }
}

interface PendingRequest {
  request: WebMCPConfirmationRequest
  ask: WebMCPConfirm | undefined
  /** Aborted when the request is withdrawn, so a callback watching it knows. */
  controller: AbortController
  outcomeOf: OutcomeOf
  rule: ConfirmRule
  /** Withdraw the request when one aborts: the call's own, and its registration's end. */
  signals: readonly (AbortSignal | undefined)[]
  /** Declined when nobody decided within this many milliseconds. */
  ms: number
}

/**
 * Queues the request and resolves with the decision, or with its withdrawal
 * when one of `signals` aborts first (the agent cancels, the tool's scope
 * ends, its registration ends).
 */
function waitForDecision(call: ConfirmableCall, { request, ask, controller, outcomeOf, rule, signals, ms }: PendingRequest): Promise<Confirmation> {
  const { name } = call
  return new Promise<Confirmation>((resolve) => {
    const stopListening = new AbortController()
    const entry: QueueEntry = {
      request,
      ask,
      owner: rule.canRemember ? rule.owner : undefined,
      decide(approved, reason, failure, remember) {
        // Remembered while this request still waits, so the calls it covers
        // leave the queue before the next one is asked.
        if (approved && remember && isQueued(entry))
          rememberAndRunQueued(entry, rule)
        if (!withdrawFrom(entry))
          return // decided already, or withdrawn
        stopListening.abort()
        if (approved)
          resolve({ outcome: outcomeOf('approved') })
        else if (failure !== undefined)
          resolve({ outcome: outcomeOf('failed'), code: 'TOOL_ERROR', error: couldNotAsk(name, failure) })
        else
          resolve({ outcome: outcomeOf('declined', reason), code: 'DECLINED', error: declined(name, reason) })
      },
    }
    const withdraw = (reason: unknown): void => {
      // Aborted first, so a callback watching the signal knows before the queue moves on.
      controller.abort(reason)
      if (!withdrawFrom(entry))
        return
      stopListening.abort()
      resolve(withdrawn(name, outcomeOf, reason))
    }
    for (const signal of signals)
      signal?.addEventListener('abort', () => withdraw(signal.reason), { once: true, signal: stopListening.signal })
    // Nobody decided in time: declined, the dialog or callback told through the signal first.
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`Nobody decided within ${ms} ms.`, 'TimeoutError'))
      if (!withdrawFrom(entry))
        return
      stopListening.abort()
      resolve({ outcome: outcomeOf('declined', `nobody decided within ${ms} ms`), code: 'DECLINED', error: unanswered(name, ms) })
    }, ms)
    stopListening.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
    enqueue(entry)
  })
}

/** `confirm.timeoutMs` as a delay, clamped to what a timer holds; `undefined` for a value that is not a positive, finite number (see `confirmCall`). */
function deadlineOf(ms: number): number | undefined {
  return typeof ms === 'number' && ms > 0 && ms < Infinity ? Math.min(ms, MAX_TIMER_MS) : undefined
}

/**
 * An approval given with `remember: true`: remembered for the registration
 * and what it showed when the tool allows it, and the calls queued behind it
 * that it now covers run too.
 */
function rememberAndRunQueued(entry: QueueEntry, rule: ConfirmRule): void {
  const { request } = entry
  const { owner } = rule
  if (!rule.canRemember || !owner) {
    if (__DEV__)
      warnOnce(`Tool "${request.name}" was approved with remember: true, but its calls are asked every time (confirm: { remember: false }, or not annotated readOnlyHint or destructiveHint: false without confirm: { remember: true }): the approval was not remembered. Check request.canRemember before offering it.`)
    return
  }
  // A registration that ended while the call waited (the tool unregistered, or
  // what it shows changed and it registered anew) keeps no approval: it covers
  // no other call either.
  if (!rememberApproval(request, owner))
    return
  for (const other of queuedEntries()) {
    if (other !== entry && other.owner && sameApprovalOwner(owner, other.owner))
      other.decide(true)
  }
}

function errorText(failure: unknown): string {
  try {
    return String((failure as Error | null)?.message ?? failure)
  }
  catch {
    return 'unknown error'
  }
}

/** The agent's answer to a call nobody decided in time: declined, and why. */
function unanswered(name: string, ms: number): Error {
  return named('DeclinedError', `The call of tool "${name}" was declined: it needs the person's approval, and nobody decided within ${ms} ms; it did not run. Do not call it again unless the person asks you to.`)
}

/** The agent's answer to a declined call: the person's choice, not the tool's failure. */
function declined(name: string, reason?: string): Error {
  return named('DeclinedError', `The person declined this call of tool "${name}"; it did not run.${reason ? ` Their reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}` : ''} Do not call it again unless the person asks you to.`)
}
