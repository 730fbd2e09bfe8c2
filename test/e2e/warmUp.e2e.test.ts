// Ready on the first call, in a production Vite build in native Chromium,
// through the agent's path (Playwright's page.webmcp): once the page is idle
// after its tools registered, their first calls make no request, so a server
// gone (a deploy, a dropped connection) cannot break them; and when the
// package's lazily loaded files cannot be reached at all, the agent is told to
// reload the page, with no file named. The page: test/fixtures/warm-up-page.
import type { Page, Request } from 'playwright'
import type { ProductionApp } from './productionApp'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openProductionApp } from './productionApp'

let app: ProductionApp

interface Result { content?: { type: string, text?: string }[], structuredContent?: unknown, isError?: boolean, _meta?: Record<string, string> }

const textOf = (result: Result) => (result.content ?? []).map(block => block.text).join('\n')
const TOOLS = ['delete_cards', 'find_cards', 'list_cards', 'plan_card']

beforeAll(async () => {
  app = await openProductionApp('warm-up-page')
})

afterAll(async () => {
  await app?.close()
})

/** A fresh page of the built app, its tools registered; `requests` lists every request it makes. */
async function open(before?: (page: Page) => Promise<unknown>, search = ''): Promise<{ page: Page, requests: Request[] }> {
  const page = await app.browser.newPage()
  const requests: Request[] = []
  page.on('request', request => requests.push(request))
  await before?.(page)
  await page.goto(app.url + search)
  await expect.poll(async () => (await page.webmcp.tools()).map(tool => tool.name).sort()).toEqual(TOOLS)
  return { page, requests }
}

/** Every tool called as an agent would, the one that asks approved in the page's dialog. */
async function callEveryTool(page: Page): Promise<Record<string, Result>> {
  const call = (name: string, args: object) => page.webmcp.callTool(name, args, { timeout: 30_000 }) as Promise<Result>
  const answers: Record<string, Result> = {
    list: await call('list_cards', {}),
    plan: await call('plan_card', { title: 'Ship it', day: '2026-12-24' }),
    badDay: await call('plan_card', { title: 'Ship it', day: 'next Tuesday' }),
    find: await call('find_cards', { text: 'login' }),
    findNothing: await call('find_cards', { text: '' }),
  }
  const deleting = call('delete_cards', {})
  await page.getByTestId('confirm-dialog').waitFor()
  await page.getByTestId('confirm-approve').click()
  answers.delete = await deleting
  return answers
}

describe('the first call waits on nothing (production build, Chromium 156, page.webmcp)', () => {
  it('after the page went idle, with every later request refused, a tool of each kind answers as before and its calls make no request', async () => {
    const { page, requests } = await open()
    // Idle: the warm-up has loaded what the tools' calls can need.
    await page.waitForLoadState('networkidle')
    const loaded = requests.length
    await page.route('**/*', route => route.abort('connectionrefused'))

    const answers = await callEveryTool(page)
    expect(requests.slice(loaded).map(request => request.url())).toEqual([])
    expect(textOf(answers.list!)).toBe('Write the release notes\nFix the login bug')
    expect(answers.plan!.structuredContent).toEqual({ title: 'Ship it', day: '2026-12-24' })
    expect(answers.badDay!._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(answers.badDay!)).toContain('/day: must be a valid date')
    expect(textOf(answers.find!)).toBe('Fix the login bug')
    expect(answers.findNothing!._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    expect(textOf(answers.delete!)).toBe('Deleted every card.')
    await page.close()
  })

  it('with warmUp: false, a first call requests its code as it runs', async () => {
    const { page, requests } = await open(undefined, '?cold')
    await page.waitForLoadState('networkidle')
    const loaded = requests.length
    const answer = await page.webmcp.callTool('list_cards', {}, { timeout: 30_000 }) as Result
    expect(answer.isError).toBeFalsy()
    expect(requests.slice(loaded).map(request => new URL(request.url()).pathname)).toEqual([expect.stringMatching(/^\/assets\/.+\.js$/)])
    await page.close()
  })

  it('with the package\'s lazily loaded files unreachable from the start, a call tells the agent to reload, naming no file', async () => {
    // The files the page loads at start-up: its entry and what index.html preloads.
    const html = readFileSync(join(app.outDir, 'index.html'), 'utf8')
    const startUp = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(match => match[1]))
    expect(startUp.size).toBeGreaterThan(0)
    const { page, requests } = await open(page => page.route('**/assets/*.js', (route) => {
      const path = new URL(route.request().url()).pathname.slice(1)
      return startUp.has(path) ? route.continue() : route.abort('connectionrefused')
    }))
    await page.waitForLoadState('networkidle')
    // The warm-up asked for the call path, and was refused.
    expect(requests.some(request => !startUp.has(new URL(request.url()).pathname.slice(1)) && request.url().endsWith('.js'))).toBe(true)

    for (const [name, args] of [['list_cards', {}], ['plan_card', { title: 'x', day: '2026-12-24' }], ['find_cards', { text: 'x' }], ['delete_cards', {}]] as const) {
      const answer = await page.webmcp.callTool(name, args, { timeout: 30_000 }) as Result
      expect(answer.isError).toBe(true)
      expect(answer._meta).toEqual({ 'vue-webmcp/code': 'INTERNAL' })
      expect(textOf(answer)).toBe('The tool did not run: its code could not be loaded. Reload the page before calling it.')
      expect(textOf(answer)).not.toMatch(/https?:|\.js\b|assets/)
    }
    await page.close()
  })
})
