// App.test.ts (vitest.config.ts: plugins: [vue()], test: { environment: 'happy-dom' })
import { mount } from '@vue/test-utils'
import { afterEach, expect, it } from 'vitest'
import { install, uninstall } from 'vue-webmcp/testing'
import App from './App.vue'

afterEach(() => uninstall())

it('adds a task when an agent calls add_task', async () => {
  const modelContext = install()
  const wrapper = mount(App)

  const tool = (await modelContext.getTools()).find(t => t.name === 'add_task')!
  const answer = await modelContext.executeTool(tool, { title: 'Milk' })

  expect(JSON.parse(answer!)).toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
  expect(wrapper.text()).toContain('Milk')
  wrapper.unmount()
  expect(modelContext.toolNames).toEqual([]) // gone with its component
})
