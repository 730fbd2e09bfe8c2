// Registering on a context that removes tools by name (byName.ts says which):
// Firefox's own ModelContext. Its registerTool returns nothing, ignores the
// signal the package ends a registration with, and silently replaces a tool
// that holds the same name. So for such a context the package keeps the names
// its tools hold: a registration ends with unregisterTool(name), a second tool
// wanting a held name is refused as Chromium refuses it, and that tool
// registers once the name is freed (there is no toolchange to say when).
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

/** A name held by one registration, and the registrations refused it, waiting. */
interface NameHold {
  /** Whether `registerTool` has taken the tool: only then is there something to unregister. */
  registered: boolean
  waiting: Set<() => void>
  /** Tells who follows the package's tools on the context (useRegisteredTools) that one came or went. */
  changed: () => void
}

/** Per context: the names the package's tools hold there. */
const heldNames = new WeakMap<object, Map<string, NameHold>>()

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
 * which rule, as Chromium refuses it. A name another of the
 * package's registrations holds is refused with `InvalidStateError`
 * (synchronously), and `retry`, when given, runs once that name is freed
 * (unless `signal` has been aborted by then). Where the context lists its
 * tools (Firefox's testing preference), a name the page's own code registered
 * is refused too, once the list has answered: the promise returned then
 * settles as `registerTool` would. What `registerTool` throws is thrown as it is.
 * `changed` runs each time the tool is registered or unregistered.
 */
export function registerByName(
  mc: ByNameModelContext,
  tool: WebMCP.ModelContextTool,
  signal: AbortSignal,
  changed: () => void,
  retry?: () => void,
): void | Promise<void> {
  const { name } = tool
  const broken = specProblem(tool)
  if (broken)
    throw new DOMException(`Tool "${name}" not registered: ${broken}.`, 'InvalidStateError')
  const names = namesOf(mc)
  const held = names.get(name)
  if (held) {
    if (retry) {
      held.waiting.add(retry)
      signal.addEventListener('abort', () => held.waiting.delete(retry), { once: true })
    }
    throw nameTaken(name)
  }
  // The name is this registration's from now on, while the list is read too, so no other waits on nothing.
  const mine: NameHold = { registered: false, waiting: new Set(), changed }
  names.set(name, mine)
  signal.addEventListener('abort', () => release(mc, name, mine), { once: true })
  const register = () => {
    try {
      mc.registerTool(withoutFalseReadOnlyHint(tool))
    }
    catch (reason) {
      release(mc, name, mine)
      throw reason
    }
    mine.registered = true
    changed()
  }
  if (typeof mc.getTools !== 'function')
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
    release(mc, name, mine)
    throw nameTaken(name)
  }
  register()
}

function release(mc: ByNameModelContext, name: string, hold: NameHold): void {
  const names = namesOf(mc)
  if (names.get(name) !== hold)
    return
  names.delete(name)
  if (hold.registered) {
    try {
      mc.unregisterTool(name)
    }
    catch {
      // A context that went away (its frame detached) holds nothing any more.
    }
    hold.changed()
  }
  // The first waiting registration takes the name; the others are refused again and wait on.
  for (const retry of [...hold.waiting])
    retry()
}
