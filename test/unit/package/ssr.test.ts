// @vitest-environment node
// Server-side rendering: no window, no document. The composables must render,
// register nothing, start no timer and touch no browser global.
import { describe, expect, it, vi } from 'vitest'
import { createSSRApp, defineComponent, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { useRegisteredTools, useWebMCPConfirmations, useWebMCPForm, useWebMCPTool, useWebMCPTools } from '../../../src'
import { dialogCount } from '../../../src/confirmations/confirmQueue'

describe('SSR', () => {
  it('renders with every composable, registers nothing and starts no timer', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    vi.useFakeTimers()
    try {
      const states: Record<string, unknown> = {}
      const App = defineComponent({
        setup() {
          const tool = useWebMCPTool({ name: 'add_task', description: 'Adds a task', execute: () => 'ok' })
          const group = useWebMCPTools([{ name: 'list_tasks', description: 'Lists', execute: () => [] }])
          const list = useRegisteredTools()
          const form = useWebMCPForm({ name: 'create_task', description: 'Creates a task', autosubmit: true, execute: () => 'ok' })
          const confirmations = useWebMCPConfirmations()
          Object.assign(states, { tool, group, list, confirmations })
          return () => h('form', form.attrs.value, [h('input', { name: 'title' })])
        },
      })
      const html = await renderToString(createSSRApp(App))
      expect(html).toContain('toolname="create_task"')
      expect(html).toContain('tooldescription="Creates a task"')
      expect(html).toContain('toolautosubmit')
      const { tool, group, list } = states as {
        tool: ReturnType<typeof useWebMCPTool>
        group: ReturnType<typeof useWebMCPTools>
        list: ReturnType<typeof useRegisteredTools>
      }
      expect(tool.isSupported.value).toBe(false)
      expect(tool.isRegistered.value).toBe(false)
      expect(group.isRegistered.value).toBe(false)
      expect(list.tools.value).toEqual([])
      // No dialog opened on the server: the scope never ends there, so it would never close.
      expect((states.confirmations as ReturnType<typeof useWebMCPConfirmations>).pending.value).toEqual([])
      expect(dialogCount()).toBe(0)
      expect(vi.getTimerCount()).toBe(0)
    }
    finally {
      vi.useRealTimers()
    }
  })
})
