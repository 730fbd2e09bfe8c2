import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { ToolInputError, useWebMCPTool } from 'vue-webmcp'
import { z } from 'zod'

export type Priority = 'low' | 'normal' | 'high'
export interface Task {
  id: number
  title: string
  priority: Priority
  tags: string[]
  done: boolean
}

export const TAGS = ['home', 'work', 'errand'] as const

/** The board's state, and the one tool that lives as long as the app: reading it. */
export const useBoard = defineStore('board', () => {
  const tasks = ref<Task[]>([
    { id: 1, title: 'Water the plants', priority: 'normal', tags: ['home'], done: false },
    { id: 2, title: 'Send the invoice', priority: 'high', tags: ['work'], done: false },
  ])
  const openId = ref<number | null>(null)
  let nextId = 3

  const completed = computed(() => tasks.value.filter(t => t.done))
  const open = computed(() => tasks.value.find(t => t.id === openId.value) ?? null)

  function find(id: number): Task {
    const task = tasks.value.find(t => t.id === id)
    if (!task)
      throw new ToolInputError(`There is no task ${id}. Call list_tasks for the ids.`)
    return task
  }

  function add(title: string, priority: Priority = 'normal', tags: string[] = []): Task {
    const task: Task = { id: nextId++, title: title.trim(), priority, tags, done: false }
    if (!task.title)
      throw new ToolInputError('The title is empty.')
    tasks.value.push(task)
    return task
  }

  function complete(id: number): Task {
    const task = find(id)
    task.done = true
    return task
  }

  function update(id: number, changes: Partial<Pick<Task, 'title' | 'priority'>>): Task {
    return Object.assign(find(id), changes)
  }

  function clearCompleted(): number {
    const before = tasks.value.length
    tasks.value = tasks.value.filter(t => !t.done)
    if (open.value === null)
      openId.value = null
    return before - tasks.value.length
  }

  // Set up in the store, so it lives as long as the app; WEBMCP_CONFIG from
  // app.provide reaches it.
  useWebMCPTool({
    name: 'list_tasks',
    title: 'List tasks',
    description: 'Lists the tasks on the board with their ids, priority, tags and whether they are done.',
    annotations: { readOnlyHint: true },
    inputSchema: {
      type: 'object',
      properties: { done: { type: 'boolean', description: 'Only tasks that are done (true) or open (false).' } },
      additionalProperties: false,
    },
    execute: ({ done }) => ({ tasks: tasks.value.filter(t => done === undefined || t.done === done) }),
  })

  // Written with Zod: the arguments are parsed before execute (the tag trimmed
  // and lower-cased, the limit defaulted), and the result is checked against
  // its output schema and sent as structuredContent.
  useWebMCPTool({
    name: 'tasks_by_tag',
    title: 'Tasks by tag',
    description: 'The ids of the open tasks with a tag.',
    annotations: { readOnlyHint: true },
    inputSchema: z.object({
      tag: z.string().trim().toLowerCase().pipe(z.enum(TAGS)).describe('home, work or errand, in any case.'),
      limit: z.number().int().min(1).max(20).default(5),
    }),
    outputSchema: z.object({ tag: z.enum(TAGS), ids: z.array(z.number()) }),
    execute: ({ tag, limit }) => ({ tag, ids: tasks.value.filter(t => !t.done && t.tags.includes(tag)).slice(0, limit).map(t => t.id) }),
  })

  return { tasks, openId, open, completed, find, add, complete, update, clearCompleted }
})
