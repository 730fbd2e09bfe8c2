import type { ExecuteRegisteredToolOptions, RegisteredTool, UseRegisteredToolsOptions, UseRegisteredToolsReturn, WebMCPListedTool } from '../types'
import { useEventListener, useSupported } from '@vueuse/core'
import { computed, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { onByNameChange, unregistersByName } from '../registration/byName'
import { eventTarget, refreshModelContext, useModelContext } from '../registration/modelContext'
import { ownScope } from '../registration/scope'
import { toError } from '../shared/toError'
import { readListedTool } from './listedTool'

/** How long `toolchange` must stay quiet before the tools are queried. */
const COALESCE_MS = 16
/**
 * The longest a burst delays the query, from its first event: a panel still
 * updates four times a second while tools keep changing (`@mcp-b/global` spaces
 * 100 registrations 10 ms apart, over a second).
 */
const MAX_WAIT_MS = 250

type ArgumentFormat = 'object' | 'json'

/** What each ModelContext accepted, once detected. */
const detectedFormat = new WeakMap<object, ArgumentFormat>()

function parseResult(raw: unknown): unknown {
  if (typeof raw !== 'string')
    return raw
  try {
    return JSON.parse(raw)
  }
  catch {
    return raw
  }
}

/**
 * The browser could not read the argument form it was given, as opposed to a
 * failure of the tool: a `TypeError` for a JSON string (Chromium 156),
 * "Failed to parse input arguments" for an object (Chromium 150, the polyfills).
 */
function isFormatError(error: unknown, format: ArgumentFormat): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown, message?: unknown }
  return format === 'json' ? name === 'TypeError' : /parse input arg/i.test(String(message))
}

/** Firefox's way to call a tool (behind its testing preference): by name, the input as an object. */
interface InvokesByName {
  invokeTool: (name: string, input?: object, options?: { signal?: AbortSignal }) => Promise<unknown>
}

function invokesByName(mc: object): mc is InvokesByName {
  return typeof (mc as Partial<InvokesByName>).invokeTool === 'function'
}

/**
 * The browser's own object behind each listed entry: `executeTool` takes only
 * that one in Chrome 160, and it names this registration, not whichever tool
 * holds the name by the time the call starts.
 */
const browserTools = new WeakMap<object, RegisteredTool>()

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
    const mc = modelContext.value
    return mc && typeof mc.getTools === 'function' && (typeof mc.executeTool === 'function' || invokesByName(mc)) ? mc : undefined
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
    const mc = consumer.value
    let list: readonly RegisteredTool[] = []
    let failure: unknown
    if (mc) {
      const origins = toValue(options.fromOrigins)
      try {
        list = await mc.getTools(origins?.length ? { fromOrigins: [...origins] } : undefined)
      }
      catch (reason) {
        failure = reason ?? 'getTools failed'
      }
    }
    if (ticket !== started || disposed)
      return // a newer query (or the scope's end) made this one stale
    if (failure !== undefined) {
      error.value = toError(failure)
    }
    else {
      tools.value = list.map((tool) => {
        const entry = readListedTool(tool)
        browserTools.set(entry, tool)
        return entry
      }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      error.value = null
    }
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

  // Chromium fires one `toolchange` per change, each in its own task, so a page
  // registering 100 tools sends 100 events over a few milliseconds (`@mcp-b/global`
  // over a second). Each event restarts a short quiet window; the first also sets a
  // deadline, so a long burst still queries every MAX_WAIT_MS. Two timers and no clock
  // reading: setTimeout alone decides when, so tests drive it with fake timers.
  // A query still in flight is superseded, never waited for: one that hangs blocks nothing.
  let quiet: ReturnType<typeof setTimeout> | undefined
  let due: ReturnType<typeof setTimeout> | undefined
  function cancel(): void {
    clearTimeout(quiet)
    clearTimeout(due)
    quiet = due = undefined
  }
  function flush(): void {
    cancel()
    void refresh()
  }
  function schedule(): void {
    if (disposed)
      return
    clearTimeout(quiet)
    quiet = setTimeout(flush, COALESCE_MS)
    due ??= setTimeout(flush, MAX_WAIT_MS)
  }

  // Both end with the composable's scope.
  useEventListener(() => eventTarget(consumer.value), 'toolchange', schedule)
  // A by-name context (Firefox) fires no toolchange: the package's own registrations there say when.
  watch(consumer, (mc, _, onCleanup) => {
    if (mc && unregistersByName(mc))
      onCleanup(onByNameChange(mc, schedule))
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
      const listed = tools.value.find(t => t.name === tool.name && t.origin === tool.origin)
      native = listed && browserTools.get(listed)
    }
    return native ?? tool as RegisteredTool
  }

  async function execute(tool: WebMCPListedTool | RegisteredTool, args: object = {}, callOptions: ExecuteRegisteredToolOptions = {}): Promise<unknown> {
    if (disposed)
      throw new DOMException('useRegisteredTools was stopped (its scope ended): it runs no more tools.', 'InvalidStateError')
    refreshModelContext(document)
    const mc = consumer.value
    if (!mc)
      throw new DOMException('WebMCP is not available in this browser: document.modelContext.executeTool is missing.', 'NotSupportedError')
    const native = browserTool(tool)
    if (typeof mc.executeTool !== 'function' && invokesByName(mc))
      return parseResult(await mc.invokeTool(native.name, args, callOptions.signal ? { signal: callOptions.signal } : undefined))
    const run = (format: ArgumentFormat) => mc.executeTool(
      native,
      (format === 'json' ? JSON.stringify(args) : args) as object,
      callOptions.signal ? { signal: callOptions.signal } : undefined,
    )
    const format: ArgumentFormat = detectedFormat.get(mc) ?? options.argumentFormat ?? 'json'
    try {
      const raw = await run(format)
      detectedFormat.set(mc, format)
      return parseResult(raw)
    }
    catch (reason) {
      // Only a form never seen to work is switched; a known-good one failing is the tool's failure.
      if (detectedFormat.get(mc) === format || !isFormatError(reason, format))
        throw reason
      const other: ArgumentFormat = format === 'json' ? 'object' : 'json'
      detectedFormat.set(mc, other)
      return parseResult(await run(other))
    }
  }

  onScopeDispose(() => {
    disposed = true
    cancel()
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
