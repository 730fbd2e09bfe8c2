// The demo's agent path, in CI: the playground built against dist/, native
// Chromium with WebMCP, and an agent calling tools through page.webmcp.
import type { Browser, Page } from 'playwright'
import { chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAgentSession, STEPS } from '../../scripts/agent-session.mjs'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'
import { checkNarrow, checkPage } from '../../scripts/page-checks.mjs'
import { startPlayground } from '../../scripts/playground-server.mjs'

let browser: Browser
let page: Page
let server: { url: string, close: () => Promise<void> }
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startPlayground()
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS })
  page = await browser.newPage()
  page.on('pageerror', error => pageErrors.push(error.message))
  await page.goto(server.url)
  await page.waitForSelector('[data-testid="dev-panel"]')
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('playground, driven by an agent', () => {
  it('every agent step behaves, and the page shows what the agent did', async () => {
    const transcript: string[] = []
    const session = await runAgentSession(page, line => transcript.push(line))
    const failed = session.steps.find(s => s.failure)
    expect(failed?.failure, `${failed?.say}\n${transcript.join('\n')}`).toBeUndefined()
    expect(session.steps).toHaveLength(STEPS.length)
    expect(await checkPage(page)).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('the form reports the agent\'s submission without staying "active"', async () => {
    expect(await page.locator('form.agent-active').count()).toBe(0)
    expect(await page.locator('form[toolname="create_task"] .note').innerText()).toBe('An agent created #4.')
  })

  it('the dev panel runs a tool by hand from a form generated from its schema', async () => {
    const item = page.locator('[data-testid="dev-panel"] [data-tool="add_task"]')
    await item.getByRole('button', { name: 'Try add_task' }).click()
    await item.locator('label', { hasText: 'title' }).locator('input').fill('Added by hand')
    await item.locator('label', { hasText: 'priority' }).locator('select').selectOption('low')
    await item.getByRole('button', { name: 'Run' }).click()
    await expect.poll(() => item.locator('pre.result').innerText()).toContain('"title": "Added by hand"')
    await expect.poll(() => page.locator('.tasks li .link').allInnerTexts()).toContain('#5 Added by hand')
    // The hand-run call went through the same hooks: it is in the log.
    expect(await page.locator('[data-testid="call-log"] li').first().innerText()).toContain('add_task')
  })

  it('works 390 px wide: no sideways scroll, the dev panel below the board with its Try buttons', async () => {
    expect(await checkNarrow(page)).toEqual([])
  })
})
