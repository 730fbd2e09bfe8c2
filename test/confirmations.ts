// A scenario the confirmation suites run through two call paths: the lane's
// executeTool (test/shared) and Playwright's page.webmcp (test/browser).
import type { UseWebMCPConfirmationsReturn, WebMCPToolResponse } from '../src'
import { expect, vi } from 'vitest'
import { effectScope } from 'vue'
import { useWebMCPTool } from '../src'
import { until } from './helpers'
import { uniqueName } from './lane'

/**
 * The tool's scope ends while its call waits for the person: the request
 * leaves `pending`, its signal aborts, and `execute` never runs. `call`
 * starts the agent's call by name.
 */
export async function scopeEndWithdraws(
  confirmations: UseWebMCPConfirmationsReturn,
  call: (name: string) => Promise<WebMCPToolResponse>,
  cleanups: (() => void)[],
): Promise<void> {
  const name = uniqueName('delete_account')
  const execute = vi.fn(() => 'deleted')
  const scope = effectScope()
  cleanups.push(() => scope.stop())
  const state = scope.run(() => useWebMCPTool({ name, description: 'Deletes the account.', annotations: { consequentialHint: true }, execute }))!
  await until(() => state.isRegistered.value)
  const answer = call(name).catch(error => error as Error)
  await until(() => confirmations.current.value)
  const { signal } = confirmations.current.value!
  scope.stop()
  expect(signal.aborted).toBe(true)
  expect(confirmations.pending.value).toEqual([])
  // The tool is gone with its scope: the implementation may answer ABORTED or reject the caller.
  const settled = await answer
  if (!(settled instanceof Error))
    expect(settled._meta).toEqual({ 'vue-webmcp/code': 'ABORTED' })
  expect(execute).not.toHaveBeenCalled()
}
