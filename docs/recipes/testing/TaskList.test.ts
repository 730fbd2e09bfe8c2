import { mount } from '@vue/test-utils'
import { expect, it } from 'vitest'
import TaskList from './TaskList.vue'

it('adds a task when an agent calls add_task', async () => {
  const wrapper = mount(TaskList)

  // What an agent does: list the page's tools, call one with arguments.
  const tool = (await document.modelContext!.getTools()).find(t => t.name === 'add_task')!
  const answer = await document.modelContext!.executeTool(tool, { title: 'Milk' })

  expect(JSON.parse(answer!)).toEqual({ content: [{ type: 'text', text: '{"count":1}' }] })
  expect(wrapper.text()).toContain('Milk')
})

it('refuses arguments its schema does not allow, and adds nothing', async () => {
  const wrapper = mount(TaskList)

  const tool = (await document.modelContext!.getTools()).find(t => t.name === 'add_task')!
  const answer = JSON.parse(await document.modelContext!.executeTool(tool, { title: '' }) ?? '')

  expect(answer.isError).toBe(true)
  expect(wrapper.findAll('li')).toHaveLength(0)
})
