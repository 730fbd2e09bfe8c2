/// <reference types="webmcp-types" />
// An in-memory ModelContext that behaves like Chromium 156's native one, as
// measured (see the contract suite in test/contract/): for unit tests in
// happy-dom or jsdom, where no browser API exists. Registration and listing
// here; the call's tasks in callTask.ts, the browser's conversions in
// conversions.ts, the forms in formWatcher.ts and forms.ts, frames in frames.ts.
import type { FrameLink } from './frames'
import type { ToolAttributes } from './toolObject'
import { isValidToolName } from '../definitions/definitionBudgets'
import { callInTask, runTool } from './callTask'
import { ANNOTATION_DEFAULTS, asDictionary, checkDictionary, copyAnnotations, copySchema, domError, EXECUTE, isTrustworthyOrigin, parseInput, REGISTER, serializeInput } from './conversions'
import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { formCall, formSchema } from './forms'
import { FormWatcher } from './formWatcher'
import { FRAME_LINK, frameTree, linkOf } from './frames'
import { createTool, notATool, toolHandle } from './toolObject'

export interface InMemoryModelContextOptions {
  /**
   * `getTools()` returns `Tool` objects, as Chrome 160 does (the default):
   * attributes only through getters, `source` for the window, `null` for
   * empty schemas and annotations, and `executeTool` takes nothing else.
   * `false`: the dictionaries of Chrome 150-159 (`window`, members left out
   * when empty), which `executeTool` finds by name.
   */
  toolObjects?: boolean
}

interface Entry {
  tool: WebMCP.ModelContextTool
  exposedTo: readonly string[]
}

type EventHandler = (this: WebMCP.ModelContext, ev: Event) => unknown

/** Chromium 156 lists a description that is not well-formed text (a lone surrogate anywhere) as empty, a form's too. */
function listedDescription(description: string): string {
  return description.isWellFormed() ? description : ''
}

/**
 * The in-memory implementation. Tools registered here are visible to
 * `getTools()` at once; aborting the registration's signal unregisters them;
 * `toolchange` fires on every add and remove.
 */
export class InMemoryModelContext extends EventTarget implements WebMCP.ModelContext {
  readonly #tools = new Map<string, Entry>()
  readonly #handlers = new Map<string, { handler: EventHandler, listener: (event: Event) => void }>()
  readonly #root: Document | undefined
  readonly #formWatcher: FormWatcher | undefined

  readonly #toolObjects: boolean

  /**
   * Declarative forms in `root` (the global `document` by default) are tools
   * too, as in Chromium: watched with a MutationObserver until `disconnect()`.
   */
  constructor(root: Document | undefined = typeof document !== 'undefined' ? document : undefined, options: InMemoryModelContextOptions = {}) {
    super()
    this.#root = root
    this.#toolObjects = options.toolObjects !== false
    Object.defineProperty(this, FRAME_LINK, { value: this.#link })
    if (root && typeof MutationObserver !== 'undefined')
      this.#formWatcher = new FormWatcher(root, () => this.#changed())
  }

  /** Stops watching the document's forms (they are no longer listed). */
  disconnect(): void {
    this.#formWatcher?.disconnect()
  }

  #forms(): Map<string, HTMLFormElement> {
    return this.#formWatcher?.forms() ?? new Map()
  }

  // `on<type>` handler attributes, backed by a real listener (as in the DOM), so
  // every environment calls them exactly once per event.
  #getHandler(type: string): EventHandler | null {
    return this.#handlers.get(type)?.handler ?? null
  }

  #setHandler(type: string, handler: EventHandler | null): void {
    const old = this.#handlers.get(type)
    if (old)
      this.removeEventListener(type, old.listener)
    this.#handlers.delete(type)
    if (typeof handler === 'function') {
      const listener = (event: Event) => handler.call(this, event)
      this.#handlers.set(type, { handler, listener })
      this.addEventListener(type, listener)
    }
  }

  get ontoolchange(): ((this: WebMCP.ModelContext, ev: Event) => unknown) | null { return this.#getHandler('toolchange') }
  set ontoolchange(handler: ((this: WebMCP.ModelContext, ev: Event) => unknown) | null) { this.#setHandler('toolchange', handler) }
  get ontoolactivated(): ((this: WebMCP.ModelContext, ev: Event) => unknown) | null { return this.#getHandler('toolactivated') }
  set ontoolactivated(handler: ((this: WebMCP.ModelContext, ev: Event) => unknown) | null) { this.#setHandler('toolactivated', handler) }
  get ontoolcancel(): ((this: WebMCP.ModelContext, ev: Event) => unknown) | null { return this.#getHandler('toolcancel') }
  set ontoolcancel(handler: ((this: WebMCP.ModelContext, ev: Event) => unknown) | null) { this.#setHandler('toolcancel', handler) }

  // Like Chromium: one `toolchange` per add or remove, each in a task of its own, on every
  // context of the page (a frame's tools are the page's too).
  #changed(): void {
    for (const link of frameTree(this.#top()))
      link.toolchange()
  }

  /** How the other frames' contexts reach this one. */
  readonly #link: FrameLink = {
    ownTools: () => this.#ownTools(),
    executeTool: (tool, input, options) => this.executeTool(tool, input, options),
    toolchange: () => setTimeout(() => this.dispatchEvent(new Event('toolchange')), 0),
    // A document without a DOM to search (a bare stand-in in Node) has no frames.
    frames: () => Array.from(typeof this.#root?.querySelectorAll === 'function' ? this.#root.querySelectorAll('iframe, frame') : [], frame => linkOf(() => (frame as HTMLIFrameElement).contentDocument))
      .filter((link): link is FrameLink => !!link),
    home: () => this.#window,
  }

  registerTool(tool: WebMCP.ModelContextTool, options: WebMCP.ModelContextRegisterToolOptions = {}): Promise<void> {
    const { signal, exposedTo = [] } = options
    if (signal?.aborted)
      return Promise.reject(signal.reason)
    if (!tool || typeof tool.execute !== 'function')
      return Promise.reject(new TypeError(`${REGISTER}required member execute is undefined.`))
    let inputSchema: object | undefined
    let outputSchema: object | undefined
    try {
      inputSchema = copySchema(tool.inputSchema)
      // Chrome 159's member, kept as JSON like the input schema (a function in it must not break every later getTools()).
      outputSchema = copySchema((tool as { outputSchema?: unknown }).outputSchema, 'outputSchema')
    }
    catch (error) {
      return Promise.reject(error)
    }
    // Strings and booleans as the browser converts them.
    const description = tool.description === undefined ? '' : String(tool.description)
    // Chromium keeps a title as well-formed text (a lone surrogate becomes U+FFFD), a description as given.
    const title = tool.title === undefined ? undefined : String(tool.title).toWellFormed()
    if (!isValidToolName(tool.name))
      return Promise.reject(domError('Invalid tool name', 'InvalidStateError'))
    if (!description)
      return Promise.reject(domError('Description is required', 'InvalidStateError'))
    if (this.#tools.has(tool.name))
      return Promise.reject(domError('Duplicate tool name', 'InvalidStateError'))
    if (!exposedTo.every(isTrustworthyOrigin))
      return Promise.reject(domError('Only secure origins are allowed in the exposedTo list.', 'SecurityError'))

    // The browser keeps its own copy of the definition.
    const copy = { ...tool, title, description, inputSchema, outputSchema, annotations: copyAnnotations(tool.annotations) }
    const entry: Entry = { tool: copy as WebMCP.ModelContextTool, exposedTo: [...exposedTo] }
    this.#tools.set(tool.name, entry)
    this.#changed()

    return new Promise<void>((resolve, reject) => {
      let settled = false
      const remove = () => {
        if (this.#tools.get(tool.name) === entry) {
          this.#tools.delete(tool.name)
          this.#changed()
        }
        if (!settled) {
          settled = true
          reject(signal!.reason)
        }
      }
      signal?.addEventListener('abort', remove, { once: true })
      // Resolves in a later task, like the native promise: an abort before then rejects it.
      setTimeout(() => {
        if (!settled) {
          settled = true
          resolve()
        }
      }, 0)
    })
  }

  async getTools(options: WebMCP.ModelContextGetToolOptions = {}): Promise<WebMCP.RegisteredTool[]> {
    if (!(options.fromOrigins ?? []).every(isTrustworthyOrigin))
      throw domError('Only secure origins are allowed in the fromOrigins list.', 'SecurityError')
    // The whole page's, as in Chromium: the same-origin frames' tools too, each with its window.
    const listed = frameTree(this.#top()).flatMap(link => link.ownTools()).sort(([a], [b]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    // webmcp-types knows only the dictionary; a `Tool` has the same members, read through getters.
    return listed.map(([attributes, handle]) => this.#toolObjects
      ? createTool(attributes, handle) as unknown as WebMCP.RegisteredTool
      : asDictionary(attributes))
  }

  /** This document's own tools, as `getTools()` lists them. */
  #ownTools(): [ToolAttributes, object][] {
    // One origin only: tools of other origins (`fromOrigins`) never exist here.
    const origin = typeof location !== 'undefined' ? location.origin : 'null'
    const source = this.#window ?? null
    const listed: [ToolAttributes, object][] = [...this.#forms()]
      .filter(([name]) => !this.#tools.has(name))
      .map(([name, form]): [ToolAttributes, object] => [{ name, title: '', description: listedDescription(form.getAttribute('tooldescription')!), inputSchema: formSchema(form), outputSchema: null, annotations: null, origin, source }, form])
    for (const entry of this.#tools.values()) {
      const { tool } = entry
      const outputSchema = (tool as { outputSchema?: object }).outputSchema
      listed.push([{
        name: tool.name,
        title: tool.title ?? '',
        description: listedDescription(tool.description),
        inputSchema: tool.inputSchema ? structuredClone(tool.inputSchema) : null,
        outputSchema: outputSchema ? structuredClone(outputSchema) : null,
        annotations: tool.annotations ? { ...ANNOTATION_DEFAULTS, ...tool.annotations } : null,
        origin,
        source,
      }, entry])
    }
    return listed
  }

  /**
   * What `tool` names: with `Tool` objects, the registration or form it was
   * listed for, if still there (a tool registered again under its name is
   * another one); with dictionaries, whatever holds its name now.
   */
  #find(tool: WebMCP.RegisteredTool): { entry?: Entry, form?: HTMLFormElement } {
    const forms = this.#forms()
    if (!this.#toolObjects) {
      const entry = this.#tools.get(tool?.name)
      return entry ? { entry } : { form: forms.get(tool?.name) }
    }
    const handle = toolHandle(tool)
    const name = tool.name
    if (this.#tools.get(name) === handle)
      return { entry: handle as Entry }
    return forms.get(name) === handle && !this.#tools.has(name) ? { form: handle as HTMLFormElement } : {}
  }

  /** The window of this context's document. */
  get #window(): Window | undefined {
    return this.#root?.defaultView ?? (typeof window !== 'undefined' ? window : undefined)
  }

  /** The context of the page's topmost same-origin document: it lists every frame's tools. */
  #top(): FrameLink {
    let link = this.#link
    let win = this.#window
    while (win && win.parent && win.parent !== win) {
      const parent = linkOf(() => win!.parent.document)
      if (!parent)
        break
      link = parent
      win = win.parent
    }
    return link
  }

  async executeTool(tool: WebMCP.RegisteredTool, inputObject: object = {}, options: WebMCP.ModelContextExecuteToolOptions = {}): Promise<string> {
    // Chrome 160 takes only the `Tool` objects `getTools()` returned: a copy is refused as WebIDL refuses a wrong type.
    if (this.#toolObjects && !toolHandle(tool))
      throw notATool()
    if (!this.#toolObjects)
      checkDictionary(tool)
    if (inputObject === null || typeof inputObject !== 'object')
      throw new TypeError(`${EXECUTE}invalid input object: value is not an object`)
    const json = serializeInput(inputObject)
    const { signal } = options
    if (signal?.aborted)
      throw signal.reason
    // A tool of another frame of the page runs there.
    const home = (tool as { source?: Window } | undefined)?.source ?? tool?.window
    if (home && home !== this.#window) {
      const link = frameTree(this.#top()).find(l => l.home() === home)
      if (!link)
        throw domError('Target frame is detached.', 'InvalidStateError')
      return link.executeTool(tool, inputObject, options)
    }
    const { entry, form } = this.#find(tool)
    if (form)
      return callInTask(signal, page => formCall(form, () => parseInput(json), () => this.activate(tool.name), page), () => this.cancel(tool.name))
    if (!entry)
      throw domError('The operation failed for an unknown transient reason (e.g. out of memory).', 'UnknownError')
    return callInTask(signal, callSignal => runTool(entry.tool, json, callSignal, () => this.activate(tool.name)), () => this.cancel(tool.name))
  }

  /** Fires `toolactivated` for `toolName`, as the browser does when an agent starts filling a form. */
  activate(toolName: string): void {
    this.dispatchEvent(new ToolActivatedEvent('toolactivated', { toolName }))
  }

  /** Fires `toolcancel` for `toolName`, as the browser does when an agent gives up on a form. */
  cancel(toolName: string): void {
    this.dispatchEvent(new ToolCancelEvent('toolcancel', { toolName }))
  }

  /** Names of the tools registered now, sorted. */
  get toolNames(): string[] {
    return [...this.#tools.keys()].sort()
  }
}
