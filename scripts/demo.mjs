// `npm run demo`: the playground driven by an agent. Builds the playground
// against dist/, serves it on localhost, launches the system Chromium with
// WebMCP on, runs the agent session through Playwright's page.webmcp, prints
// the transcript, checks the page, and saves screenshots, wide and 390 px narrow.

import { mkdir } from 'node:fs/promises'
import process from 'node:process'
import { chromium } from 'playwright'
import { runAgentSession } from './agent-session.mjs'
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from './chromium.mjs'
import { checkNarrow, checkPage, NARROW_WIDTH } from './page-checks.mjs'
import { startPlayground } from './playground-server.mjs'

const executablePath = findChromium()
if (!executablePath) {
  console.error(MISSING_CHROMIUM)
  process.exit(1)
}

const out = new URL('../demo-output/', import.meta.url)
await mkdir(out, { recursive: true })
const server = await startPlayground()
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
let ok = false
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 1100 } })
  page.on('pageerror', error => console.error(`page error: ${error.message}`))
  await page.goto(server.url)
  await page.waitForSelector('[data-testid="dev-panel"]')
  console.log(`Playground at ${server.url} (Chromium ${browser.version()}, WebMCP on)\n`)

  const session = await runAgentSession(page, line => console.log(line))
  const problems = session.ok ? await checkPage(page) : []
  await page.screenshot({ path: new URL('playground.png', out).pathname, fullPage: true })
  // A phone's width: no sideways scroll, the dev panel below the board.
  problems.push(...await checkNarrow(page))
  await page.setViewportSize({ width: NARROW_WIDTH, height: 844 })
  await page.screenshot({ path: new URL('playground-narrow.png', out).pathname, fullPage: true })
  console.log(`\nScreenshots: demo-output/playground.png, demo-output/playground-narrow.png (${NARROW_WIDTH} px wide)`)
  for (const problem of problems)
    console.error(`page check failed: ${problem}`)
  ok = session.ok && problems.length === 0
  console.log(ok
    ? `\nDemo passed: ${session.steps.length} agent steps behaved, and the page shows what the agent did.`
    : '\nDemo FAILED.')
}
finally {
  await browser.close()
  await server.close()
}
process.exit(ok ? 0 : 1)
