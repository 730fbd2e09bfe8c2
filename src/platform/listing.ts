/// <reference types="webmcp-types" />
// Listing a context's tools and running one, for useRegisteredTools, on every
// engine: `getTools()` read into plain entries (listedTool.ts), a frame that
// left the page dropped (frames.ts), and a call through `executeTool` in the
// form the engine takes (argumentForm.ts) or Firefox's `invokeTool` by name.
// Not start-up code for an app that only registers tools. No Vue import.
import type { RegisteredTool, WebMCPListedTool } from '../types'
import type { ArgumentFormat } from './argumentForm'
import { toError } from '../shared/toError'
import { executeInBrowserForm, parseResult } from './argumentForm'
import { runsOf } from './engine'
import { isDetached, sourceOf } from './frames'
import { readListedTool } from './listedTool'

/** Firefox's way to call a tool (behind its testing preference): by name, the input as an object. */
interface InvokesByName {
  invokeTool: (name: string, input?: object, options?: { signal?: AbortSignal }) => Promise<unknown>
}

/**
 * The browser's own object behind each listed entry: `executeTool` takes only
 * that one in Chrome 160, and it names this registration, not whichever tool
 * holds the name by the time the call starts.
 */
const browserTools = new WeakMap<object, RegisteredTool>()

/** What one `getTools()` query came to. */
export interface Listing {
  /** The entries read, sorted by name; absent when `getTools()` failed. */
  tools?: readonly WebMCPListedTool[]
  /** What went wrong, for `error`; `undefined` when nothing did. */
  failure?: unknown
}

/** Whether `context` can list and run tools: `getTools`, and `executeTool` or (a by-name engine) `invokeTool`. */
export function listsTools(context: WebMCP.ModelContext | undefined): context is WebMCP.ModelContext {
  if (typeof context?.getTools !== 'function')
    return false
  return runsOf(context) === 'name' ? typeof (context as Partial<InvokesByName>).invokeTool === 'function' : typeof context.executeTool === 'function'
}

/**
 * `getTools()`'s answer read into listed entries. An entry that cannot be
 * read (`null`, a throwing getter: a buggy polyfill) is left out and named in
 * `failure`; the others are listed. A tool of a frame that has left the page
 * is left out: the browser may still list it, and it can no longer run.
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
      if (isDetached(entry.source))
        continue
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

/** Queries `context` for its tools, each entry's `frame` seen from `view`. Never rejects: a failure is the listing's. */
export async function listTools(
  context: WebMCP.ModelContext | undefined,
  fromOrigins: readonly string[] | undefined,
  view: Window | null | undefined,
): Promise<Listing> {
  if (!context)
    return { tools: [] }
  try {
    return readListing(await context.getTools(fromOrigins?.length ? { fromOrigins: [...fromOrigins] } : undefined), view)
  }
  catch (reason) {
    return { failure: reason ?? 'getTools failed' }
  }
}

/**
 * What to hand `executeTool` for `tool`: the browser object of a listed
 * entry; for a plain copy (a spread entry, one sent through JSON), the one
 * in `listed` under its name and origin; anything else (a browser object
 * from `getTools()` itself) as it is.
 */
function browserTool(tool: WebMCPListedTool | RegisteredTool, listed: readonly WebMCPListedTool[]): RegisteredTool {
  let native = browserTools.get(tool)
  if (!native && Object.getPrototypeOf(tool) === Object.prototype) {
    const entry = listed.find(other => other.name === tool.name && other.origin === tool.origin)
    native = entry && browserTools.get(entry)
  }
  return native ?? tool as RegisteredTool
}

function frameLeft(name: string): DOMException {
  return new DOMException(`Tool "${name}" was registered by a frame that has left the page: it can no longer run.`, 'NotFoundError')
}

/**
 * Runs `tool` on `context` with `args` and resolves with the parsed result. A
 * tool whose frame has left the page is refused with a `NotFoundError`, before
 * the browser is asked or when it answers that the frame is detached.
 * `preferred` is the argument form tried first (the engine's by default).
 */
export async function runTool(
  context: WebMCP.ModelContext,
  tool: WebMCPListedTool | RegisteredTool,
  listed: readonly WebMCPListedTool[],
  args: object,
  signal: AbortSignal | undefined,
  preferred: ArgumentFormat | undefined,
): Promise<unknown> {
  const native = browserTool(tool, listed)
  const runs = runsOf(context)
  if (isDetached(sourceOf(native)))
    throw frameLeft(String(native.name))
  try {
    if (runs === 'name')
      return parseResult(await (context as unknown as InvokesByName).invokeTool(native.name, args, signal ? { signal } : undefined))
    return await executeInBrowserForm(context, native, args, signal, preferred ?? runs)
  }
  catch (reason) {
    // The frame left while the call was on its way.
    if (isDetached(sourceOf(native)) || /frame is detached/i.test(String((reason as Error | undefined)?.message)))
      throw frameLeft(String(native.name))
    throw reason
  }
}
