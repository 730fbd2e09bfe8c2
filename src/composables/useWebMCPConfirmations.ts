import type { ComputedRef, Ref } from 'vue'
import type { WebMCPConfirmationRequest } from '../types'
import { computed, getCurrentScope, onScopeDispose, shallowRef } from 'vue'
import { decide, dialogRequests, openDialog } from '../call/confirmQueue'
import { warnWithoutScope } from '../registration/scope'

export type { WebMCPConfirm, WebMCPConfirmationOutcome, WebMCPConfirmationRequest } from '../types'

export interface UseWebMCPConfirmationsReturn {
  /** The calls waiting for the person's decision, oldest first. */
  pending: Readonly<Ref<readonly WebMCPConfirmationRequest[]>>
  /** The oldest pending request: the one to show. `undefined` when none waits. */
  current: ComputedRef<WebMCPConfirmationRequest | undefined>
  /** Runs the call (`current` unless another pending request is given). */
  approve: (request?: WebMCPConfirmationRequest) => void
  /** Declines the call: it does not run, and the agent is told, with `reason` when given. */
  decline: (reason?: string, request?: WebMCPConfirmationRequest) => void
  /** Closes this dialog before its scope ends: calls no longer wait for it (requests already waiting stay queued for another). */
  stop: () => void
}

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
  return {
    stop,
    pending,
    current: computed(() => pending.value[0]),
    approve: request => decide(true, undefined, request),
    decline: (reason, request) => decide(false, reason, request),
  }
}
