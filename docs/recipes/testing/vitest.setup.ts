import { enableAutoUnmount } from '@vue/test-utils'
import { afterEach, beforeEach } from 'vitest'
import { install, uninstall } from 'vue-webmcp/testing'

// A fresh in-memory document.modelContext for each test, where the environment has none
// (happy-dom, jsdom, a browser without WebMCP); a Chromium with WebMCP keeps its own.
beforeEach(() => {
  if (!('modelContext' in document))
    install()
})

// Hooks run in reverse order: components unmount first, withdrawing their tools, then the
// in-memory context goes and document is as it was.
afterEach(() => uninstall())
enableAutoUnmount(afterEach)
