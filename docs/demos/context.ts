import { shallowRef } from 'vue'

/**
 * True once the demos run on `vue-webmcp/testing`'s in-memory context: the reader's browser has
 * no `document.modelContext` of its own (no WebMCP switch, no polyfill).
 */
export const inMemory = shallowRef(false)

/**
 * Gives the page a ModelContext for the demos when the browser has none. Loaded on demand, so a
 * browser with WebMCP never downloads the in-memory one; the composables follow a context that
 * arrives after they were set up.
 */
export async function ensureModelContext(): Promise<void> {
  if (document.modelContext)
    return
  const { install } = await import('vue-webmcp/testing')
  if (!document.modelContext) {
    install()
    inMemory.value = true
  }
}
