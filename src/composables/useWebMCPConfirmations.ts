import type { UseWebMCPConfirmationsReturn, WebMCPConfirmationRequest, WebMCPRememberedApproval } from '../types'
import { computed, getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue'
import { decide, dialogRequests, openDialog } from '../confirmations/confirmQueue'
import { forgetApprovals, onApprovalsChange, rememberedApprovals } from '../confirmations/rememberedApprovals'
import { warnWithoutScope } from '../registration/scope'
import { isClient } from '../shared/env'

/**
 * The calls waiting for the person's decision, for a dialog of the app's own.
 * While one is mounted, tools that ask (annotated `consequentialHint: true`,
 * or set to `confirm: true`) and have no `confirm` callback wait in `pending`
 * until `approve()`, `decline()` or their `expiresAt`; with none mounted,
 * such calls fail without running. Every instance shows the same page-wide
 * queue, and the same approvals remembered for the page; it stops listening
 * when its scope ends, or at `stop()`.
 */
export function useWebMCPConfirmations(): UseWebMCPConfirmationsReturn {
  if (__DEV__)
    warnWithoutScope('useWebMCPConfirmations')
  const pending = shallowRef<readonly WebMCPConfirmationRequest[]>(dialogRequests())
  const remembered = shallowRef<readonly WebMCPRememberedApproval[]>(rememberedApprovals())
  // A server render never ends a scope, and no call ever waits there: no dialog opens.
  let close: (() => void) | undefined = isClient ? openDialog(() => (pending.value = dialogRequests())) : undefined
  let unfollow: (() => void) | undefined = isClient ? onApprovalsChange(() => (remembered.value = rememberedApprovals())) : undefined
  const stop = () => {
    close?.()
    unfollow?.()
    close = unfollow = undefined
  }
  if (getCurrentScope())
    onScopeDispose(stop)
  const current = computed(() => pending.value[0])
  // The request the dialog has rendered: with no request named, approve() and
  // decline() decide this one, never one that took its place since (the one
  // on screen withdrawn the moment before the click).
  let shown = current.value
  // After the dialog's own decline, until the next render: the request that
  // took its place, which a second decline() may decline (a decline runs
  // nothing) but approve() never reaches, since the person has not seen it.
  let behind: WebMCPConfirmationRequest | undefined
  watch(current, (request) => {
    shown = request
    behind = undefined
  }, { flush: 'post' })
  // Used as an event handler (`@click="approve"`), they receive the Event:
  // that names no request, so they decide the one on screen.
  const decideShown = (request: unknown, approved: boolean, reason?: unknown, remember?: boolean): void => {
    const named = isRequest(request)
    const target = named ? request : approved ? shown : shown ?? behind
    if (!target)
      return
    decide(target, approved, { reason: typeof reason === 'string' ? reason : undefined, remember })
    if (!named && (target === shown || target === behind)) {
      shown = undefined
      behind = approved ? undefined : current.value
    }
  }
  return {
    stop,
    pending,
    current,
    approve: (request, options) => decideShown(request, true, undefined, options?.remember === true),
    decline: (request, options) => decideShown(request, false, options?.reason),
    remembered,
    // `forget` ignores anything but a string: `@click="forget"` forgets every approval.
    forget: forgetApprovals,
  }
}

/** A request from `pending` (or a callback's), not an Event or anything else a handler was passed. */
function isRequest(value: unknown): value is WebMCPConfirmationRequest {
  return typeof (value as Partial<WebMCPConfirmationRequest> | null | undefined)?.id === 'number'
}
