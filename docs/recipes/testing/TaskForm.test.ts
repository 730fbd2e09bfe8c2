import type { WebMCPTestPage } from 'vue-webmcp/testing'
import { mount } from '@vue/test-utils'
import { expect, it } from 'vitest'
import { callTool, listTools, submitAsAgent } from 'vue-webmcp/testing'
import TaskForm from './TaskForm.vue'

// The end-to-end helpers, run in this document: `evaluate` calls the function here.
const here: WebMCPTestPage = { evaluate: async (fn, arg) => fn(arg) }

it('is a tool only once it is in the document', async () => {
  mount(TaskForm) // rendered into a detached element: the browser would not list it
  expect(await listTools(here)).toEqual([])

  mount(TaskForm, { attachTo: document.body })
  expect((await listTools(here)).map(tool => tool.name)).toEqual(['create_task'])
})

it('an agent fills it and submits it', async () => {
  const wrapper = mount(TaskForm, { attachTo: document.body })

  // The browser fills the field, submits (toolautosubmit) and hands the agent the answer.
  const result = await callTool(here, 'create_task', { title: 'Milk' })

  expect(result).toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
  expect(wrapper.text()).toContain('Milk')
})

it('the submit handler answers an agent\'s submission', async () => {
  // No need to be in the document: the submit event goes to the form itself.
  const wrapper = mount(TaskForm)
  await wrapper.find('input[name="title"]').setValue('Bread')

  expect(await submitAsAgent(wrapper.find('form').element)).toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
  expect(wrapper.text()).toContain('Bread')
})
