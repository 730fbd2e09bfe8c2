import { fileURLToPath } from 'node:url'
import { $fetch, getServerLogs, setup } from '@nuxt/test-utils/e2e'
import { describe, expect, it } from 'vitest'

// The development server: Vue's and vue-webmcp's development warnings are
// compiled in here (the production build drops them), so silence means something.
await setup({
  rootDir: fileURLToPath(new URL('./fixture', import.meta.url)),
  dev: true,
})

describe('server rendering in development', () => {
  it('renders every page with no warning and no browser API', async () => {
    const pages = { '/': '<h1>Tasks</h1>', '/other': '<h1>Other</h1>', '/frames': '<main>', '/frame-child': 'pending' }
    for (const [path, text] of Object.entries(pages)) {
      const html = await $fetch<string>(path)
      expect(html).toContain(text)
      expect(html).not.toMatch(/"error"|statusCode|nuxt-error/)
    }
    expect(getServerLogs().filter(line => /warn|error|modelContext|is not defined/i.test(line))).toEqual([])
  })
})
