import type { BrowserContext, Page } from 'playwright'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import type { BrowserCommand } from 'vitest/node'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromium150Env, findChromium150, MISSING_CHROMIUM_150 } from './scripts/chromium-150.mjs'
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from './scripts/chromium.mjs'
import { findFirefox, firefoxBidi, MISSING_FIREFOX } from './scripts/firefox.mjs'
import { initScriptPlugin } from './scripts/init-script-plugin.mjs'

const alias = {
  'vue-webmcp/testing': fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
  'vue-webmcp': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
}

/** The package's `__DEV__` (src/shared/dev.ts), as a getter every project's tests share. */
const DEV_FLAG = 'test/setup/dev.ts'

const define = {
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
}

/**
 * How long one Playwright `webmcp` call may take: a bound on a hang, not on speed. A call
 * carrying megabytes of arguments takes seconds on an idle machine, several times that on two
 * loaded cores; the test's own timeout (below) still ends a hang.
 */
const WEBMCP_CALL_TIMEOUT = 30_000

/**
 * Calls a tool the way an agent does: Playwright's `frame.webmcp`, on the test's own frame.
 * Input as JSON text reaches Playwright unchanged by the test runner's own messaging, which
 * cannot carry values nested thousands of levels deep.
 */
const callTool: BrowserCommand<[name: string, input?: Record<string, unknown> | string, timeout?: number]> = async (ctx, name, input, timeout) => {
  const frame = await ctx.frame()
  return frame.webmcp.callTool(name, typeof input === 'string' ? JSON.parse(input) : input ?? {}, { timeout: timeout ?? WEBMCP_CALL_TIMEOUT })
}
const listTools: BrowserCommand<[]> = async (ctx) => {
  const frame = await ctx.frame()
  return frame.webmcp.tools({ timeout: WEBMCP_CALL_TIMEOUT })
}

/**
 * Whether this run includes the project `name`: no `--project` narrows it, or one names it
 * (a trailing `*` matches as a prefix, as in `--project 'compat-*'`). Only the lanes being run
 * need their browser.
 */
function projectWanted(name: string): boolean {
  const patterns = process.argv.flatMap((arg, i) => arg === '--project' ? [process.argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [])
  return patterns.length === 0 || patterns.some(pattern => pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name)
}

/** One event of the DevTools Protocol's `WebMCP` domain, as Chrome DevTools' WebMCP pane gets it. */
interface WebMCPDomainEvent { event: 'toolsAdded' | 'toolsRemoved' | 'toolInvoked' | 'toolResponded', params: Record<string, unknown> }
const WEBMCP_DOMAIN_EVENTS = ['toolsAdded', 'toolsRemoved', 'toolInvoked', 'toolResponded'] as const

/**
 * A CDP session typed for the `WebMCP` domain, which Playwright's protocol types (a snapshot
 * older than the domain) do not list.
 */
interface WebMCPDomainSession {
  send: (method: string, params?: object) => Promise<Record<string, unknown>>
  on: (event: string, listener: (params: Record<string, unknown>) => void) => void
  detach: () => Promise<void>
}

/** Per test page: its CDP session on the `WebMCP` domain and the events seen since it was enabled. */
const webmcpRecords = new Map<string, { session: WebMCPDomainSession, events: WebMCPDomainEvent[] }>()

/**
 * Starts recording Chromium's own account of the page's tools and calls: a CDP session on the
 * page, `WebMCP.enable` (which first reports every tool already there), and every event after.
 * Records restart from empty on each call.
 */
const startWebMCPRecord: BrowserCommand<[]> = async (ctx) => {
  await stopWebMCPRecord(ctx)
  const { page, context } = ctx as unknown as { page: Page, context: BrowserContext }
  const session = await context.newCDPSession(page) as unknown as WebMCPDomainSession
  const events: WebMCPDomainEvent[] = []
  for (const event of WEBMCP_DOMAIN_EVENTS) {
    // The stack trace of each registration is for the pane's "go to source" link: not compared.
    session.on(`WebMCP.${event}`, params => events.push({ event, params: JSON.parse(JSON.stringify(params, (key, value) => key === 'stackTrace' ? undefined : value)) }))
  }
  await session.send('WebMCP.enable')
  webmcpRecords.set(ctx.sessionId, { session, events })
}
/** The `WebMCP` domain events recorded so far. */
const readWebMCPRecord: BrowserCommand<[]> = async ctx => webmcpRecords.get(ctx.sessionId)?.events ?? []
const stopWebMCPRecord: BrowserCommand<[]> = async (ctx) => {
  const record = webmcpRecords.get(ctx.sessionId)
  webmcpRecords.delete(ctx.sessionId)
  await record?.session.detach().catch(() => {})
}
/**
 * Makes the page's requests for URLs matching `glob` fail as a network error does (a chunk
 * gone after a deploy, a dropped connection), until `restoreRequests`.
 */
const failRequests: BrowserCommand<[glob: string]> = async (ctx, glob) => {
  await (ctx as unknown as { page: Page }).page.route(glob, route => route.abort('failed'))
}
const restoreRequests: BrowserCommand<[]> = async (ctx) => {
  await (ctx as unknown as { page: Page }).page.unrouteAll({ behavior: 'wait' })
}
/** Calls a tool the way Chrome DevTools' WebMCP pane does: `WebMCP.invokeTool`; resolves to the invocation's id. */
const invokeThroughDevTools: BrowserCommand<[frameId: string, toolName: string, input: Record<string, unknown>]> = async (ctx, frameId, toolName, input) => {
  const record = webmcpRecords.get(ctx.sessionId)
  if (!record)
    throw new Error('invokeThroughDevTools: call startWebMCPRecord first')
  const { invocationId } = await record.session.send('WebMCP.invokeTool', { frameId, toolName, input })
  return invocationId as string
}
/** `WebMCP.cancelInvocation`: the pane's cancel of a running call. */
const cancelThroughDevTools: BrowserCommand<[invocationId: string]> = async (ctx, invocationId) => {
  await webmcpRecords.get(ctx.sessionId)?.session.send('WebMCP.cancelInvocation', { invocationId })
}

// Only the lane being run needs a browser; resolve it lazily so `--project unit` works without one.
function browserProvider() {
  const executablePath = findChromium()
  if (!executablePath && process.argv.some(arg => arg.includes('browser')))
    throw new Error(MISSING_CHROMIUM)
  return playwright({ launchOptions: { executablePath, args: CHROMIUM_ARGS } })
}

/** Which implementation a compatibility lane runs the shared suites against. */
type CompatLane = 'chromium-150' | 'webmcp-polyfill' | 'global' | 'global-native' | 'chrome-160' | 'memory-browser'

/**
 * A compatibility lane: the contract and shared suites against another
 * implementation users have. Chromium 150 from Debian's archive (fetched into
 * .cache by scripts/chromium-150.mjs); the MCP-B polyfills, loaded from their
 * IIFE build before the app, in Chromium 156 without the WebMCP switch;
 * `@mcp-b/global` over Chromium 156's native API; a stand-in for Chrome 160
 * over 156's (test/compat/chrome-160.ts says what it reproduces) until a
 * Chromium 160 runs here; and vue-webmcp/testing's in-memory context in
 * Chromium 156 without the switch (a real DOM, as the init script gives
 * end-to-end tests in browsers without WebMCP).
 */
function compatLane(lane: CompatLane): TestProjectInlineConfiguration {
  const name = `compat-${lane}`
  const wanted = projectWanted(name)
  let executablePath: string | undefined
  let env: Record<string, string | undefined> | undefined
  let args = CHROMIUM_ARGS
  if (lane === 'chromium-150') {
    executablePath = findChromium150()
    if (!executablePath && wanted)
      throw new Error(MISSING_CHROMIUM_150)
    env = { ...process.env, ...chromium150Env() }
  }
  else {
    executablePath = findChromium()
    if (!executablePath && wanted)
      throw new Error(MISSING_CHROMIUM)
    if (lane !== 'global-native' && lane !== 'chrome-160')
      args = CHROMIUM_ARGS.filter(arg => arg !== '--enable-features=WebMCP')
  }
  return {
    extends: true,
    test: {
      name,
      provide: { lane },
      include: ['test/contract/*.test.ts', 'test/shared/*.test.ts'],
      setupFiles: lane === 'chrome-160' ? [DEV_FLAG, 'test/compat/chrome-160.ts'] : [DEV_FLAG],
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath, args, env } }),
        instances: [{ browser: 'chromium' }],
        testerHtmlPath: lane === 'chromium-150' || lane === 'chrome-160' || lane === 'memory-browser' ? undefined : `test/compat/tester-${lane === 'webmcp-polyfill' ? 'webmcp-polyfill' : 'global'}.html`,
        commands: { callTool, listTools },
        screenshotFailures: false,
        // A bound on a hang: several lanes start their browsers at once on two loaded cores.
        connectTimeout: 180_000,
      },
    },
  }
}

/**
 * The contract and shared suites in Firefox ESR's own ModelContext (behind two preferences),
 * driven over WebDriver BiDi. A test that needs what Firefox lacks is skipped with the reason
 * (`needs` in test/lane.ts); a missing Firefox fails the lane, saying how to install it.
 */
function firefoxLane(): TestProjectInlineConfiguration {
  const wanted = projectWanted('compat-firefox')
  const executablePath = findFirefox()
  if (!executablePath && wanted)
    throw new Error(MISSING_FIREFOX)
  return {
    extends: true,
    test: {
      name: 'compat-firefox',
      provide: { lane: 'firefox' },
      include: ['test/contract/*.test.ts', 'test/shared/*.test.ts'],
      setupFiles: [DEV_FLAG, 'test/compat/firefox-top.ts'],
      browser: {
        enabled: true,
        headless: true,
        provider: firefoxBidi({ executablePath }),
        instances: [{ browser: 'firefox' }],
        screenshotFailures: false,
        // A bound on a hang: several lanes start their browsers at once on two loaded cores.
        connectTimeout: 180_000,
      },
    },
  }
}

export default defineConfig({
  plugins: [vue(), initScriptPlugin()],
  define,
  resolve: { alias },
  test: {
    // Bounds on a hang, never on speed: CI runs every lane on two cores, and a test that takes
    // a second alone can take several under load (the defaults are 5 s, 15 s in a browser).
    // The e2e project sets its own.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Chromium 150 also reports a tool's exception as an uncaught page error:
    // let through only the failures the tests cause on purpose (DELIBERATE_FAILURE in test/lane.ts).
    onUnhandledError: error => !String((error as Error | undefined)?.message).includes('deliberate tool failure'),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          provide: { lane: 'memory' },
          include: ['test/unit/**/*.test.ts', 'test/contract/*.test.ts', 'test/shared/*.test.ts'],
          setupFiles: [DEV_FLAG, 'test/unit/fastCheck.setup.ts'],
          // Off in the Vue 3.5.5 lane (scripts/vue-compat.mjs): the types are checked against the dev version.
          typecheck: { enabled: !process.env.VUE_WEBMCP_BEHAVIOUR_ONLY, checker: 'vue-tsc', include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          provide: { lane: 'native' },
          setupFiles: [DEV_FLAG],
          include: ['test/browser/**/*.browser.test.ts', 'test/contract/*.test.ts', 'test/shared/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: browserProvider(),
            instances: [{ browser: 'chromium' }],
            commands: {
              callTool,
              listTools,
              startWebMCPRecord,
              readWebMCPRecord,
              stopWebMCPRecord,
              invokeThroughDevTools,
              cancelThroughDevTools,
              failRequests,
              restoreRequests,
            },
            screenshotFailures: false,
            // A bound on a hang: several lanes start their browsers at once on two loaded cores.
            connectTimeout: 180_000,
          },
        },
      },
      compatLane('chromium-150'),
      compatLane('webmcp-polyfill'),
      compatLane('global'),
      compatLane('global-native'),
      compatLane('chrome-160'),
      compatLane('memory-browser'),
      firefoxLane(),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          setupFiles: [DEV_FLAG],
          include: ['test/e2e/**/*.e2e.test.ts'],
          // One file at a time: the files that build the playground write the same folder.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: a page reacting in milliseconds alone can
          // take seconds on two loaded cores. A bound on a hang, not on speed.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        extends: true,
        test: {
          // The built documentation site in Chromium (`npm run test:docs` builds it first).
          name: 'docs',
          environment: 'node',
          include: ['test/docs/**/*.docs.test.ts'],
          hookTimeout: 900_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
})
