import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useWebMCPTool } from 'vue-webmcp'

export const COLUMNS = ['todo', 'doing', 'done'] as const
export type Column = typeof COLUMNS[number]
export interface Card { id: number, title: string, column: Column }

export const useBoardStore = defineStore('board', () => {
  const cards = ref<Card[]>([])
  let nextId = 1

  function addCard(title: string, column: Column = 'todo'): Card {
    const card: Card = { id: nextId++, title, column }
    cards.value.push(card)
    return card
  }

  function moveCard(id: number, column: Column): Card {
    const card = cards.value.find(c => c.id === id)
    if (!card)
      throw new Error(`There is no card ${id}: list_cards gives the ids.`)
    card.column = column
    return card
  }

  // Owned by the store's effect scope: registered the first time a component uses the store,
  // then listed on every page until the store is disposed (`store.$dispose()`).
  useWebMCPTool({
    name: 'list_cards',
    description: 'Lists every card of the board with its id, title and column.',
    annotations: { readOnlyHint: true },
    execute: () => ({ cards: cards.value }),
  })

  return { cards, addCard, moveCard }
})
