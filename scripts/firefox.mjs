// Firefox for the compat-firefox lane: finds Debian's firefox-esr and drives it over WebDriver BiDi,
// which Firefox speaks itself (no geckodriver, which no package here provides).
// `node scripts/firefox.mjs --check` exits 1 with one line on how to install it.

import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { defineBrowserProvider } from '@vitest/browser'
import WebSocket from 'ws'

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox']

/** The Firefox to launch: `FIREFOX_PATH`, else Debian's. Undefined when none exists. */
export function findFirefox() {
  if (process.env.FIREFOX_PATH)
    return existsSync(process.env.FIREFOX_PATH) ? process.env.FIREFOX_PATH : undefined
  return CANDIDATES.find(path => existsSync(path))
}

export const MISSING_FIREFOX = `Firefox not found${
  process.env.FIREFOX_PATH ? ` at FIREFOX_PATH=${process.env.FIREFOX_PATH}` : ` (looked in ${CANDIDATES.join(', ')})`
}: install it with \`sudo apt-get update && sudo apt-get install -y firefox-esr\`, or set FIREFOX_PATH to a Firefox 153+ binary.`

/**
 * Preferences of the lane's profile: Firefox's own ModelContext (`navigator.modelContext`) and its
 * testing half (`getTools`, `invokeTool`), and nothing that reaches the network.
 */
export const FIREFOX_PREFS = {
  'dom.modelcontext.enabled': true,
  'dom.modelcontext.testing.enabled': true,
  'app.update.disabledForTesting': true,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.update.enabled': false,
  'extensions.update.enabled': false,
  'dom.disable_open_during_load': false,
}

/** How long Firefox may take to start and report its BiDi address: a bound on a hang. */
const START_TIMEOUT = 60_000

/**
 * What Firefox's parent process logs when a tab's content process dies. Vitest sees only its
 * connection to the page close, so the provider says what happened.
 */
const CONTENT_PROCESS_DIED = /process (\d+) exited on signal (\d+)/

/** Says on stderr when one of Firefox's content processes dies (a page crashed). */
function reportCrashes(child) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      const died = CONTENT_PROCESS_DIED.exec(line)
      if (died) {
        console.error(`compat-firefox: Firefox's content process ${died[1]} died (signal ${died[2]}): the test page crashed, and Vitest reports that its connection closed. `
          + 'Firefox ESR 153 crashes when a tool answers a call whose invokeTool signal has aborted (`needs(context, \'answerAfterCancel\')` in test/lane.ts).')
      }
    })
  }
}

/**
 * Starts Firefox headless (or not) with a fresh profile holding `prefs`, and opens a WebDriver
 * BiDi session on it. Returns the session's `send` and `close`.
 */
export async function launchFirefox({ executablePath = findFirefox(), prefs = FIREFOX_PREFS, headless = true } = {}) {
  if (!executablePath)
    throw new Error(MISSING_FIREFOX)
  const profile = mkdtempSync(join(tmpdir(), 'vue-webmcp-firefox-'))
  writeFileSync(join(profile, 'user.js'), Object.entries(prefs).map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});\n`).join(''))
  const args = ['--no-remote', '--profile', profile, '--remote-debugging-port=0', ...(headless ? ['--headless'] : [])]
  const child = spawn(executablePath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } })
  let output = ''
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Firefox did not report a WebDriver BiDi address within ${START_TIMEOUT} ms:\n${output}`)), START_TIMEOUT)
    const read = (chunk) => {
      output += chunk
      const found = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        child.stdout.off('data', read)
        child.stderr.off('data', read)
        resolve(found[1])
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Firefox exited (${code}) before it listened:\n${output}`))
    })
  })
  reportCrashes(child)
  const socket = new WebSocket(`${address}/session`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let lastId = 0
  const pending = new Map()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data))
    const answer = message.id !== undefined && pending.get(message.id)
    if (!answer)
      return
    pending.delete(message.id)
    if (message.type === 'error')
      answer.reject(new Error(`WebDriver BiDi: ${message.error}: ${message.message}`))
    else
      answer.resolve(message.result)
  })
  /** One BiDi command; resolves to its result. */
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = ++lastId
    pending.set(id, { resolve, reject })
    socket.send(JSON.stringify({ id, method, params }))
  })
  const session = await send('session.new', { capabilities: {} })
  const close = async () => {
    await send('browser.close').catch(() => {})
    socket.close()
    if (child.exitCode === null)
      await new Promise(resolve => child.once('exit', resolve))
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
  }
  return { send, close, version: session.capabilities.browserVersion }
}

/**
 * A Vitest browser provider for Firefox over WebDriver BiDi. Vitest's page talks to its server
 * over its own WebSocket, so the provider only opens a tab per session and navigates it; tests
 * reach Firefox's ModelContext from inside the page, as an agent built into the browser would.
 */
export function firefoxBidi(options = {}) {
  return defineBrowserProvider({
    name: 'firefox-bidi',
    supportedBrowser: ['firefox'],
    options,
    providerFactory: project => new FirefoxBidiProvider(project, options),
  })
}

class FirefoxBidiProvider {
  name = 'firefox-bidi'
  supportsParallelism = false
  /** sessionId -> BiDi browsing context id */
  tabs = new Map()
  firefox

  constructor(project, options) {
    this.project = project
    this.options = options
  }

  getCommandsContext(sessionId) {
    return { firefox: this.firefox, context: this.tabs.get(sessionId) }
  }

  async openPage(sessionId, url) {
    this.firefox ??= launchFirefox({ ...this.options, headless: this.project.config.browser.headless !== false })
    const { send } = await this.firefox
    let context = this.tabs.get(sessionId)
    if (!context) {
      const { contexts } = await send('browsingContext.getTree', { maxDepth: 0 })
      const unused = contexts.find(tab => tab.url === 'about:blank' && ![...this.tabs.values()].includes(tab.context))
      context = unused?.context ?? (await send('browsingContext.create', { type: 'tab' })).context
      this.tabs.set(sessionId, context)
    }
    await send('browsingContext.navigate', { context, url, wait: 'complete' })
  }

  async close() {
    const firefox = this.firefox
    this.firefox = undefined
    this.tabs.clear()
    await (await firefox)?.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--check')) {
  const path = findFirefox()
  if (!path) {
    console.error(MISSING_FIREFOX)
    process.exit(1)
  }
  console.log(`Firefox: ${path}`)
}
