// Safe by default, in a production Vite build in native Chromium, through the
// agent's path (Playwright's page.webmcp): a tool that asks never runs unasked,
// and a request nobody decides is declined within two minutes though no time
// limit is set anywhere. The page: test/fixtures/confirm-page, built against dist/.
import type { Page } from 'playwright'
import type { ProductionApp } from './productionApp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openProductionApp } from './productionApp'

let app: ProductionApp

interface Result { content?: { type: string, text?: string }[], isError?: boolean, _meta?: Record<string, string> }

const textOf = (result: Result) => (result.content ?? []).map(block => block.text).join('\n')

beforeAll(async () => {
  app = await openProductionApp('confirm-page')
})

afterAll(async () => {
  await app?.close()
})

/** A fresh page of the built app, its tools registered. */
async function open(search = '', before?: (page: Page) => Promise<void>): Promise<{ page: Page, console: string[] }> {
  const page = await app.browser.newPage()
  const console: string[] = []
  page.on('console', message => console.push(message.text()))
  page.on('pageerror', error => console.push(error.message))
  await before?.(page)
  await page.goto(app.url + search)
  await expect.poll(async () => (await page.webmcp.tools()).map(tool => tool.name).sort()).toEqual(['archive_cards', 'delete_cards'])
  return { page, console }
}

describe('confirmation defaults in a production build (Chromium 156, page.webmcp)', () => {
  it('a consequentialHint tool with no dialog and no confirm does not run, and the agent is told why; with confirm: false it runs', async () => {
    const { page, console } = await open()
    const refused = await page.webmcp.callTool('delete_cards', {}, { timeout: 30_000 }) as Result
    expect(refused.isError).toBe(true)
    expect(refused._meta).toEqual({ 'vue-webmcp/code': 'TOOL_ERROR' })
    expect(textOf(refused)).toBe('Tool "delete_cards" did not run: it needs the person\'s confirmation, and nothing on this page can ask them now. Tell the person.')
    expect(await page.getByTestId('ran').innerText()).toBe('')

    const archived = await page.webmcp.callTool('archive_cards', {}, { timeout: 30_000 }) as Result
    expect(archived.isError).toBeFalsy()
    expect(textOf(archived)).toBe('Archived every card.')
    expect(await page.getByTestId('ran').innerText()).toBe('archive_cards')
    // Production: the same answer, and no development warning.
    expect(console.filter(line => line.includes('vue-webmcp'))).toEqual([])
    await page.close()
  })

  it('with no time limit set anywhere, a request nobody decides is declined within two minutes, and nothing runs', async () => {
    const { page } = await open('?dialog', page => page.clock.install())
    const call = page.webmcp.callTool('delete_cards', {}, { timeout: 60_000 }) as Promise<Result>
    let settled = false
    void call.then(() => (settled = true), () => (settled = true))
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.waitFor()
    expect(await page.getByRole('timer').innerText()).toMatch(/^Declined in (1 min|59 s) if nobody decides\.$/)

    // Nearly a minute later, still waiting for the person, the time left shown.
    await page.clock.runFor(50_000)
    expect(await page.getByRole('timer').innerText()).toMatch(/^Declined in (10|9) s if nobody decides\.$/)
    expect(settled).toBe(false)

    // Past the minute (well within two): declined, withdrawn from the dialog, nothing ran.
    await page.clock.runFor(11_000)
    const declined = await call
    expect(declined._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect(textOf(declined)).toBe('The call of tool "delete_cards" was declined: it needs the person\'s approval, and nobody decided within 60000 ms; it did not run. Do not call it again unless the person asks you to.')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await page.getByTestId('ran').innerText()).toBe('')

    // Decided in time, the same tool runs once.
    const approved = page.webmcp.callTool('delete_cards', {}, { timeout: 60_000 }) as Promise<Result>
    await dialog.waitFor()
    await page.getByTestId('confirm-approve').click()
    expect(textOf(await approved)).toBe('Deleted every card.')
    expect(await page.getByTestId('ran').innerText()).toBe('delete_cards')
    await page.close()
  })
})
