// vue-webmcp/testing's initScript as a user's end-to-end test uses it: a
// Chromium launched WITHOUT WebMCP, the built init script added before the
// page loads, the built playground registering its tools into it, and the
// listTools / callTool helpers driving them through Playwright's page.evaluate.
import type { Browser, Page } from 'playwright'
import { chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'
import { startPlayground } from '../../scripts/playground-server.mjs'

type Testing = typeof import('../../src/testing')

let browser: Browser
let page: Page
let server: { url: string, close: () => Promise<void> }
let testing: Testing
const pageErrors: string[] = []

beforeAll(async () => {
  // The package as published: dist/, built by `npm run build` before this lane.
  testing = await import(new URL('../../dist/testing.mjs', import.meta.url).href) as Testing
  server = await startPlayground()
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS.filter(arg => !arg.includes('WebMCP')) })
  page = await browser.newPage()
  page.on('pageerror', error => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('initScript in a browser without WebMCP', () => {
  it('the browser has no WebMCP of its own', async () => {
    const bare = await browser.newPage()
    await bare.goto(server.url)
    expect(await bare.evaluate(() => typeof document.modelContext)).toBe('undefined')
    await bare.close()
  })

  it('installs the in-memory context before the page loads; listTools and callTool drive the page\'s tools and form', async () => {
    expect(typeof testing.initScript).toBe('string')
    await page.addInitScript(testing.initScript)
    await page.goto(server.url)
    await page.waitForSelector('[data-testid="dev-panel"]')
    await expect.poll(async () => (await testing.listTools(page)).map(t => t.name)).toEqual(expect.arrayContaining(['add_task', 'create_task', 'list_tasks']))
    const tools = await testing.listTools(page)
    expect(tools.find(t => t.name === 'add_task')!.inputSchema).toMatchObject({ required: ['title'] })
    expect(tools.find(t => t.name === 'create_task')!.inputSchema).toMatchObject({ required: ['title'], properties: { tags: { type: 'array', uniqueItems: true } } })

    const added = await testing.callTool(page, 'add_task', { title: 'Buy milk', priority: 'high' }) as { content: { text: string }[] }
    expect(JSON.parse(added.content[0]!.text)).toMatchObject({ id: 3, title: 'Buy milk' })
    const invalid = await testing.callTool(page, 'add_task', { priority: 'urgent' }) as { isError: boolean, _meta: Record<string, string> }
    expect(invalid.isError).toBe(true)
    expect(invalid._meta['vue-webmcp/code']).toBe('INVALID_ARGS')

    // The declarative form, through the in-memory model of Chromium's forms.
    const created = await testing.callTool(page, 'create_task', { title: 'Book the dentist', tags: ['home'] }) as { content: { text: string }[] }
    expect(JSON.parse(created.content[0]!.text).created).toMatchObject({ title: 'Book the dentist', tags: ['home'] })
    await expect.poll(() => page.locator('.tasks li .link').allInnerTexts()).toContain('#4 Book the dentist')
    // The form was reset after the answer: the next call does not inherit the tag.
    await expect.poll(() => page.locator('form[toolname="create_task"] input[name="title"]').inputValue()).toBe('')
    const second = await testing.callTool(page, 'create_task', { title: 'Water plants' }) as { content: { text: string }[] }
    expect(JSON.parse(second.content[0]!.text).created.tags).toEqual([])
    await expect(testing.callTool(page, 'no_such_tool')).rejects.toThrow('No tool named "no_such_tool"')
    expect(pageErrors).toEqual([])
  })
})
