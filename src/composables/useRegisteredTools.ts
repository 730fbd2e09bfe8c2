import type { RegisteredTool, UseRegisteredToolsExecuteOptions, UseRegisteredToolsOptions, UseRegisteredToolsReturn, WebMCPListedTool } from '../types'
import { useSupported } from '@vueuse/core'
import { computed, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { engineOf } from '../platform/engine'
import { onFramesLeaving } from '../platform/frames'
import { listsTools, listTools, runTool } from '../platform/listing'
import { refreshModelContext, useModelContext } from '../registration/modelContext'
import { ownScope } from '../registration/scope'
import { toError } from '../shared/toError'

/** How long the context's changes must stay quiet before the tools are queried. */
const COALESCE_MS = 16
/**
 * The longest a burst delays the query, from its first event: a panel still
 * updates four times a second while tools keep changing (`@mcp-b/global` spaces
 * 100 registrations 10 ms apart, over a second).
 */
const MAX_WAIT_MS = 250

/**
 * Calls `flush` once a burst of changes (`toolchange` events) has gone quiet.
 * Chromium fires one `toolchange` per change, each in its own task, so a page
 * registering 100 tools sends 100 events over a few milliseconds (`@mcp-b/global`
 * over a second). Each event restarts a short quiet window; the first also sets a
 * deadline, so a long burst still flushes every MAX_WAIT_MS. Two timers and no clock
 * reading: setTimeout alone decides when, so tests drive it with fake timers.
 */
function changeBursts(flush: () => void): { schedule: () => void, cancel: () => void } {
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
 * Follows the context's changes, coalescing bursts into a few queries, and
 * drops the tools of a frame that left the page.
 */
export function useRegisteredTools(options: UseRegisteredToolsOptions = {}): UseRegisteredToolsReturn {
  const scope = ownScope('useRegisteredTools')
  const stop = () => scope.stop()
  return { ...scope.run(() => registeredTools(options))!, stop }
}

function registeredTools(options: UseRegisteredToolsOptions): Omit<UseRegisteredToolsReturn, 'stop'> {
  const { document } = options
  const modelContext = useModelContext(document)
  // A context that can list and run tools, as its engine says.
  const consumer = computed(() => {
    const context = modelContext.value
    return listsTools(context) ? context : undefined
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
    const listing = await listTools(consumer.value, toValue(options.fromOrigins), (document ?? globalThis.document)?.defaultView)
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
  const bursts = changeBursts(() => void refresh())
  // Both end with the composable's scope.
  const schedule = () => {
    if (!disposed)
      bursts.schedule()
  }
  // The engine says when the tools change (a by-name context fires no event:
  // its adapter reports the package's own changes).
  watch(consumer, (context, _, onCleanup) => {
    if (!context)
      return
    const stopped = new AbortController()
    engineOf(context).onChange(context, schedule, { signal: stopped.signal })
    onCleanup(() => stopped.abort())
  }, { immediate: true })
  watch([consumer, () => JSON.stringify(toValue(options.fromOrigins) ?? [])], () => void refresh(), { immediate: true })
  // No change is reported when a frame holding tools is removed: while another
  // frame's tools are listed, a frame leaving the document queries again.
  const listedDocument = document ?? globalThis.document
  watch(() => !!listedDocument && tools.value.some(tool => tool.source && tool.source !== listedDocument.defaultView), (watching, _, onCleanup) => {
    if (watching)
      onCleanup(onFramesLeaving(listedDocument!, schedule))
  }, { immediate: true })

  async function execute(tool: WebMCPListedTool | RegisteredTool, args: object = {}, callOptions: UseRegisteredToolsExecuteOptions = {}): Promise<unknown> {
    if (disposed)
      throw new DOMException('useRegisteredTools was stopped (its scope ended): it runs no more tools.', 'InvalidStateError')
    refreshModelContext(document)
    const context = consumer.value
    if (!context)
      throw new DOMException('WebMCP is not available in this browser: this document\'s ModelContext cannot run tools.', 'NotSupportedError')
    try {
      return await runTool(context, tool, tools.value, args, callOptions.signal, options.argumentFormat)
    }
    catch (reason) {
      // A tool whose frame left: the list drops it.
      if ((reason as DOMException | undefined)?.name === 'NotFoundError')
        schedule()
      throw reason
    }
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
