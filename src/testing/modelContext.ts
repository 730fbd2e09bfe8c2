import type { ToolAttributes } from './toolObject'
/// <reference types="webmcp-types" />
// An in-memory ModelContext that behaves like Chromium 156's native one, as
// measured (see the contract suite in test/contract/): for unit tests in
// happy-dom or jsdom, where no browser API exists.
import { isValidToolName } from '../definitions/definitionBudgets'
import { ToolActivatedEvent, ToolCancelEvent } from './events'
import { formCall, formSchema, toolForms } from './forms'
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

/**
 * How the contexts of one page's same-origin frames reach each other: through
 * a registered symbol, since each frame runs its own copy of this code (the
 * init script runs in every frame).
 */
interface FrameLink {
  /** The tools of the context's own document. */
  ownTools: () => [ToolAttributes, object][]
  executeTool: WebMCP.ModelContext['executeTool']
  /** Fires `toolchange` on the context, in a task of its own. */
  toolchange: () => void
  /** The links of the same-origin frames in the context's document. */
  frames: () => FrameLink[]
  /** The window of the context's document. */
  home: () => Window | undefined
}

const FRAME_LINK = Symbol.for('vue-webmcp/testing frame link')

function linkOf(doc: () => Document | null | undefined): FrameLink | undefined {
  try {
    return (doc()?.modelContext as { [FRAME_LINK]?: FrameLink } | undefined)?.[FRAME_LINK]
  }
  catch { // a cross-origin frame
    return undefined
  }
}

/** A context's link and those of every frame below it, the document's own first. */
function frameTree(link: FrameLink): FrameLink[] {
  return [link, ...link.frames().flatMap(frameTree)]
}

const ANNOTATION_DEFAULTS = { consequentialHint: false, debugging: false, readOnlyHint: false, untrustedContentHint: false }

const REGISTER = 'Failed to execute \'registerTool\' on \'ModelContext\': '
const EXECUTE = 'Failed to execute \'executeTool\' on \'ModelContext\': '
const INVOCATION_FAILED = 'Tool was executed but the invocation failed. For example, the script function threw an error'

function domError(message: string, name: string): DOMException {
  return new DOMException(message, name)
}

/**
 * Whether Chromium takes `value` as a secure origin for `exposedTo` and
 * `fromOrigins`: https, wss, file and Chrome's own schemes, blob: and
 * filesystem: of one of those, and http or ws on a loopback host (any
 * 127.x.x.x, [::1], localhost and *.localhost).
 */
function isTrustworthyOrigin(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  }
  catch {
    return false
  }
  const scheme = url.protocol
  if (scheme === 'blob:' || scheme === 'filesystem:')
    return isTrustworthyOrigin(value.slice(scheme.length))
  if (['https:', 'wss:', 'file:', 'chrome:', 'chrome-extension:'].includes(scheme))
    return true
  if (scheme !== 'http:' && scheme !== 'ws:')
    return false
  const host = url.hostname.replace(/\.$/, '')
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d+){3}$/.test(host)
}

/** `JSON.stringify` as the browser runs it on what a page hands over: its own failures as a `TypeError` naming the method. */
function toJson(value: unknown, method: string): string | undefined {
  try {
    return JSON.stringify(value)
  }
  catch (error) {
    // A getter's or toJSON's own exception reaches the caller as it is.
    throw error instanceof TypeError ? new TypeError(method + error.message) : error
  }
}

/** The browser keeps the schema as JSON: functions and symbols drop out, a cycle or a BigInt is a `TypeError`. */
function copySchema(schema: unknown, member = 'inputSchema'): object | undefined {
  if (schema === undefined)
    return undefined
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function'))
    throw new TypeError(`${REGISTER}Failed to read the '${member}' property from 'ModelContextTool': Failed to convert value to 'object'.`)
  const json = toJson(schema, REGISTER)
  return json === undefined ? undefined : JSON.parse(json) as object
}

/** The four annotations the browser knows, as booleans; any other is dropped. */
function copyAnnotations(annotations: WebMCP.ToolAnnotations | undefined): WebMCP.ToolAnnotations | undefined {
  if (annotations === undefined)
    return undefined
  const given = (annotations ?? {}) as Record<string, unknown>
  return Object.fromEntries(Object.keys(ANNOTATION_DEFAULTS).map(key => [key, !!given[key]])) as WebMCP.ToolAnnotations
}

/** What the browser hands the caller of `executeTool` for a value `execute` resolved to; throws when it is not JSON. */
function serializeResult(value: unknown): string {
  if (value === '')
    return 'Operation succeeded'
  if (typeof value === 'string')
    return value
  if (typeof value === 'bigint')
    return value.toString()
  return JSON.stringify(value) ?? 'undefined'
}

/** A listed tool as Chrome 150-159 give it: a dictionary with `window`, empty members left out. */
function asDictionary({ source, inputSchema, outputSchema, annotations, ...rest }: ToolAttributes): WebMCP.RegisteredTool {
  return {
    ...rest,
    ...(inputSchema ? { inputSchema } : {}),
    ...(outputSchema ? { outputSchema } : {}),
    ...(annotations ? { annotations } : {}),
    window: source as Window,
  }
}

/** An input object as the browser takes it: serialized at the call (failures are `TypeError`s), parsed when the call runs. */
function serializeInput(input: object): string {
  const json = toJson(input, EXECUTE)
  if (json === undefined)
    throw new TypeError(`${EXECUTE}invalid input object: toJSON() returns undefined`)
  return json
}

/** The input parsed for the page; an input whose JSON is not an object or array fails as in Chromium. */
function parseInput(json: string): Record<string, unknown> {
  const input = JSON.parse(json) as unknown
  if (input === null || typeof input !== 'object')
    throw domError('Failed to parse input arguments', 'UnknownError')
  return input as Record<string, unknown>
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
  #observer: MutationObserver | undefined
  /** The tool forms seen last, name -> description, to fire `toolchange` when they change. */
  #formsSeen = new Map<string, string>()

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
    if (root && typeof MutationObserver !== 'undefined') {
      this.#formsSeen = this.#scanForms()
      this.#observer = new MutationObserver(() => this.#formsChanged())
      // Any attribute or text: a control's `required`, an option's `value` or a label's text changes the schema too.
      this.#observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    }
  }

  /** Stops watching the document's forms (they are no longer listed). */
  disconnect(): void {
    this.#observer?.disconnect()
    this.#observer = undefined
  }

  #scanForms(): Map<string, string> {
    const seen = new Map<string, string>()
    if (this.#root)
      toolForms(this.#root).forEach((form, name) => seen.set(name, `${form.getAttribute('tooldescription')}\n${JSON.stringify(formSchema(form))}`))
    return seen
  }

  // Like Chromium: a form that comes or goes is one change; one whose
  // description or controls change is removed and added again (two).
  #formsChanged(): void {
    const now = this.#scanForms()
    for (const [name, key] of this.#formsSeen) {
      if (now.get(name) !== key)
        this.#changed()
    }
    for (const [name, key] of now) {
      if (this.#formsSeen.get(name) !== key)
        this.#changed()
    }
    this.#formsSeen = now
  }

  #forms(): Map<string, HTMLFormElement> {
    return this.#observer && this.#root ? toolForms(this.#root) : new Map()
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

  get ontoolchange(): EventHandler | null { return this.#getHandler('toolchange') }
  set ontoolchange(handler: EventHandler | null) { this.#setHandler('toolchange', handler) }
  get ontoolactivated(): EventHandler | null { return this.#getHandler('toolactivated') }
  set ontoolactivated(handler: EventHandler | null) { this.#setHandler('toolactivated', handler) }
  get ontoolcancel(): EventHandler | null { return this.#getHandler('toolcancel') }
  set ontoolcancel(handler: EventHandler | null) { this.#setHandler('toolcancel', handler) }

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
    const title = tool.title === undefined ? undefined : String(tool.title)
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
      .map(([name, form]): [ToolAttributes, object] => [{ name, title: '', description: form.getAttribute('tooldescription')!, inputSchema: formSchema(form), outputSchema: null, annotations: null, origin, source }, form])
    for (const entry of this.#tools.values()) {
      const { tool } = entry
      const outputSchema = (tool as { outputSchema?: object }).outputSchema
      listed.push([{
        name: tool.name,
        title: tool.title ?? '',
        description: tool.description,
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
      return this.#call(tool.name, signal, page => formCall(form, () => parseInput(json), () => this.activate(tool.name), page))
    if (!entry)
      throw domError('The operation failed for an unknown transient reason (e.g. out of memory).', 'UnknownError')
    return this.#call(tool.name, signal, async (callSignal) => {
      let running: Promise<unknown>
      try {
        const input = parseInput(json)
        running = (async () => entry.tool.execute(input, { signal: callSignal }))()
      }
      finally {
        // Chromium fires it once `execute` has been called, or its input refused.
        this.activate(tool.name)
      }
      let value: unknown
      try {
        value = await running
      }
      catch {
        throw domError(INVOCATION_FAILED, 'UnknownError')
      }
      try {
        return serializeResult(value)
      }
      catch { // a cycle, a BigInt inside, a throwing getter: the call fails as a whole
        throw domError(INVOCATION_FAILED, 'UnknownError')
      }
    })
  }

  /**
   * One agent call as Chromium 156 runs it: the call starts in a task of its
   * own (so a caller's `abort()` right after `executeTool` rejects at once,
   * yet the page still runs the call); the caller's abort reaches the page a
   * task later, aborting the signal of a call still running and firing
   * `toolcancel`.
   */
  #call(name: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<string>): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const page = new AbortController()
      let running = false
      let answered = false
      const onAbort = () => {
        if (answered)
          return
        answered = true
        reject(signal!.reason)
        setTimeout(() => {
          if (running) {
            page.abort(signal!.reason)
            this.cancel(name)
          }
        }, 0)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      setTimeout(() => {
        running = true
        run(page.signal)
          .then(
            (value) => {
              if (!answered)
                resolve(value)
            },
            (error: unknown) => {
              if (!answered)
                reject(error)
            },
          )
          .finally(() => {
            running = false
            answered = true
            signal?.removeEventListener('abort', onAbort)
          })
      }, 0)
    })
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
