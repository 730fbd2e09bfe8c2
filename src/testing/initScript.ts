// The entry of `initScript`: bundled on its own into one self-contained
// string (scripts/init-script-plugin.mjs) that a test adds before the page
// loads. Installs the in-memory ModelContext where none exists, so the page's
// tools register in browsers without WebMCP.
import { defineEventClasses } from './events'
import { InMemoryModelContext } from './modelContext'

if (typeof document !== 'undefined' && !document.modelContext) {
  Object.defineProperty(document, 'modelContext', { configurable: true, enumerable: true, value: new InMemoryModelContext(document) })
  defineEventClasses(globalThis)
}
