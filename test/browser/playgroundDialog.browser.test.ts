// The playground's confirmation dialog (playground/src/components/ConfirmDialog.vue),
// mounted in native Chromium and driven by the agent's path (Playwright's
// frame.webmcp.callTool): an alertdialog moves focus into itself.
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import ConfirmDialog from '../../playground/src/components/ConfirmDialog.vue'
import { useWebMCPTool } from '../../src'
import { until, withSetup } from '../helpers'
import { laneSuite, textOf, uniqueName } from '../lane'

const cleanups = laneSuite(() => {})

describe('the playground\'s confirmation dialog', () => {
  it('puts focus on Decline for every request, the one queued behind the first too', async () => {
    const wrapper = mount(ConfirmDialog, { attachTo: document.body })
    cleanups.push(() => wrapper.unmount())
    const name = uniqueName('clear')
    const execute = vi.fn(() => 'cleared')
    const tool = withSetup(() => useWebMCPTool({ name, description: 'Clears the board.', annotations: { consequentialHint: true }, execute }))
    cleanups.push(tool.unmount)
    await until(() => tool.result.isRegistered.value)
    const first = commands.callTool(name, { n: 1 })
    await until(() => wrapper.find('[data-testid="confirm-dialog"]').exists())
    const second = commands.callTool(name, { n: 2 })
    await until(() => wrapper.text().includes('1 more waiting'))
    const decline = () => wrapper.find('[data-testid="confirm-decline"]').element
    expect(document.activeElement).toBe(decline())
    await wrapper.find('button.primary').trigger('click')
    expect(textOf(await first)).toBe('cleared')
    await until(() => wrapper.find('pre').exists() && wrapper.find('pre').text().includes('"n": 2'))
    await until(() => document.activeElement === decline())
    await wrapper.find('[data-testid="confirm-decline"]').trigger('click')
    expect((await second)._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(execute).toHaveBeenCalledOnce()
  })
})
