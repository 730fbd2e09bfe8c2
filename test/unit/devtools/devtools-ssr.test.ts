// @vitest-environment node
// A development server render: the DevTools observer keeps nothing, since a
// server never disposes the scopes it would be waiting on.
import { describe, expect, it } from 'vitest'
import { createSSRApp, defineComponent, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { useWebMCPForm, useWebMCPTool, WEBMCP_CONFIG } from '../../../src'
import { observedTools } from '../../../src/devtools/observer'

describe('Vue DevTools observer during SSR', () => {
  it('observes no tool and no form, debugTools or not', async () => {
    const App = defineComponent({
      setup() {
        useWebMCPTool({ name: 'add_task', description: 'Adds a task', execute: () => 'ok' })
        const form = useWebMCPForm({ name: 'create_task', description: 'Creates a task', execute: () => 'ok' })
        return () => h('form', form.attrs.value)
      },
    })
    for (let i = 0; i < 3; i++) {
      const app = createSSRApp(App)
      app.provide(WEBMCP_CONFIG, { debugTools: true })
      await renderToString(app)
    }
    // Observing is synchronous with setup, which renderToString has run.
    expect(observedTools.size).toBe(0)
  })
})
