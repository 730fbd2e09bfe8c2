// Registering on a context that removes tools by name (byName.ts says which):
// Firefox's own ModelContext. Its registerTool returns nothing, ignores the
// signal the package ends a registration with, and silently replaces a tool
// that holds the same name. So for such a context the package keeps the names
// its tools hold, and decides who owns a name: a registration ends with
// unregisterTool(name); a second tool wanting a held name is refused as
// Chromium refuses it, and registers once the name is free, whoever held it
// (there is no toolchange to say when: the package says so for its own tools,
// and polls the list for a name the page's own code held); the tool holding a
// name keeps it across its own re-registration (a changed description).
// It accepts any name and an empty description, so the spec's rules are
// checked here, in every build, and a tool that breaks one is refused as
// Chromium refuses it. Loaded with import() on a page's first registration
// there (byName.ts). It imports nothing of the start-up code: a module both
// imported would be a start-up file of its own in an app's bundle. No Vue import.
import { specProblem } from '../definitions/specChecks'

/** A ModelContext with Firefox's `unregisterTool(name)`. */
export interface ByNameModelContext {
  registerTool: (tool: WebMCP.ModelContextTool, options?: WebMCP.ModelContextRegisterToolOptions) => unknown
  unregisterTool: (name: string) => void
  /** Behind Firefox's testing preference only. */
  getTools?: () => Promise<readonly { name: string }[]>
}

/** A name held by one registration. */
interface NameHold {
  /** The slot registering: its next registration of the name, in the same task, keeps the name. */
  owner: object
  /** Whether `registerTool` has taken the tool: only then is there something to unregister. */
  registered: boolean
  /** The registration ended: the name goes once the current task is done, unless its owner takes it again. */
  ended: boolean
}

/** Per context: the names the package's tools hold there. */
const heldNames = new WeakMap<object, Map<string, NameHold>>()

/** Per context: who follows changes to its tools (useRegisteredTools, registrations waiting for a name). */
const changeListeners = new WeakMap<object, Set<() => void>>()

/** Per context: the names the page's own code holds, polled, each with the signals of the registrations waiting for it. */
const watchedNames = new WeakMap<object, Map<string, Set<AbortSignal>>>()

/** How often, and how long, a name the page's own code holds is looked for in the list. */
const POLL_MS = 250
const POLL_TRIES = 480

/**
 * Runs `listener` whenever a tool of the package comes or goes on the by-name
 * context `mc`, or a name comes free (the context fires no `toolchange` of its
 * own), until `signal` is aborted; with `once`, the first time only.
 */
export function onChange(mc: object, listener: () => void, { once, signal }: { once?: boolean, signal?: AbortSignal } = {}): void {
  if (signal?.aborted)
    return
  let listeners = changeListeners.get(mc)
  if (!listeners)
    changeListeners.set(mc, listeners = new Set())
  const set = listeners
  const stop = () => set.delete(run)
  const run = () => {
    if (once)
      stop()
    listener()
  }
  set.add(run)
  signal?.addEventListener('abort', stop, { once: true })
}

/** Tells the listeners of `mc` (a copy of the set: a listener may add another). */
function changed(mc: object): void {
  for (const listener of [...changeListeners.get(mc) ?? []])
    listener()
}

function namesOf(mc: object): Map<string, NameHold> {
  let names = heldNames.get(mc)
  if (!names)
    heldNames.set(mc, names = new Map())
  return names
}

/**
 * `tool` with a false `readOnlyHint` left out. Firefox lists `readOnlyHint: true` for a tool given
 * any `readOnlyHint` at all, `false` included, so its agents would take a tool that changes things
 * for one that only reads; left out, it is listed `false`, the default everywhere.
 */
function withoutFalseReadOnlyHint(tool: WebMCP.ModelContextTool): WebMCP.ModelContextTool {
  const annotations = tool.annotations as Record<string, unknown> | undefined
  if (!annotations || !('readOnlyHint' in annotations) || annotations.readOnlyHint)
    return tool
  const { readOnlyHint: _, ...others } = annotations
  return { ...tool, annotations: others }
}

function nameTaken(name: string): DOMException {
  return new DOMException(`The tool name "${name}" is taken: another tool on this page holds it, and this browser would replace that tool silently. Not registered.`, 'InvalidStateError')
}

/**
 * Registers `tool` on a by-name context for as long as `signal` is not
 * aborted; its abort unregisters the tool by name. A name or description the
 * spec refuses is refused with `InvalidStateError` (synchronously), saying
 * which rule, as Chromium refuses it. A name another owner's registration
 * holds is refused with `InvalidStateError` (synchronously); `owner`'s own
 * registration that ended in this task hands it over. Where the context lists
 * its tools (Firefox's testing preference), a name the page's own code
 * registered is refused too, once the list has answered: the promise returned
 * then settles as `registerTool` would, and the list is polled until the name
 * is free. What `registerTool` throws is thrown as it is. `onChange`'s
 * listeners run each time a tool is registered or unregistered, or a name
 * comes free: a refused registration tries again then.
 */
export function registerByName(
  mc: ByNameModelContext,
  tool: WebMCP.ModelContextTool,
  signal: AbortSignal,
  owner: object,
): void | Promise<void> {
  const { name } = tool
  const broken = specProblem(tool)
  if (broken)
    throw new DOMException(`Tool "${name}" not registered: ${broken}.`, 'InvalidStateError')
  const names = namesOf(mc)
  const held = names.get(name)
  if (held && !(held.ended && held.owner === owner))
    throw nameTaken(name)
  // The name is this registration's from now on, while the list is read too, so no other waits on nothing.
  const mine: NameHold = { owner, registered: false, ended: false }
  names.set(name, mine)
  signal.addEventListener('abort', () => end(mc, name, mine), { once: true })
  const register = () => {
    try {
      mc.registerTool(withoutFalseReadOnlyHint(tool))
    }
    catch (reason) {
      // A refusal frees the name quietly: telling the listeners would retry this very registration, endlessly.
      release(mc, name, mine, false)
      throw reason
    }
    mine.registered = true
    changed(mc)
  }
  // A name its owner held a moment ago is the package's: the list may still show it.
  if (typeof mc.getTools !== 'function' || held)
    return register()
  return registerIfUnlisted(mc, name, mine, signal, register)
}

/**
 * Registers unless `getTools()` lists `name` already. Awaited, not `.then()`: a
 * frame calling the top window's context in Firefox gets a promise whose
 * `then` it cannot read.
 */
async function registerIfUnlisted(mc: ByNameModelContext, name: string, mine: NameHold, signal: AbortSignal, register: () => void): Promise<void> {
  const listed = await mc.getTools!()
  if (signal.aborted)
    throw new DOMException('The registration ended before the tool was registered.', 'AbortError')
  if (listed.some(other => other.name === name)) {
    release(mc, name, mine, false)
    watchName(mc, name, signal)
    throw nameTaken(name)
  }
  register()
}

/**
 * A name the page's own code holds comes free with its `unregisterTool`, which
 * says nothing: the list is read every POLL_MS, for a bounded time and only
 * while a registration refused for it still waits (its signal not aborted),
 * until it no longer shows the name; then `changed` runs and the registrations
 * waiting try again.
 */
function watchName(mc: ByNameModelContext, name: string, waiter: AbortSignal): void {
  let watched = watchedNames.get(mc)
  if (!watched)
    watchedNames.set(mc, watched = new Map())
  const waiters = watched.get(name)
  if (waiters) {
    waiters.add(waiter)
    return
  }
  const names = watched
  const waiting = new Set([waiter])
  names.set(name, waiting)
  let tries = 0
  const look = async () => {
    for (const signal of waiting) {
      if (signal.aborted)
        waiting.delete(signal)
    }
    let free = false
    if (waiting.size > 0) {
      try {
        free = !(await mc.getTools!()).some(other => other.name === name)
      }
      catch {
        // A context that went away (its frame detached) frees nothing.
      }
    }
    if (free || waiting.size === 0 || ++tries >= POLL_TRIES) {
      names.delete(name)
      if (free)
        changed(mc)
      return
    }
    setTimeout(look, POLL_MS)
  }
  setTimeout(look, POLL_MS)
}

/**
 * A registration ended: its tool leaves at once, and its name stays its owner's
 * until the task is done, so a re-registration in the same pass (a changed
 * description) keeps it; then the name is free for whoever waits.
 */
function end(mc: ByNameModelContext, name: string, hold: NameHold): void {
  hold.ended = true
  if (hold.registered) {
    hold.registered = false
    try {
      mc.unregisterTool(name)
    }
    catch {
      // A context that went away (its frame detached) holds nothing any more.
    }
  }
  queueMicrotask(() => release(mc, name, hold, true))
}

function release(mc: ByNameModelContext, name: string, hold: NameHold, tell: boolean): void {
  const names = namesOf(mc)
  if (names.get(name) !== hold)
    return
  names.delete(name)
  // The registrations waiting try again: the first takes the name, the others are refused and wait on.
  if (tell)
    changed(mc)
}
