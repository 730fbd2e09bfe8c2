import type { ExecuteRegisteredToolOptions, RegisteredTool, UseRegisteredToolsOptions, UseRegisteredToolsReturn, WebMCPListedTool } from '../types'
import { useEventListener, useSupported } from '@vueuse/core'
import { computed, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { onByNameChange, unregistersByName } from '../registration/byName'
import { eventTarget, refreshModelContext, useModelContext } from '../registration/modelContext'
import { ownScope } from '../registration/scope'
import { toError } from '../shared/toError'
import { executeInBrowserForm, invokesByName, parseResult } from './argumentForm'
import { readListedTool } from './listedTool'

/** How long `toolchange` must stay quiet before the tools are queried. */
const COALESCE_MS = 16
/**
 * The longest a burst delays the query, from its first event: a panel still
 * updates four times a second while tools keep changing (`@mcp-b/global` spaces
 * 100 registrations 10 ms apart, over a second).
 */
const MAX_WAIT_MS = 250

/**
 * The browser's own object behind each listed entry: `executeTool` takes only
 * that one in Chrome 160, and it names this registration, not whichever tool
 * holds the name by the time the call starts.
 */
const browserTools = new WeakMap<object, RegisteredTool>()

/** What one `getTools()` query came to. */
interface Listing {
  /** The entries read, sorted by name; absent when `getTools()` failed. */
  tools?: readonly WebMCPListedTool[]
  /** What went wrong, for `error`; `undefined` when nothing did. */
  failure?: unknown
}

/**
 * `getTools()`'s answer read into listed entries. An entry that cannot be
 * read (`null`, a throwing getter: a buggy polyfill) is left out and named in
 * `failure`; the others are listed.
 */
function readListing(answer: unknown, view: Window | null | undefined): Listing {
  if (!Array.isArray(answer))
    return { failure: new TypeError(`getTools() answered ${answer === null ? 'null' : typeof answer}, not a list of tools.`) }
  const tools: WebMCPListedTool[] = []
  let unreadable = 0
  let firstReason: unknown
  for (const tool of answer) {
    try {
      const entry = readListedTool(tool, view)
      browserTools.set(entry, tool)
      tools.push(entry)
    }
    catch (reason) {
      if (unreadable === 0)
        firstReason = reason
      unreadable++
    }
  }
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  if (unreadable === 0)
    return { tools }
  const failure = new TypeError(`getTools() listed ${unreadable} ${unreadable === 1 ? 'entry' : 'entries'} that could not be read (${toError(firstReason).message}); the others are listed.`, { cause: firstReason })
  return { tools, failure }
}

/** Queries `context` for its tools. Never rejects: a failure is the listing's. */
async function queryTools(context: WebMCP.ModelContext | undefined, fromOrigins: UseRegisteredToolsOptions['fromOrigins'], view: Window | null | undefined): Promise<Listing> {
  if (!context)
    return { tools: [] }
  try {
    const origins = toValue(fromOrigins)
    return readListing(await context.getTools(origins?.length ? { fromOrigins: [...origins] } : undefined), view)
  }
  catch (reason) {
    return { failure: reason ?? 'getTools failed' }
  }
}

/**
 * Calls `flush` once a burst of `toolchange` events has gone quiet.
 * Chromium fires one `toolchange` per change, each in its own task, so a page
 * registering 100 tools sends 100 events over a few milliseconds (`@mcp-b/global`
 * over a second). Each event restarts a short quiet window; the first also sets a
 * deadline, so a long burst still flushes every MAX_WAIT_MS. Two timers and no clock
 * reading: setTimeout alone decides when, so tests drive it with fake timers.
 */
function toolchangeBursts(flush: () => void): { schedule: () => void, cancel: () => void } {
  let quiet: ReturnType<typeof setTimeout> | undefined
  let due: ReturnType<typeof setTimeout> | undefined
  function cancel(): void {
    clearTimeout(quiet)
    clearTimeout(due)
    quiet = due = undefined
  }
  function flushNow(): void {
    cancel()
    flush()
  }
  function schedule(): void {
    clearTimeout(quiet)
    quiet = setTimeout(flushNow, COALESCE_MS)
    due ??= setTimeout(flushNow, MAX_WAIT_MS)
  }
  return { schedule, cancel }
}

/**
 * Lists the WebMCP tools this document may call and runs them: for in-page
 * agents, dev panels, or an iframe-hosted agent reading a partner page's tools.
 * Follows `toolchange`, coalescing bursts into a few `getTools()` calls.
 */
export function useRegisteredTools(options: UseRegisteredToolsOptions = {}): UseRegisteredToolsReturn {
  const scope = ownScope('useRegisteredTools')
  const stop = () => scope.stop()
  return { ...scope.run(() => registeredTools(options))!, stop }
}

function registeredTools(options: UseRegisteredToolsOptions): Omit<UseRegisteredToolsReturn, 'stop'> {
  const { document } = options
  const modelContext = useModelContext(document)
  // A context that can list and run tools: with `executeTool`, or Firefox's `invokeTool` (its
  // testing preference offers both `getTools` and `invokeTool`).
  const consumer = computed(() => {
    const context = modelContext.value
    return context && typeof context.getTools === 'function' && (typeof context.executeTool === 'function' || invokesByName(context)) ? context : undefined
  })
  const isSupported = useSupported(() => consumer.value)
  const tools = shallowRef<readonly WebMCPListedTool[]>([])
  const error = shallowRef<Error | null>(null)

  // Every query has a ticket; only the newest one's answer is taken, so a
  // `getTools()` that never settles blocks nothing started after it.
  let started = 0
  let disposed = false
  const waiting: (() => void)[] = []

  async function query(ticket: number): Promise<void> {
    refreshModelContext(document)
    // Each entry's `frame` is seen from the window of the document whose tools these are.
    const listing = await queryTools(consumer.value, options.fromOrigins, (document ?? globalThis.document)?.defaultView)
    if (ticket !== started || disposed)
      return // a newer query (or the scope's end) made this one stale
    if (listing.tools)
      tools.value = listing.tools
    error.value = listing.failure === undefined ? null : toError(listing.failure)
    waiting.splice(0).forEach(resolve => resolve())
  }

  /** Starts a query now; it supersedes any still pending. */
  function refresh(): Promise<void> {
    if (disposed)
      return Promise.resolve()
    const done = new Promise<void>(resolve => waiting.push(resolve))
    void query(++started)
    return done
  }

  // A query still in flight is superseded, never waited for: one that hangs blocks nothing.
  const bursts = toolchangeBursts(() => void refresh())
  // Both end with the composable's scope.
  const schedule = () => {
    if (!disposed)
      bursts.schedule()
  }
  useEventListener(() => eventTarget(consumer.value), 'toolchange', schedule)
  // A by-name context (Firefox) fires no toolchange: the package's own registrations there say when.
  watch(consumer, (context, _, onCleanup) => {
    if (context && unregistersByName(context))
      onCleanup(onByNameChange(context, schedule))
  }, { immediate: true })
  watch([consumer, () => JSON.stringify(toValue(options.fromOrigins) ?? [])], () => void refresh(), { immediate: true })

  /**
   * What to hand `executeTool` for `tool`: the browser object of a listed
   * entry; for a plain copy (a spread entry, one sent through JSON), the one
   * listed now under its name and origin; anything else (a browser object
   * from `getTools()` itself) as it is.
   */
  function browserTool(tool: WebMCPListedTool | RegisteredTool): RegisteredTool {
    let native = browserTools.get(tool)
    if (!native && Object.getPrototypeOf(tool) === Object.prototype) {
      const listed = tools.value.find(entry => entry.name === tool.name && entry.origin === tool.origin)
      native = listed && browserTools.get(listed)
    }
    return native ?? tool as RegisteredTool
  }

  async function execute(tool: WebMCPListedTool | RegisteredTool, args: object = {}, callOptions: ExecuteRegisteredToolOptions = {}): Promise<unknown> {
    if (disposed)
      throw new DOMException('useRegisteredTools was stopped (its scope ended): it runs no more tools.', 'InvalidStateError')
    refreshModelContext(document)
    const context = consumer.value
    if (!context)
      throw new DOMException('WebMCP is not available in this browser: document.modelContext.executeTool is missing.', 'NotSupportedError')
    const native = browserTool(tool)
    if (typeof context.executeTool !== 'function' && invokesByName(context))
      return parseResult(await context.invokeTool(native.name, args, callOptions.signal ? { signal: callOptions.signal } : undefined))
    return executeInBrowserForm(context, native, args, callOptions.signal, options.argumentFormat)
  }

  onScopeDispose(() => {
    disposed = true
    bursts.cancel()
    // Nothing will answer them now.
    waiting.splice(0).forEach(resolve => resolve())
  })

  return {
    isSupported,
    tools,
    error,
    refresh,
    execute,
  }
}
