import type { UseWebMCPConfirmationsReturn, WebMCPConfirmationRequest } from '../types'
import { computed, getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue'
import { decide, dialogRequests, openDialog } from '../call/confirmQueue'
import { warnWithoutScope } from '../registration/scope'

/**
 * The calls waiting for the person's decision, for a dialog of the app's own.
 * While one is mounted, tools that ask (annotated `consequentialHint: true`,
 * or set to `confirm: true`) and have no `confirm` callback wait in `pending`
 * until `approve()` or `decline()`. Every instance shows the same page-wide
 * queue; it stops listening when its scope ends, or at `stop()`.
 */
export function useWebMCPConfirmations(): UseWebMCPConfirmationsReturn {
  if (__DEV__)
    warnWithoutScope('useWebMCPConfirmations')
  const pending = shallowRef<readonly WebMCPConfirmationRequest[]>(dialogRequests())
  // A server render never ends a scope, and no call ever waits there: no dialog opens.
  let close: (() => void) | undefined = typeof window === 'undefined' ? undefined : openDialog(() => (pending.value = dialogRequests()))
  const stop = () => {
    close?.()
    close = undefined
  }
  if (getCurrentScope())
    onScopeDispose(stop)
  const current = computed(() => pending.value[0])
  // The request the dialog has rendered: with no request named, approve() and
  // decline() decide this one, never one that took its place since (the one
  // on screen withdrawn the moment before the click).
  let shown = current.value
  watch(current, (request) => {
    shown = request
  }, { flush: 'post' })
  const decideShown = (approved: boolean, reason?: string, request?: WebMCPConfirmationRequest): void => {
    const target = request ?? shown
    if (target)
      decide(approved, reason, target)
  }
  return {
    stop,
    pending,
    current,
    approve: request => decideShown(true, undefined, request),
    decline: (reason, request) => decideShown(false, reason, request),
  }
}
