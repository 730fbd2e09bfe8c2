import { shallowRef } from 'vue'
import { defineWebMCPTool } from 'vue-webmcp'

// Tool definitions in a plain module: importable and testable without a component.
export const items = shallowRef<string[]>(['Oat milk'])

export const addItem = defineWebMCPTool({
  name: 'add_item',
  description: 'Adds an item to the shopping list and returns the list.',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 40 } },
    required: ['name'],
  },
  execute: ({ name }) => {
    items.value = [...items.value, name]
    return { items: items.value }
  },
})

export const listItems = defineWebMCPTool({
  name: 'list_items',
  description: 'Lists the items on the shopping list.',
  annotations: { readOnlyHint: true },
  execute: () => ({ items: items.value }),
})

export const clearItems = defineWebMCPTool({
  name: 'clear_items',
  description: 'Empties the shopping list.',
  annotations: { consequentialHint: true },
  execute: () => {
    const removed = items.value.length
    items.value = []
    return { removed }
  },
})
