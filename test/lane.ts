import type { WebMCPToolResponse } from 'vue-webmcp'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, vi } from 'vitest'
import { install, uninstall } from 'vue-webmcp/testing'
import { until } from './helpers'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Which ModelContext this project tests: the package's in-memory one,
     * Chromium 156's own, or (the compatibility lanes) Chromium 150's, one of the
     * MCP-B polyfills in a Chromium without the API, `@mcp-b/global` over 156's,
     * the stand-in for Chrome 160 over 156's (test/compat/chrome-160.ts), or
     * Firefox ESR's own (`navigator.modelContext`, behind two preferences).
     */
    lane: 'memory' | 'native' | 'chromium-150' | 'webmcp-polyfill' | 'global' | 'global-native' | 'chrome-160' | 'memory-browser' | 'firefox'
  }
}

export const lane = inject('lane')

/** Lanes whose context is a browser's native one (possibly wrapped): Playwright's `webmcp` reaches their tools. */
export const nativeBrowser = lane === 'native' || lane === 'chromium-150' || lane === 'global-native' || lane === 'chrome-160'
/**
 * Lanes whose `getTools()` returns Chrome 160's `Tool` objects (attributes as
 * getters, `source`, empty members `null`) rather than 150-159's dictionaries:
 * the stand-in, and the in-memory context, which models current Chrome.
 */
export const listsToolObjects = lane === 'memory' || lane === 'memory-browser' || lane === 'chrome-160'
/** Lanes whose `executeTool` takes a JSON string (Chromium 150, the polyfills). */
export const jsonArguments = lane === 'chromium-150' || lane === 'webmcp-polyfill' || lane === 'global'
/** Lanes on an MCP-B polyfill (its own context, or its wrapper over native). */
export const polyfilled = lane === 'webmcp-polyfill' || lane === 'global' || lane === 'global-native'
/**
 * Firefox's ModelContext: an older shape than Chromium's, on `navigator`, with
 * `unregisterTool(name)` and, behind its testing preference, `invokeTool(name,
 * input)` where Chromium has `executeTool(tool, input)`.
 */
export const firefox = lane === 'firefox'

/** Firefox's testing half of the API (`dom.modelcontext.testing.enabled`). */
interface FirefoxModelContext {
  unregisterTool: (name: string) => void
  invokeTool: (name: string, input?: object, options?: { signal?: AbortSignal }) => Promise<unknown>
}

/**
 * Lanes held to Chromium 156's own details where users' tests look (event
 * classes and timing, what JSON cannot carry, origins, how a form is filled
 * and answered): the native one, and the in-memory context that copies it.
 * The other implementations are held to the common contract only.
 */
export const chromium156 = lane === 'memory' || lane === 'native' || lane === 'memory-browser'

/**
 * What a lane's implementation cannot do, measured. A test that meets one
 * asserts the limitation itself (so a polyfill that gains the feature shows up
 * as a failing test to update), never skips.
 */
export const cannot = {
  /**
   * `execute` gets no signal (no second argument; in Firefox a `ModelContextClient`): a caller's
   * cancel never reaches the tool's signal.
   */
  passExecuteSignal: lane === 'chromium-150' || polyfilled || firefox,
  /** `getTools()` lists only `readOnlyHint` and `untrustedContentHint` of the annotations. */
  listEveryAnnotation: lane === 'chromium-150' || lane === 'webmcp-polyfill' || lane === 'global',
  /** The wrapper hands the native context no `consequentialHint`: Chromium lists it `false`. */
  forwardConsequentialHint: lane === 'global-native',
  /** `registerTool` returns `undefined` (registered) or throws: no promise to wait for. */
  returnARegistrationPromise: lane === 'chromium-150',
  /** `getTools()` lists in registration order, not sorted by name. */
  sortGetTools: lane === 'chromium-150',
  /** `getTools()` lists `inputSchema` as a JSON string (`''` when none). */
  listSchemaAsObject: lane === 'chromium-150',
  /** A tool's failure message reaches the caller of `executeTool` (Chromium hides it). */
  keepToolErrorMessagesPrivate: lane === 'webmcp-polyfill' || lane === 'global',
  /** A tool's `execute` that throws or rejects is also reported as an uncaught page error. */
  keepToolFailuresInside: lane === 'chromium-150',
  /** An aborted agent call of a form fires no `toolcancel`: the page never learns the agent gave up. */
  signalACancelledFormCall: lane === 'chromium-150' || lane === 'webmcp-polyfill' || lane === 'global',
  /** A form call's failures are the polyfill's own words (naming the parameter), not Chromium's. */
  wordFormErrorsAsChromium: lane === 'webmcp-polyfill' || lane === 'global',
  /**
   * A form call is answered in a microtask after the page's response, not a task later as in
   * Chromium: an agent call made the moment the last one answered runs before the form's reset
   * and gets the last call's entries.
   */
  answerAFormCallATaskLater: lane === 'webmcp-polyfill' || lane === 'global',
  /**
   * Unregistering a tool ends its running calls: the caller's `executeTool` rejects with
   * `UnknownError` (Chromium 153 stopped doing so), before any answer the page gives.
   */
  keepACallOfAnUnregisteredTool: lane === 'chromium-150' || lane === 'webmcp-polyfill' || lane === 'global',
  /** `exposedTo` (and `fromOrigins`) reject with `NotSupportedError`. */
  exposeToOrigins: lane === 'webmcp-polyfill' || lane === 'global',
}

/**
 * What a lane's implementation lacks altogether, measured, with the reason a
 * test that needs it is skipped on that lane (`needs`). Where it has the
 * feature in another shape, tests use `cannot` and assert the difference.
 */
const LACKS = {
  /** Firefox ESR 153: `ModelContext` is not an EventTarget. */
  toolchange: firefox && 'Firefox\'s ModelContext is not an EventTarget: no toolchange, toolactivated or toolcancel',
  /** Firefox ESR 153: forms with toolname are not tools. */
  forms: firefox && 'Firefox has no declarative tools: a <form toolname> is not listed',
  /** The MCP-B polyfills check an autosubmit form's validity even when it is `novalidate`. */
  novalidateForms: (lane === 'webmcp-polyfill' || lane === 'global') && 'the polyfill refuses an invalid autosubmit fill itself (UnknownError), novalidate or not: the page never hears of it',
  /** Firefox ESR 153: `registerTool` returns `undefined` and takes no options. */
  registrationPromise: firefox && 'Firefox\'s registerTool returns undefined: no promise to settle or reject',
  /** Firefox ESR 153: no `signal` member; a tool is removed with `unregisterTool(name)`. */
  signal: firefox && 'Firefox ignores registerTool\'s signal: a tool leaves only through unregisterTool(name)',
  /** Firefox ESR 153: a second tool of a name replaces the first, silently. */
  duplicates: firefox && 'Firefox replaces a tool of the same name silently instead of refusing it',
  /**
   * Firefox ESR 153 with its testing preference: the package reads `getTools()` before
   * `registerTool`, to refuse a name the page's own code holds, so no registration settles
   * synchronously or in the order a mocked `registerTool` expects.
   */
  listFirst: firefox && 'on Firefox the package reads getTools() before registerTool (to refuse a name the page\'s own code holds): registerTool is never called at once',
  /** Firefox ESR 153: tools are called by name through `invokeTool`. */
  executeTool: firefox && 'Firefox calls a tool by name (invokeTool); there is no executeTool taking the listed tool',
  /** Firefox ESR 153: no `exposedTo` and no `fromOrigins`. */
  origins: firefox && 'Firefox has no exposedTo or fromOrigins, and lists no origin or window',
  /** Firefox ESR 153: names, descriptions and schemas are not checked against the spec. */
  specChecks: firefox && 'Firefox accepts any name (outside the grammar too), an empty description and any schema object',
  /** Firefox ESR 153: `getTools()` lists `{ name, description, inputSchema, annotations: { readOnlyHint } }`, in no set order. */
  listedDetails: firefox && 'Firefox lists only name, description, inputSchema and readOnlyHint, in no set order',
  /** Firefox ESR 153: `invokeTool` hands `execute` the caller's own object and a `ModelContextClient`, no signal. */
  executeSignal: firefox && 'Firefox hands execute the caller\'s object and a ModelContextClient, not a copy and a signal',
  /** Firefox ESR 153: `invokeTool` resolves to what `execute` returned, and rethrows what it threw. */
  chromiumResults: firefox && 'Firefox hands back what execute returned or threw as it is, with none of Chromium\'s serializing or hiding',
  /**
   * Firefox ESR 153: once `invokeTool`'s signal has aborted, the tool's `execute` settling (resolving
   * or rejecting, even after `unregisterTool`) crashes the page's content process (SIGSEGV), which
   * ends the test run. A package tool always settles at last (its scope's end, its timeout).
   */
  answerAfterCancel: firefox && 'Firefox\'s tab crashes (SIGSEGV) when a tool answers a call whose invokeTool signal has aborted',
  /** Only Firefox ESR 153 removes a tool by name, so only there does the package keep who owns a name. */
  byName: !firefox && 'only Firefox removes a tool by name (unregisterTool): elsewhere the browser keeps who owns a name',
  /** Firefox ESR 153: a frame's `allow="tools 'none'"` is not enforced. */
  permissionsPolicy: firefox && 'Firefox has no "tools" permissions policy',
}

/**
 * Skips the running test where the lane's implementation lacks one of
 * `features`, saying which and why (the reason shows in the report); a no-op
 * everywhere else.
 */
export function needs(context: { skip: (condition: boolean, note?: string) => void }, ...features: (keyof typeof LACKS)[]): void {
  const reasons = features.map(feature => LACKS[feature]).filter(Boolean)
  context.skip(reasons.length > 0, `${lane} lane: ${reasons.join('; ')}`)
}

const HOW: Record<string, string> = {
  'native': 'Chromium must run with --enable-features=WebMCP',
  'chromium-150': 'Chromium 150 must run with --enable-features=WebMCP',
  'webmcp-polyfill': 'test/compat/tester-webmcp-polyfill.html must load @mcp-b/webmcp-polyfill before the app',
  'global': 'test/compat/tester-global.html must load @mcp-b/global before the app',
  'global-native': 'test/compat/tester-global.html must load @mcp-b/global, and Chromium run with --enable-features=WebMCP',
  'chrome-160': 'test/compat/chrome-160.ts must run first (setupFiles), and Chromium run with --enable-features=WebMCP',
  'memory-browser': 'Chromium must run without --enable-features=WebMCP',
  'firefox': 'Firefox must run with dom.modelcontext.enabled and dom.modelcontext.testing.enabled (scripts/firefox.mjs)',
}

/** Set by test/compat/chrome-160.ts once it has put Chrome 160's `getTools()` and `executeTool()` in place. */
export const CHROME_160_STAND_IN = '__vueWebMCPChrome160StandIn'

/** Where test/compat/firefox-top.ts keeps the test frame's own Firefox context (which only the top window's may use). */
export const FIREFOX_FRAME_CONTEXT = '__vueWebMCPFirefoxFrameContext'

/** Whether the browser itself provides `document.modelContext` (its getter is native code). */
function browserHasNativeApi(): boolean {
  const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'modelContext')?.get
  return !!getter && Function.prototype.toString.call(getter).includes('[native code]')
}

/** Checks that the page has the implementation the lane is about, so a lane never tests another. */
function identify(mc: WebMCP.ModelContext & { native?: unknown }): string | undefined {
  if (lane === 'firefox') {
    const version = Number(/Firefox\/(\d+)/.exec(navigator.userAgent)?.[1])
    const own = typeof (mc as Partial<FirefoxModelContext>).invokeTool === 'function' && typeof (mc as Partial<FirefoxModelContext>).unregisterTool === 'function'
    return version >= 153 && own && !('modelContext' in document) ? undefined : `${navigator.userAgent}, ${own ? 'invokeTool and unregisterTool' : 'no invokeTool or unregisterTool'}${'modelContext' in document ? ', document.modelContext' : ''}`
  }
  const chrome = Number(/Chrome\/(\d+)/.exec(navigator.userAgent)?.[1])
  const wrapped = 'native' in mc
  const native = browserHasNativeApi()
  const found = `Chromium ${chrome}, ${native ? 'native API' : 'no native API'}${wrapped ? ', a wrapper with .native' : ''}`
  const right = {
    'memory': true,
    'native': chrome >= 156 && native && !wrapped,
    'chromium-150': chrome === 150 && native && !wrapped,
    'webmcp-polyfill': !native && !wrapped,
    'global': !native && wrapped,
    'global-native': native && wrapped && mc.native !== mc,
    'chrome-160': chrome >= 156 && native && !wrapped && CHROME_160_STAND_IN in globalThis,
    'memory-browser': !native,
    'firefox': false,
  }[lane]
  return right ? undefined : found
}

/**
 * The ModelContext under test. The browser lanes must find the implementation
 * they are about and fail otherwise (never fall back); the happy-dom lane
 * installs the in-memory one.
 */
export function useLaneModelContext(): WebMCP.ModelContext {
  if (lane === 'memory-browser' && browserHasNativeApi())
    throw new Error(`The ${lane} lane found the native API: ${HOW[lane]}`)
  if (lane === 'memory' || lane === 'memory-browser')
    return install()
  const mc = lane === 'firefox' ? (navigator as { modelContext?: WebMCP.ModelContext }).modelContext : document.modelContext
  if (!mc)
    throw new Error(`${lane === 'firefox' ? 'navigator' : 'document'}.modelContext is missing (${lane} lane): ${HOW[lane]}`)
  const wrong = identify(mc)
  if (wrong)
    throw new Error(`The ${lane} lane found ${wrong}: ${HOW[lane]}`)
  return mc
}

export function releaseLaneModelContext(): void {
  if (lane === 'memory' || lane === 'memory-browser')
    uninstall()
}

/**
 * Yields one task (`setTimeout(0)`), for what a task is all that is needed
 * for, such as a promise settled in the task before. Never a wait for an event
 * or a state: wait for those with `until` (test/helpers.ts).
 */
export function tick(): Promise<void> {
  return new Promise(resolve => setTimeout(resolve))
}

let counter = 0
/** A tool name no other test in this document uses. */
export function uniqueName(prefix = 'tool'): string {
  return `${prefix}_${++counter}_${Math.random().toString(36).slice(2, 8)}`
}

/**
 * A listed tool's member that is empty: `null` on a Chrome 160 `Tool`, left
 * out of a Chrome 150-159 dictionary.
 */
export function expectEmpty(tool: object, key: string): void {
  if (listsToolObjects)
    expect((tool as Record<string, unknown>)[key]).toBeNull()
  else
    expect(tool).not.toHaveProperty(key)
}

/** The names `getTools()` lists now. */
export async function listedNames(mc: WebMCP.ModelContext): Promise<string[]> {
  return (await mc.getTools()).map(t => t.name)
}

/**
 * The set-up every suite that registers tools needs: the lane's ModelContext
 * before the suite, released after it; after each test the test's cleanups
 * run, mocks are restored, every tool the test left is gone from `getTools()`
 * (`@mcp-b/global` removes them when its queue drains, not at the abort) and
 * its removal's `toolchange` has been delivered, and no promise rejection went
 * unhandled (other than the failures the tests cause on purpose, which
 * Chromium 150 also reports). Returns the list tests push cleanups to.
 */
export function laneSuite(onReady: (mc: WebMCP.ModelContext) => void): (() => void)[] {
  const cleanups: (() => void)[] = []
  const unhandled: unknown[] = []
  const onUnhandled = (event: PromiseRejectionEvent) => {
    if (!String((event.reason as Error | undefined)?.message).includes(DELIBERATE_FAILURE))
      unhandled.push(event.reason)
  }
  let mc: WebMCP.ModelContext
  let before = new Set<string>()
  // Every toolchange since the test began: see afterEach.
  let changes = 0
  const changed = () => changes++
  beforeAll(() => {
    mc = useLaneModelContext()
    onReady(mc)
    globalThis.addEventListener?.('unhandledrejection', onUnhandled)
    if (!firefox)
      mc.addEventListener('toolchange', changed)
  })
  afterAll(() => {
    if (!firefox)
      mc.removeEventListener('toolchange', changed)
    globalThis.removeEventListener?.('unhandledrejection', onUnhandled)
    releaseLaneModelContext()
  })
  beforeEach(async () => {
    before = new Set(await listedNames(mc))
    changes = 0
  })
  afterEach(async () => {
    // Each add and each removal fires one toolchange (the contract says so on every lane): wait
    // for them, so that the next test does not see them (a refused registration retries on each
    // one, useRegisteredTools queries on each). A tool the test left was added during the test and
    // is removed now: two events each, at least. Counting removals alone could end early, on an
    // add's event that a loaded machine delivered late.
    const leaving = (await listedNames(mc)).filter(name => !before.has(name)).length
    let removals = 0
    const counted = () => removals++
    // Firefox fires no toolchange: its list is all there is to wait for.
    if (firefox)
      removals = changes = Number.POSITIVE_INFINITY
    else
      mc.addEventListener('toolchange', counted)
    try {
      cleanups.splice(0).forEach(cleanup => cleanup())
      vi.restoreAllMocks()
      await until(async () => {
        expect((await listedNames(mc)).filter(name => !before.has(name)), 'tools the test left registered').toEqual([])
        return removals >= leaving && changes >= 2 * leaving
      })
    }
    finally {
      if (!firefox)
        mc.removeEventListener('toolchange', counted)
    }
    // One task: a browser reports a rejection the test's last task left
    // unhandled in a task of its own, queued before this one.
    await tick()
    expect(unhandled.splice(0)).toEqual([])
  })
  return cleanups
}

/**
 * Calls a tool through the page's own `executeTool`, in the argument form the
 * lane's implementation takes: an object (Chromium 156, and `@mcp-b/global`
 * over it), a JSON string (Chromium 150, the polyfills on their own).
 */
export async function executeTool(mc: WebMCP.ModelContext, tool: WebMCP.RegisteredTool, args: object, options?: { signal?: AbortSignal }): Promise<string> {
  if (firefox) {
    // Firefox's invokeTool hands back what execute returned, as it is; JSON text here stands in
    // for what an agent's side sends on, as Chromium's executeTool does.
    const value = await invokeTool(mc, tool.name, args, options)
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
  return mc.executeTool(tool, (jsonArguments ? JSON.stringify(args) : args) as object, options)
}

/** Firefox's `unregisterTool(name)`: its only way to remove a tool. */
export function unregisterByName(mc: WebMCP.ModelContext, name: string): void {
  ;(mc as unknown as FirefoxModelContext).unregisterTool(name)
}

/** Firefox's `invokeTool(name, input, { signal })`, the path its agents take (testing preference). */
export function invokeTool(mc: WebMCP.ModelContext, name: string, args?: object, options?: { signal?: AbortSignal }): Promise<unknown> {
  return (mc as unknown as FirefoxModelContext).invokeTool(name, args, options)
}

/**
 * Calls a tool as an agent does through the page, by name (rejecting with
 * `no tool <name>` when it is not listed) or as listed, and parses the JSON
 * the implementation hands back into the package's result type.
 */
export async function callTool(
  mc: WebMCP.ModelContext,
  tool: string | WebMCP.RegisteredTool,
  args: object = {},
  options?: { signal?: AbortSignal },
): Promise<WebMCPToolResponse> {
  const listed = typeof tool === 'string' ? (await mc.getTools()).find(t => t.name === tool) : tool
  if (!listed)
    throw new Error(`no tool ${tool as string}`)
  return JSON.parse(await executeTool(mc, listed, args, options)) as WebMCPToolResponse
}

/** The text of a result's block `index`; fails when that block is not text. */
export function textOf(response: WebMCPToolResponse, index = 0): string {
  const block = response.content[index]
  if (block?.type !== 'text')
    throw new Error(`block ${index} is not text: ${JSON.stringify(block)}`)
  return block.text
}

/**
 * `registerTool` as a promise on every lane: Chromium 150 returns `undefined`
 * once registered and throws synchronously where the others reject.
 */
export function registerTool(mc: WebMCP.ModelContext, tool: WebMCP.ModelContextTool, options?: WebMCP.ModelContextRegisterToolOptions): Promise<void> {
  // Firefox ignores the signal: a test's raw tool leaves by name when the test aborts it.
  if (firefox && options?.signal)
    options.signal.addEventListener('abort', () => unregisterByName(mc, tool.name), { once: true })
  try {
    return Promise.resolve(mc.registerTool(tool, options))
  }
  catch (error) {
    return Promise.reject(error)
  }
}

/**
 * The message of a raw tool failure the tests cause on purpose. Chromium 150
 * also reports it as an uncaught page error; vitest.config.ts lets exactly
 * these through (`onUnhandledError`), and the contract asserts the report.
 */
export const DELIBERATE_FAILURE = 'deliberate tool failure (Chromium 150 also reports it as a page error)'
