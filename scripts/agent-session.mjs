// An agent's session with the playground, through Playwright's page.webmcp:
// the path a browser agent takes. Each step says what the agent does and what
// it must see; `runAgentSession` stops at the first step that misbehaves.

const text = result => result?.content?.[0]?.text ?? ''
const json = result => JSON.parse(text(result))
const names = tools => tools.map(t => t.name)

function expectTools(tools, present, absent = []) {
  const have = names(tools)
  const missing = present.filter(n => !have.includes(n))
  const extra = absent.filter(n => have.includes(n))
  if (missing.length || extra.length)
    return `expected ${missing.map(n => `+${n}`).concat(extra.map(n => `-${n}`)).join(' ')}, saw ${have.join(', ')}`
}

// Bounds on a hang, not on speed: the end-to-end test runs this on two loaded cores.
const TOOLS_WAIT_MS = 15_000
const CALL_TIMEOUT_MS = 30_000

/** The steps, in order. `check` returns nothing when the step behaved, else what went wrong. */
export const STEPS = [
  { say: 'What can I do on this page?', tools: true, check: t => expectTools(t, ['list_tasks', 'add_task', 'complete_task', 'open_task', 'create_task', 'invite_teammate'], ['clear_completed', 'update_task']) },
  { say: 'Read the board', call: ['list_tasks', {}], check: r => (json(r).tasks.length === 2 ? undefined : `expected 2 tasks, got ${text(r)}`) },
  { say: 'Add a task', call: ['add_task', { title: 'Buy milk', priority: 'high' }], check: r => (json(r).id === 3 ? undefined : `expected task 3, got ${text(r)}`) },
  {
    say: 'Add a task with wrong arguments (it must fail, and say why)',
    call: ['add_task', { priority: 'urgent' }],
    check: r => (r.isError && r._meta?.['vue-webmcp/code'] === 'INVALID_ARGS' && text(r).includes('/title: required') && text(r).includes('/priority: must be one of') ? undefined : `expected INVALID_ARGS, got ${JSON.stringify(r)}`),
  },
  {
    say: 'Complete a task that does not exist (it must fail, and say why)',
    call: ['complete_task', { id: 99 }],
    check: r => (r.isError && text(r).includes('There is no task 99') ? undefined : `expected an isError result, got ${JSON.stringify(r)}`),
  },
  { say: 'Complete task 1', call: ['complete_task', { id: 1 }], check: r => (json(r).done === true ? undefined : `expected done, got ${text(r)}`) },
  { say: 'A completed task exists: clear_completed should appear', tools: true, check: t => expectTools(t, ['clear_completed']) },
  {
    say: 'Fill in and submit the "New task" form',
    call: ['create_task', { title: 'Book the dentist', priority: 'low', tags: ['home', 'errand'] }],
    check: r => (json(r).created?.tags?.join() === 'home,errand' ? undefined : `expected the created task, got ${JSON.stringify(r)}`),
  },
  {
    say: 'Invite a teammate with a wrong email (it must fail, naming the field but not the value)',
    call: ['invite_teammate', { name: 'Ada', email: 'ada-at-example', role: 'editor' }],
    check: r => (r.isError && r._meta?.['vue-webmcp/code'] === 'INVALID_ARGS' && text(r).includes('/email: Enter an email address') && !text(r).includes('ada-at-example') ? undefined : `expected INVALID_ARGS naming /email, got ${JSON.stringify(r)}`),
  },
  {
    say: 'Invite a teammate (the VeeValidate form: the person checks it and sends it)',
    call: ['invite_teammate', { name: 'Ada', email: 'ada@example.com', role: 'editor' }],
    person: { send: 'Send invitation' },
    check: r => (json(r).invited?.email === 'ada@example.com' ? undefined : `expected the invitation, got ${JSON.stringify(r)}`),
  },
  { say: 'Open task 3 in the editor', call: ['open_task', { id: 3 }], check: r => (text(r).includes('open') ? undefined : text(r)) },
  { say: 'The editor is open: its tools should appear', tools: true, check: t => expectTools(t, ['update_task', 'close_task']) },
  { say: 'Rename the open task', call: ['update_task', { title: 'Buy oat milk' }], check: r => (json(r).title === 'Buy oat milk' ? undefined : text(r)) },
  { say: 'Close the editor', call: ['close_task', {}], check: r => (text(r) === 'Closed.' ? undefined : text(r)) },
  { say: 'The editor is closed: its tools should be gone', tools: true, check: t => expectTools(t, [], ['update_task', 'close_task']) },
  {
    say: 'Clear the completed tasks (consequential: the person declines in the dialog)',
    call: ['clear_completed', {}],
    person: { click: 'Decline', reason: 'Keep them for today' },
    check: r => (r.isError && r._meta?.['vue-webmcp/code'] === 'DECLINED' && text(r).includes('Their reason: Keep them for today') ? undefined : `expected DECLINED with the reason, got ${JSON.stringify(r)}`),
  },
  { say: 'Clear the completed tasks again (the person approves it)', call: ['clear_completed', {}], person: { click: 'Approve' }, check: r => (text(r) === 'Deleted 1 completed task(s).' ? undefined : text(r)) },
  { say: 'Nothing is completed: clear_completed should be gone', tools: true, check: t => expectTools(t, [], ['clear_completed']) },
  {
    say: 'Read the open tasks',
    call: ['list_tasks', { done: false }],
    check: r => (json(r).tasks.map(t => t.title).join(' | ') === 'Send the invoice | Buy oat milk | Book the dentist' ? undefined : text(r)),
  },
]

function short(value, max = 160) {
  const s = typeof value === 'string' ? value : JSON.stringify(value)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

/**
 * The person's part while a call waits for confirmation: the page's dialog
 * shows it, the call has not answered, and they click `click` (after typing
 * a reason). Returns what went wrong, if anything.
 */
async function decide(page, call, { click, reason }, log) {
  const dialog = page.locator('[data-testid="confirm-dialog"]')
  await dialog.waitFor({ timeout: TOOLS_WAIT_MS })
  const early = await Promise.race([call.then(() => true, () => true), new Promise(resolve => setTimeout(resolve, 200, false))])
  if (early)
    return 'the call answered before the person decided'
  log(`  person: ${click}${reason ? ` ("${reason}")` : ''} in the dialog "${(await dialog.locator('h2 code').textContent()).trim()}"`)
  if (reason)
    await dialog.locator('input').fill(reason)
  await dialog.getByRole('button', { name: click }).click()
  await dialog.waitFor({ state: 'detached', timeout: TOOLS_WAIT_MS })
}

/**
 * The person's part while a call waits in a form it filled: the form shows the agent's values,
 * the call has not answered, and they click the form's `send` button. Returns what went wrong.
 */
async function send(page, call, { send }, log) {
  const form = page.locator('form.agent-active')
  await form.waitFor({ timeout: TOOLS_WAIT_MS })
  const early = await Promise.race([call.then(() => true, () => true), new Promise(resolve => setTimeout(resolve, 200, false))])
  if (early)
    return 'the call answered before the person sent the form'
  log(`  person: ${send} in the form the agent filled`)
  await form.getByRole('button', { name: send }).click()
}

/**
 * Runs the steps against `page`. `log` receives transcript lines. Resolves to
 * `{ ok, steps }`, each step with what the agent saw and any failure.
 */
export async function runAgentSession(page, log = () => {}) {
  const steps = []
  for (const step of STEPS) {
    log(`agent> ${step.say}`)
    let seen
    let failure
    try {
      if (step.tools) {
        // The UI re-renders after a call; tools follow within a frame or two (more under load).
        const until = Date.now() + TOOLS_WAIT_MS
        for (;;) {
          seen = await page.webmcp.tools({ timeout: CALL_TIMEOUT_MS })
          failure = step.check(seen)
          if (!failure || Date.now() > until)
            break
          await new Promise(resolve => setTimeout(resolve, 50))
        }
        log(`  tools: ${names(seen).join(', ')}`)
      }
      else {
        const [name, input] = step.call
        log(`  call ${name} ${JSON.stringify(input)}`)
        const call = page.webmcp.callTool(name, input, { timeout: CALL_TIMEOUT_MS })
        if (step.person)
          failure = await (step.person.send ? send : decide)(page, call, step.person, log)
        seen = await call
        log(`  ${seen?.isError ? 'isError' : 'result'}: ${short(text(seen) || seen)}`)
        failure ??= step.check(seen)
      }
    }
    catch (error) {
      failure = `threw ${error?.message ?? error}`
    }
    steps.push({ say: step.say, seen, failure })
    if (failure) {
      log(`  FAILED: ${failure}`)
      return { ok: false, steps }
    }
  }
  return { ok: true, steps }
}
