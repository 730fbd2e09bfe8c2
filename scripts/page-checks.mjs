// What the page must show after the agent session (scripts/agent-session.mjs).
// Returns a list of problems; empty when the page matches the transcript.
export async function checkPage(page) {
  const problems = []
  const titles = await page.locator('.tasks li .link').allInnerTexts()
  const expected = ['#2 Send the invoice', '#3 Buy oat milk', '#4 Book the dentist']
  if (titles.map(t => t.trim()).join(' | ') !== expected.join(' | '))
    problems.push(`the board shows ${JSON.stringify(titles)}, expected ${JSON.stringify(expected)}`)
  const panelTools = await page.locator('[data-testid="dev-panel"] .tool-list li').evaluateAll(items => items.map(i => i.dataset.tool))
  for (const name of ['list_tasks', 'add_task', 'create_task']) {
    if (!panelTools.includes(name))
      problems.push(`the dev panel does not list ${name} (it lists ${panelTools.join(', ')})`)
  }
  if (panelTools.includes('update_task') || panelTools.includes('clear_completed'))
    problems.push(`the dev panel still lists a tool that should be gone: ${panelTools.join(', ')}`)
  const invited = await page.locator('[data-testid="invited"] li').allInnerTexts()
  if (invited.map(line => line.trim()).join(' | ') !== 'Ada <ada@example.com>, editor')
    problems.push(`the invitation form lists ${JSON.stringify(invited)}, expected Ada's invitation`)
  const log = await page.locator('[data-testid="call-log"] li').allInnerTexts()
  // The declarative form is answered by useWebMCPForm, which reports to the same hook.
  if (log.length < 11)
    problems.push(`the call log has ${log.length} entries, expected at least 11`)
  if (!log.some(entry => entry.startsWith('INVALID_ARGS')))
    problems.push('the call log shows no INVALID_ARGS failure')
  return problems
}

/** The width a phone gives the page: the playground must work from here up. */
export const NARROW_WIDTH = 390

/**
 * At `NARROW_WIDTH`: no sideways scroll, and the dev panel is on screen
 * (below the board) with a button to run a tool. Returns a list of problems.
 */
export async function checkNarrow(page) {
  const problems = []
  const size = page.viewportSize()
  await page.setViewportSize({ width: NARROW_WIDTH, height: 844 })
  try {
    const { scrollWidth, clientWidth, wide } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      // Elements that stick out past the right edge, for the message.
      wide: [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .slice(0, 5)
        .map(e => `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''}`),
    }))
    if (scrollWidth > clientWidth)
      problems.push(`at ${NARROW_WIDTH} px the page scrolls sideways (${scrollWidth} px wide; too wide: ${wide.join(', ')})`)
    const panel = await page.locator('[data-testid="dev-panel"]').boundingBox()
    if (!panel || panel.x < 0 || panel.x + panel.width > clientWidth + 0.5)
      problems.push(`at ${NARROW_WIDTH} px the dev panel is not within the screen (${JSON.stringify(panel)})`)
    const tryButton = page.locator('[data-testid="dev-panel"] [data-tool] button.try').first()
    if (!(await tryButton.count()) || !(await tryButton.isVisible()))
      problems.push('the dev panel has no visible button to run a tool')
  }
  finally {
    if (size)
      await page.setViewportSize(size)
  }
  return problems
}
