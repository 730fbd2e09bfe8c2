/// <reference types="webmcp-types" />

import type { WebMCPListedTool, WebMCPToolFrame } from '../types'
import { refreshModelContext } from '../registration/modelContext'
import { defineEventClasses, ToolActivatedEvent, ToolCancelEvent } from './events'
/**
 * `vue-webmcp/testing`: an in-memory ModelContext for unit tests in happy-dom
 * or jsdom, behaving like Chromium's native implementation, declarative forms
 * included; and an init script with helpers for end-to-end tests in browsers
 * without WebMCP.
 *
 *   const modelContext = install()     // document.modelContext now exists
 *   ...mount components, call tools through modelContext.executeTool...
 *   uninstall()                        // restores what was there
 */
import { InMemoryFirefoxModelContext } from './firefoxModelContext'
import { asAgentSubmission } from './forms'
import source from './initScriptSource'
import { InMemoryModelContext } from './modelContext'

export type { WebMCPListedTool, WebMCPToolAnnotations, WebMCPToolFrame } from '../types'
export type { ToolEventInit } from './events'
export { InMemoryFirefoxModelContext, InMemoryModelContext, ToolActivatedEvent, ToolCancelEvent }
export type { InMemoryModelContextOptions } from './modelContext'

export interface InstallOptions {
  /** Put it on `document.modelContext` (the spec's place). Default `true`. */
  document?: boolean
  /** Also put it on `navigator.modelContext`, where pre-150 builds and polyfills had it. Default `false`. */
  legacyNavigator?: boolean
  /** Install this instance instead of a new one. */
  modelContext?: InMemoryModelContext
  /**
   * `getTools()` returns Chrome 160's `Tool` objects (default `true`); `false`
   * gives Chrome 150-159's dictionaries. Ignored with `modelContext`.
   */
  toolObjects?: boolean
}

interface Saved {
  target: object
  descriptor: PropertyDescriptor | undefined
}

let saved: Saved[] = []
let created: InMemoryModelContext | undefined
let removeEventClasses = () => {}

function define(target: object, value: unknown): void {
  saved.push({ target, descriptor: Object.getOwnPropertyDescriptor(target, 'modelContext') })
  // On the object itself: happy-dom's `document` is not an instance of its `Document`.
  Object.defineProperty(target, 'modelContext', { configurable: true, enumerable: true, get: () => value })
}

/** Creates an in-memory ModelContext and puts it where the composables look. */
export function install(options: InstallOptions = {}): InMemoryModelContext {
  uninstall()
  const modelContext = options.modelContext ?? (created = new InMemoryModelContext(undefined, { toolObjects: options.toolObjects }))
  if (options.document !== false)
    define(document, modelContext)
  if (options.legacyNavigator)
    define(navigator, modelContext)
  // `ToolActivatedEvent` and `ToolCancelEvent`, as a browser with WebMCP has them.
  removeEventClasses = defineEventClasses(globalThis)
  refreshModelContext()
  return modelContext
}

/** Removes what `install()` put in place and restores what was there before. */
export function uninstall(): void {
  for (const { target, descriptor } of saved.reverse()) {
    if (descriptor)
      Object.defineProperty(target, 'modelContext', descriptor)
    else
      delete (target as { modelContext?: unknown }).modelContext
  }
  saved = []
  removeEventClasses()
  removeEventClasses = () => {}
  created?.disconnect() // stop watching the document's forms
  created = undefined
  refreshModelContext()
}

/**
 * Submits `form` as an agent does: a `submit` event with `agentInvoked: true`
 * and a `respondWith()`. Resolves with what the page handed to `respondWith`,
 * parsed like `executeTool`'s result would be for a caller. Rejects if the
 * page never called `respondWith` while the event was dispatched.
 */
export async function submitAsAgent(form: HTMLFormElement): Promise<unknown> {
  const event = new Event('submit', { bubbles: true, cancelable: true })
  const response = asAgentSubmission(event)
  form.dispatchEvent(event)
  const answer = response()
  if (!answer)
    throw new DOMException('The form did not call respondWith() while the submit event was dispatched.', 'InvalidStateError')
  return answer
}

/**
 * A self-contained script that installs the in-memory ModelContext (forms
 * included) on `document.modelContext` before the page's own scripts run,
 * when the browser has none: for end-to-end tests in WebKit, Firefox or a
 * Chromium without WebMCP. Playwright: `page.addInitScript(initScript)`;
 * Puppeteer: `page.evaluateOnNewDocument(initScript)`.
 */
export const initScript: string = source

/** What `page.evaluate` needs to be, in Playwright and Puppeteer alike. */
export interface WebMCPTestPage {
  evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R>
}

/**
 * A tool as `listTools` returns it: the members of a `useRegisteredTools`
 * entry, without the window.
 */
export type WebMCPListedToolJSON = Omit<WebMCPListedTool, 'source' | 'window'>

/**
 * The page's tools, from its `document.modelContext` (native or the init
 * script's). Each attribute is read by name: Chrome 160's `Tool` objects
 * spread and serialize to `{}`. Self-contained, as `page.evaluate` sends its
 * source text.
 */
export function listTools(page: WebMCPTestPage): Promise<WebMCPListedToolJSON[]> {
  return page.evaluate(async () => {
    // Where the package finds it (platform/context.ts): the document's, else Firefox's own on navigator.
    const mc = document.modelContext ?? (navigator as { modelContext?: WebMCP.ModelContext }).modelContext
    if (!mc)
      throw new Error('document.modelContext is missing: add initScript before the page loads.')
    const schema = (value: unknown): object | null => {
      try {
        value = typeof value === 'string' ? JSON.parse(value) : value // Chromium 150 lists a JSON string
      }
      catch {}
      return value && typeof value === 'object' ? value : null
    }
    // As useRegisteredTools says it (platform/listedTool.ts), written out: this function's source is all the page gets.
    const frame = (source: Window | null): WebMCPToolFrame | null => {
      if (!source)
        return null
      if (source === window)
        return 'self'
      try {
        for (let w = source; w.parent !== w; w = w.parent) {
          if (w.parent === window)
            return 'descendant'
        }
        for (let w: Window = window; w.parent !== w; w = w.parent) {
          if (w.parent === source)
            return 'ancestor'
        }
      }
      catch {}
      return 'other'
    }
    return (await mc.getTools()).map((tool) => {
      const t = tool as unknown as Record<string, unknown>
      return {
        name: String(t.name),
        title: typeof t.title === 'string' ? t.title : '',
        description: String(t.description ?? ''),
        origin: String(t.origin ?? ''),
        inputSchema: schema(t.inputSchema),
        outputSchema: schema(t.outputSchema),
        annotations: t.annotations && typeof t.annotations === 'object' ? { ...t.annotations } as WebMCP.ToolAnnotations : null,
        frame: frame((t.source ?? t.window ?? null) as Window | null),
      }
    })
  }, undefined)
}

/**
 * Calls a page tool as an agent does and resolves with the parsed result
 * (a tool's MCP result object, or the text when it is not JSON). Rejects with
 * the browser's error, as `executeTool` does. The arguments go in the form the
 * page's engine takes: an object for Chromium 156 and later and the in-memory
 * context, a JSON string for Chromium 150 and the MCP-B polyfills, and by name
 * to Firefox's own context.
 */
export function callTool(page: WebMCPTestPage, name: string, input: Record<string, unknown> = {}): Promise<unknown> {
  return page.evaluate(async ([name, input]) => {
    // As the package tells engines apart (platform/engine.ts), written out: this function's source is all the page gets.
    type AnyEngine = WebMCP.ModelContext & { native?: object, unregisterTool?: unknown, invokeTool?: (name: string, input: object) => Promise<unknown> }
    const mc = (document.modelContext ?? (navigator as { modelContext?: WebMCP.ModelContext }).modelContext) as AnyEngine | undefined
    if (!mc)
      throw new Error('document.modelContext is missing: add initScript before the page loads.')
    const tool = (await mc.getTools()).find(t => t.name === name)
    if (!tool)
      throw new Error(`No tool named "${name}" on this page.`)
    let raw: unknown
    if (typeof mc.unregisterTool === 'function')
      raw = await mc.invokeTool!(name, input)
    else
      raw = await mc.executeTool(tool, ('ontoolcancel' in (mc.native ?? mc) ? input : JSON.stringify(input)) as object)
    if (typeof raw !== 'string')
      return raw
    try {
      return JSON.parse(raw) as unknown
    }
    catch {
      return raw
    }
  }, [name, input] as const)
}
