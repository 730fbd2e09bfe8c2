// An app whose only tools are forms gets the debugging tools too. Its own file:
// it needs fresh modules (the page's first observed tool is the form), and a
// module registry reset there would split the lazily loaded call path from
// the statically imported composables for every later test in the file.
import type { InMemoryModelContext } from '../../../src/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, defineComponent, h } from 'vue'
import { install, uninstall } from '../../../src/testing'
import { until } from '../../helpers'
import { callTool, textOf } from '../../lane'

const DEBUG = ['webmcp_debug_calls', 'webmcp_debug_tool', 'webmcp_debug_tools']
let mc: InMemoryModelContext
const apps: { unmount: () => void }[] = []

beforeEach(() => {
  mc = install()
})
afterEach(() => {
  apps.splice(0).forEach(app => app.unmount())
  uninstall()
})

async function json(name: string): Promise<any> {
  return JSON.parse(textOf(await callTool(mc, name, {})))
}

describe('the debugging tools', () => {
  it('an app whose only tools are forms has them', async () => {
    // Fresh modules: the page's first observed tool is this form, as in an app with forms alone.
    vi.resetModules()
    const { useWebMCPForm, WEBMCP_CONFIG } = await import('../../../src')
    const app = createApp(defineComponent({
      name: 'OnlyForm',
      setup() {
        const form = useWebMCPForm({ name: 'only_form', description: 'A form.', execute: () => 'ok' })
        return () => h('form', form.attrs.value, [h('input', { name: 'title' })])
      },
    }))
    app.provide(WEBMCP_CONFIG, { debugTools: true })
    app.mount(document.body.appendChild(document.createElement('div')))
    apps.push(app)
    await until(() => DEBUG.every(name => mc.toolNames.includes(name)))
    expect((await json('webmcp_debug_tools')).tools).toEqual([{ name: 'only_form', form: true, owner: '<OnlyForm>', enabled: true, registered: true, calls: 0 }])
  })
})
