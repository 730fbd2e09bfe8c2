// What the page must show after the agent session (scripts/agent-session.mjs).
// Returns a list of problems; empty when the page matches the transcript.
export async function checkPage(page) {
  const problems = []
  const titles = await page.locator('.tasks li .link').allInnerTexts()
  const expected = ['#2 Send the invoice', '#3 Buy oat milk', '#4 Book the dentist']
  if (titles.map(t => t.trim()).join(' | ') !== expected.join(' | '))
    problems.push(`the board shows ${JSON.stringify(titles)}, expected ${JSON.stringify(expected)}`)
  const panelTools = await page.locator('[data-testid="dev-panel"] .tool-list li').evaluateAll(items => items.map(i => i.dataset.tool))
  for (const name of ['list_tasks', 'add_task', 'create_task'])
    if (!panelTools.includes(name))
      problems.push(`the dev panel does not list ${name} (it lists ${panelTools.join(', ')})`)
  if (panelTools.includes('update_task') || panelTools.includes('clear_completed'))
    problems.push(`the dev panel still lists a tool that should be gone: ${panelTools.join(', ')}`)
  const log = await page.locator('[data-testid="call-log"] li').allInnerTexts()
  // The declarative form is answered by useWebMCPForm, which reports to the same hook.
  if (log.length < 11)
    problems.push(`the call log has ${log.length} entries, expected at least 11`)
  if (!log.some(entry => entry.startsWith('INVALID_ARGS')))
    problems.push('the call log shows no INVALID_ARGS failure')
  return problems
}
