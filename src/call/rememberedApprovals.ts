// The approvals the person gave with `remember: true`: later calls of those
// tools on this page run unasked, until `forget()` or the page goes away
// (module state lives as long as the page does). Apart from call/confirm.ts
// because `useWebMCPConfirmations` reads and clears it at start-up, and the
// call path checks it before loading the confirmation step. No Vue import.
import type { WebMCPConfirmationRequest, WebMCPRememberedApproval } from '../types'

const approvals = new Map<string, WebMCPRememberedApproval>()
const listeners = new Set<() => void>()

function changed(): void {
  for (const listener of listeners) {
    try {
      listener()
    }
    catch (error) {
      if (__DEV__)
        console.error('[vue-webmcp] a remembered-approvals listener threw.', error)
    }
  }
}

/** Remembers the approval of `request`'s tool, by name. */
export function rememberApproval(request: Pick<WebMCPConfirmationRequest, 'name' | 'title'>): void {
  approvals.set(request.name, { name: request.name, ...(request.title ? { title: request.title } : {}), at: Date.now() })
  changed()
}

/** Whether calls of tool `name` were approved for the page. */
export function isRemembered(name: string): boolean {
  return approvals.has(name)
}

/** Forgets the approval of tool `name`, or every approval when none is named. */
export function forgetApprovals(name?: string): void {
  const forgotten = name === undefined ? approvals.size > 0 : approvals.has(name)
  if (name === undefined)
    approvals.clear()
  else
    approvals.delete(name)
  if (forgotten)
    changed()
}

/** Every remembered approval, oldest first (copies). */
export function rememberedApprovals(): WebMCPRememberedApproval[] {
  return [...approvals.values()].map(approval => ({ ...approval }))
}

/** Runs `listener` whenever an approval is remembered or forgotten; returns its removal. */
export function onApprovalsChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
