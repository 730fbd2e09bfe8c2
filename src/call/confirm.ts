import type { ToolCallSettings } from '../shared/callSettings'
// Part of step 3 of a call (see "How a call flows" in the README): the
// person's decision, between argument validation and `execute`, for a tool
// that asks. Loaded by the call path only when a tool asks, so apps whose
// tools never ask do not ship it. No Vue import.
//
// A request joins the page-wide queue (call/confirmQueue.ts) and waits for a
// `confirm` callback (the tool's, its group's or the app's, nearest first) or,
// without one, for a `useWebMCPConfirmations` dialog. Withdrawing it (the
// agent cancels, the tool's scope ends) aborts its signal and takes it out.
import type { WebMCPCallOrigin, WebMCPConfirm, WebMCPConfirmationOutcome, WebMCPConfirmationRequest, WebMCPErrorCode, WebMCPToolAnnotations } from '../types'
import type { QueueEntry } from './confirmQueue'
import { warnOnce } from '../shared/warn'
import { dialogCount, enqueue, withdrawFrom } from './confirmQueue'

/** The part of a call (call/callTool.ts's `ToolCall`) a confirmation reads. */
export interface ConfirmableCall {
  name: string
  settings: ToolCallSettings
  title?: string
  description?: string
  annotations?: WebMCPToolAnnotations
  signals: readonly (AbortSignal | undefined)[]
  origin?: WebMCPCallOrigin
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

/**
 * Waits for the person's decision on one call. Resolves to `undefined` when
 * the call runs without asking (a `consequentialHint` tool on a page with no
 * way to ask), else to the decision and, unless approved, what the agent gets.
 */
export async function confirmCall(call: ConfirmableCall, args: unknown): Promise<Confirmation | undefined> {
  const { name, settings } = call
  const [own, group] = settings.confirms ?? []
  const ask = [own, group, settings.confirm].find(c => typeof c === 'function') as WebMCPConfirm | undefined
  const explicit = (own ?? group) !== undefined
  const started = nowMs()
  const outcome = (decision: WebMCPConfirmationOutcome['decision'], reason?: string): WebMCPConfirmationOutcome =>
    ({ decision, ms: nowMs() - started, ...(reason !== undefined ? { reason } : {}) })

  if (!ask && !dialogCount()) {
    if (!explicit) {
      // The default for a consequential tool applies once the app can ask.
      if (__DEV__) {
        (settings.warn ?? warnOnce)(`Tool "${name}" is consequential (annotations.consequentialHint) but nothing on this page asks the person: it ran without confirmation. `
          + 'Mount useWebMCPConfirmations() to show a dialog, set WEBMCP_CONFIG.confirm, or set confirm: false on the tool if it needs none.')
      }
      return undefined
    }
    // A tool that says it must ask never runs unasked.
    return {
      outcome: outcome('failed'),
      code: 'TOOL_ERROR',
      error: named('ConfirmationError', `Tool "${name}" did not run: it needs the person's confirmation, and nothing on this page can ask them now. Tell the person.`),
    }
  }

  const controller = new AbortController()
  const request: WebMCPConfirmationRequest = {
    id: ++nextId,
    name,
    ...(call.title ? { title: call.title } : {}),
    ...(call.description !== undefined ? { description: call.description } : {}),
    args,
    ...(call.annotations ? { annotations: call.annotations } : {}),
    ...(call.origin ?? { source: 'tool', caller: 'agent' }),
    signal: controller.signal,
  }

  return new Promise<Confirmation>((resolve) => {
    const unlink: (() => void)[] = []
    const entry: QueueEntry = {
      request,
      ask,
      settle(approved, reason, failure) {
        if (!withdrawFrom(entry))
          return // decided already, or withdrawn
        unlink.forEach(stop => stop())
        if (approved)
          resolve({ outcome: outcome('approved') })
        else if (failure !== undefined)
          resolve({ outcome: outcome('failed'), code: 'TOOL_ERROR', error: named('ConfirmationError', `Tool "${name}" did not run: the page could not ask the person for confirmation (${errorText(failure)}).`, failure) })
        else
          resolve({ outcome: outcome('declined', reason), code: 'DECLINED', error: declined(name, reason) })
      },
    }
    const withdraw = (reason: unknown) => {
      // Aborted first, so a callback watching the signal knows before the queue moves on.
      controller.abort(reason)
      if (!withdrawFrom(entry))
        return
      unlink.forEach(stop => stop())
      resolve({
        outcome: outcome('withdrawn'),
        code: 'ABORTED',
        error: named('AbortError', `The call of tool "${name}" was withdrawn before the person decided (the caller cancelled, or the page moved on); it did not run.`, reason),
      })
    }
    for (const signal of call.signals) {
      if (signal?.aborted) {
        controller.abort(signal.reason)
        return resolve({ outcome: outcome('withdrawn'), code: 'ABORTED', error: signal.reason })
      }
    }
    for (const signal of call.signals) {
      if (!signal)
        continue
      const onAbort = () => withdraw(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      unlink.push(() => signal.removeEventListener('abort', onAbort))
    }
    if (__DEV__) {
      try {
        settings.onConfirmationRequest?.(request)
      }
      catch {} // observability never breaks a call
    }
    enqueue(entry)
  })
}

function errorText(failure: unknown): string {
  try {
    return String((failure as Error | null)?.message ?? failure)
  }
  catch {
    return 'unknown error'
  }
}

/** The agent's answer to a declined call: the person's choice, not the tool's failure. */
function declined(name: string, reason?: string): Error {
  return named('DeclinedError', `The person declined this call of tool "${name}"; it did not run.${reason ? ` Their reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}` : ''} Do not call it again unless the person asks you to.`)
}
