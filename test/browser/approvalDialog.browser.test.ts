// The approval dialog the docs give to copy (docs/demos/ApprovalDialog.vue),
// mounted in native Chromium and driven by the agent's path (Playwright's
// frame.webmcp.callTool): the person's choices belong to one request each.
import type { VueWrapper } from '@vue/test-utils'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { nextTick } from 'vue'
import ApprovalDialog from '../../docs/demos/ApprovalDialog.vue'
import { useWebMCPTool } from '../../src'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

const cleanups = laneSuite(() => {})

function mountDialog(): VueWrapper {
  const wrapper = mount(ApprovalDialog, { attachTo: document.body })
  cleanups.push(() => wrapper.unmount())
  return wrapper
}

function tool(options: Partial<Parameters<typeof useWebMCPTool>[0]> = {}) {
  const name = uniqueName('pay')
  const execute = vi.fn(() => 'paid')
  const mounted = withSetup(() => useWebMCPTool({ name, description: 'Pays an invoice.', execute, ...options } as Parameters<typeof useWebMCPTool>[0]))
  cleanups.push(mounted.unmount)
  return { name, execute, state: mounted.result }
}

function shown(): HTMLDialogElement {
  return document.querySelector('[data-testid="confirm-dialog"]')!
}

describe('the approval dialog (docs/demos/ApprovalDialog.vue)', () => {
  it('starts every request with "don\'t ask again" cleared and no reason: a box ticked for one request never remembers the next', async () => {
    const wrapper = mountDialog()
    const { name, execute, state } = tool({ annotations: { consequentialHint: true, destructiveHint: false } })
    await until(() => state.isRegistered.value)

    const first = commands.callTool(name, {})
    await until(() => shown().open && wrapper.find('[data-testid="confirm-remember"]').exists())
    const box = wrapper.find<HTMLInputElement>('[data-testid="confirm-remember"]')
    expect(box.element.checked).toBe(false)
    await box.setValue(true)
    await wrapper.find('input[type="text"]').setValue('Not this one')
    await wrapper.find('[data-testid="confirm-decline"]').trigger('click')
    expect(textOf(await first)).toContain('Their reason: Not this one.')

    const second = commands.callTool(name, {})
    await until(() => shown().open && wrapper.find('[data-testid="confirm-remember"]').exists())
    expect(wrapper.find<HTMLInputElement>('[data-testid="confirm-remember"]').element.checked).toBe(false)
    expect(wrapper.find<HTMLInputElement>('input[type="text"]').element.value).toBe('')
    await wrapper.find('[data-testid="confirm-approve"]').trigger('click')
    expect(textOf(await second)).toBe('paid')
    // A plain Approve remembered nothing: the next call asks again.
    expect(wrapper.text()).not.toContain('runs without asking')
    const third = commands.callTool(name, {})
    await until(() => shown().open)
    expect(execute).toHaveBeenCalledOnce()
    await wrapper.find('[data-testid="confirm-remember"]').setValue(true)
    await wrapper.find('[data-testid="confirm-approve"]').trigger('click')
    expect(textOf(await third)).toBe('paid')
    await until(() => wrapper.text().includes(`${name} runs without asking`))
    expect(textOf(await commands.callTool(name, {}))).toBe('paid')
    expect(execute).toHaveBeenCalledTimes(3)
    await wrapper.find('.approval-remembered button').trigger('click')
    expect(wrapper.text()).not.toContain('runs without asking')
  })

  it('where a request cannot be remembered, shows the request\'s reason instead of the box', async () => {
    const wrapper = mountDialog()
    const { name, state } = tool({ annotations: { consequentialHint: true } })
    await until(() => state.isRegistered.value)
    const call = commands.callTool(name, {})
    await until(() => shown().open)
    expect(wrapper.find('[data-testid="confirm-remember"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="confirm-no-remember"]').text())
      .toBe('This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.')
    await wrapper.find('[data-testid="confirm-decline"]').trigger('click')
    expect((await call)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    await nextTick()
    expect(shown().open).toBe(false)
  })

  it('puts focus on Decline for every request, the one queued behind the first too', async () => {
    const wrapper = mountDialog()
    const { name, execute, state } = tool({ annotations: { consequentialHint: true } })
    await until(() => state.isRegistered.value)
    const first = commands.callTool(name, { n: 1 })
    await until(() => shown().open)
    const second = commands.callTool(name, { n: 2 })
    await until(() => wrapper.text().includes('1 more waiting'))
    const decline = () => wrapper.find('[data-testid="confirm-decline"]').element
    expect(document.activeElement).toBe(decline())
    await wrapper.find('[data-testid="confirm-approve"]').trigger('click')
    expect(textOf(await first)).toBe('paid')
    await until(() => wrapper.find('pre').text().includes('"n": 2'))
    await nextTick()
    expect(document.activeElement).toBe(decline())
    await wrapper.find('[data-testid="confirm-decline"]').trigger('click')
    expect((await second)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(execute).toHaveBeenCalledOnce()
  })

  it('shows the time left until the request expires, and closes when it is declined unanswered', async () => {
    const wrapper = mountDialog()
    const { name, execute, state } = tool({ confirm: { timeoutMs: 90_000 } })
    await until(() => state.isRegistered.value)
    const call = commands.callTool(name, {})
    await until(() => shown().open)
    const timer = wrapper.find('[role="timer"]')
    expect(timer.text()).toMatch(/^Declined in 1 min (30|29) s if nobody decides\.$/)
    await wrapper.find('[data-testid="confirm-decline"]').trigger('click')
    await call

    const quick = tool({ confirm: { timeoutMs: 1500 } })
    await until(() => quick.state.isRegistered.value)
    const expiring = commands.callTool(quick.name, {})
    await until(() => shown().open)
    expect(wrapper.find('[role="timer"]').text()).toMatch(/^Declined in [01] s if nobody decides\.$/)
    const response = await expiring
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(response)).toContain('nobody decided within 1500 ms')
    await until(() => !shown().open)
    expect(quick.execute).not.toHaveBeenCalled()
    expect(execute).not.toHaveBeenCalled()
  })
})
