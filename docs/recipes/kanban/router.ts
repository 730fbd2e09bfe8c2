import type { RouterHistory } from 'vue-router'
import { createRouter, createWebHistory } from 'vue-router'
import BoardView from './BoardView.vue'
import SettingsView from './SettingsView.vue'

// `meta.title` marks the pages an agent may open with the navigate tool (navigation.ts).
export function createAppRouter(history: RouterHistory = createWebHistory()) {
  return createRouter({
    history,
    routes: [
      { path: '/', name: 'board', component: BoardView, meta: { title: 'The board, its cards in columns' } },
      { path: '/settings', name: 'settings', component: SettingsView, meta: { title: 'Display settings' } },
    ],
  })
}
