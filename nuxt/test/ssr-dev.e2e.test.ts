import { fileURLToPath } from 'node:url'
import { $fetch, createPage, getServerLogs, setup, url } from '@nuxt/test-utils/e2e'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'

// The development server: Vue's and vue-webmcp's development warnings are
// compiled in here (the production build drops them), so silence means something.
await setup({
  rootDir: fileURLToPath(new URL('./fixture', import.meta.url)),
  dev: true,
  browser: true,
  browserOptions: { type: 'chromium', launch: { executablePath: requireChromium(), args: CHROMIUM_ARGS } },
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

describe('debugging tools in development', () => {
  it('webmcp: { debugTools: true } registers them beside the page\'s tools, marked debugging', async () => {
    const page = await createPage()
    await page.goto(url('/'), { waitUntil: 'hydration' })
    // The native list: Playwright's tools() leaves the debugging annotation out.
    const listed = () => page.evaluate(async () => (await document.modelContext!.getTools())
      .map(tool => ({ name: tool.name, debugging: tool.annotations?.debugging === true })))
    await expect.poll(async () => (await listed()).filter(tool => tool.debugging).map(tool => tool.name).sort(), { timeout: 20_000 })
      .toEqual(['webmcp_debug_calls', 'webmcp_debug_tool', 'webmcp_debug_tools'])
    expect((await listed()).some(tool => !tool.debugging)).toBe(true)
    await page.close()
  })
})
