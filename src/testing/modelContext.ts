import type { ToolAttributes } from './toolObject'
/// <reference types="webmcp-types" />
// An in-memory ModelContext that behaves like Chromium 156's native one, as
// measured (see the contract suite in test/contract/): for unit tests in
// happy-dom or jsdom, where no browser API exists.
import { isValidToolName } from '../core/definitionBudgets'
import { asAgentSubmission, fillForm, FormCallError, formSchema, NO_RESPONSE, RESET_CANCELS, toolForms, validationFailure } from './forms'
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

const ANNOTATION_DEFAULTS = { consequentialHint: false, debugging: false, readOnlyHint: false, untrustedContentHint: false }

function domError(message: string, name: string): DOMException {
  return new DOMException(message, name)
}

function isSecureOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    if (url.origin === 'null')
      return false
    return url.protocol === 'https:' || url.protocol === 'wss:'
      || ((url.protocol === 'http:' || url.protocol === 'ws:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
  }
  catch {
    return false
  }
}

/** What the browser hands the caller of `executeTool` for a value `execute` resolved to. */
function serializeResult(value: unknown): string {
  if (value === '')
    return 'Operation succeeded'
  if (typeof value === 'string')
    return value
  if (value === undefined)
    return 'undefined'
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

  /**
   * Declarative forms in `root` (the global `document` by default) are tools
   * too, as in Chromium: watched with a MutationObserver until `disconnect()`.
   */
  readonly #toolObjects: boolean

  constructor(root: Document | undefined = typeof document !== 'undefined' ? document : undefined, options: InMemoryModelContextOptions = {}) {
    super()
    this.#root = root
    this.#toolObjects = options.toolObjects !== false
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

  // Like Chromium: one `toolchange` per add or remove, each in a task of its own.
  #changed(): void {
    setTimeout(() => this.dispatchEvent(new Event('toolchange')), 0)
  }

  registerTool(tool: WebMCP.ModelContextTool, options: WebMCP.ModelContextRegisterToolOptions = {}): Promise<void> {
    const { signal, exposedTo = [] } = options
    if (signal?.aborted)
      return Promise.reject(signal.reason)
    if (!tool || typeof tool.execute !== 'function')
      return Promise.reject(new TypeError('Failed to execute \'registerTool\' on \'ModelContext\': required member execute is undefined.'))
    if (!isValidToolName(tool.name))
      return Promise.reject(domError('Invalid tool name', 'InvalidStateError'))
    if (!tool.description)
      return Promise.reject(domError('Description is required', 'InvalidStateError'))
    if (this.#tools.has(tool.name))
      return Promise.reject(domError('Duplicate tool name', 'InvalidStateError'))
    if (!exposedTo.every(isSecureOrigin))
      return Promise.reject(domError('Only secure origins are allowed in the exposedTo list.', 'SecurityError'))

    // The browser keeps its own copy of the schema.
    const entry: Entry = { tool: { ...tool, inputSchema: tool.inputSchema && structuredClone(tool.inputSchema) }, exposedTo: [...exposedTo] }
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

  async getTools(_options: WebMCP.ModelContextGetToolOptions = {}): Promise<WebMCP.RegisteredTool[]> {
    // One document only: tools of other origins (`fromOrigins`) never exist here.
    const origin = typeof location !== 'undefined' ? location.origin : 'null'
    const source = typeof window !== 'undefined' ? window : null
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
    listed.sort(([a], [b]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    // webmcp-types knows only the dictionary; a `Tool` has the same members, read through getters.
    return listed.map(([attributes, handle]) => this.#toolObjects
      ? createTool(attributes, handle) as unknown as WebMCP.RegisteredTool
      : asDictionary(attributes))
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

  async executeTool(tool: WebMCP.RegisteredTool, inputObject: object = {}, options: WebMCP.ModelContextExecuteToolOptions = {}): Promise<string> {
    // Chrome 160 takes only the `Tool` objects `getTools()` returned: a copy is refused as WebIDL refuses a wrong type.
    if (this.#toolObjects && !toolHandle(tool))
      throw notATool()
    if (inputObject === null || typeof inputObject !== 'object')
      throw new TypeError('Failed to execute \'executeTool\' on \'ModelContext\': invalid input object: value is not an object')
    const { signal } = options
    if (signal?.aborted)
      throw signal.reason
    const { entry, form } = this.#find(tool)
    if (form)
      return this.#submitForm(form, JSON.parse(JSON.stringify(inputObject)) as Record<string, unknown>, signal)
    if (!entry)
      throw domError('The operation failed for an unknown transient reason (e.g. out of memory).', 'UnknownError')

    const controller = new AbortController()
    const input = JSON.parse(JSON.stringify(inputObject)) as object
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        controller.abort(signal!.reason)
        reject(signal!.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      Promise.resolve()
        .then(() => entry.tool.execute(input as Record<string, unknown>, { signal: controller.signal }))
        .then(
          value => resolve(serializeResult(value)),
          () => reject(domError('Tool was executed but the invocation failed. For example, the script function threw an error', 'UnknownError')),
        )
        .finally(() => signal?.removeEventListener('abort', onAbort))
    })
  }

  /**
   * An agent's call of a declarative form, as Chromium 156 makes it: fill in
   * the controls, then submit at once (`toolautosubmit`) or fire
   * `toolactivated` and wait for a person to submit. Either way the page's
   * `submit` event has `agentInvoked` and `respondWith()`, and the call
   * resolves with what the page responded. A reset before then cancels it.
   */
  #submitForm(form: HTMLFormElement, input: Record<string, unknown>, signal: AbortSignal | undefined): Promise<string> {
    const name = form.getAttribute('toolname')!
    const fail = (message: string) => domError(message, 'UnknownError')
    try {
      fillForm(form, input)
    }
    catch (error) {
      return Promise.reject(error instanceof FormCallError ? fail(error.message) : error)
    }
    const autosubmit = form.hasAttribute('toolautosubmit')
    return new Promise<string>((resolve, reject) => {
      let done = false
      const finish = (settle: () => void) => {
        if (done)
          return
        done = true
        form.removeEventListener('reset', onReset)
        form.ownerDocument.removeEventListener('submit', onSubmit, true)
        signal?.removeEventListener('abort', onAbort)
        settle()
      }
      const onReset = () => finish(() => reject(fail(RESET_CANCELS)))
      const onAbort = () => finish(() => {
        this.cancel(name)
        reject(signal!.reason)
      })
      const answer = (event: Event, response: () => Promise<unknown> | undefined) => {
        const promise = response()
        if (promise)
          promise.then(value => finish(() => resolve(serializeResult(value))), () => finish(() => reject(fail('Tool was executed but the invocation failed. For example, the script function threw an error'))))
        else
          finish(() => reject(fail(event.defaultPrevented ? NO_RESPONSE : 'The form was submitted without a response for the agent.')))
      }
      // A person's click completes the agent's call: that submission is the agent's.
      const onSubmit = (event: Event) => {
        if (event.target !== form || (event as { agentInvoked?: boolean }).agentInvoked)
          return
        const response = asAgentSubmission(event)
        setTimeout(answer, 0, event, response) // after the page's own listeners
      }
      form.addEventListener('reset', onReset)
      signal?.addEventListener('abort', onAbort, { once: true })
      if (!autosubmit) {
        form.ownerDocument.addEventListener('submit', onSubmit, true)
        this.activate(name)
        return
      }
      const invalid = validationFailure(form)
      if (invalid) {
        // Chromium refuses the fill: no submit, and only `toolactivated`.
        finish(() => reject(fail(invalid)))
        this.activate(name)
        return
      }
      const event = new Event('submit', { bubbles: true, cancelable: true })
      const response = asAgentSubmission(event)
      form.dispatchEvent(event)
      answer(event, response)
      // Chromium fires `toolactivated` after it has submitted an autosubmit form.
      this.activate(name)
    })
  }

  /** Fires `toolactivated` for `toolName`, as the browser does when an agent starts filling a form. */
  activate(toolName: string): void {
    this.dispatchEvent(Object.assign(new Event('toolactivated'), { toolName }))
  }

  /** Fires `toolcancel` for `toolName`, as the browser does when an agent gives up on a form. */
  cancel(toolName: string): void {
    this.dispatchEvent(Object.assign(new Event('toolcancel'), { toolName }))
  }

  /** Names of the tools registered now, sorted. */
  get toolNames(): string[] {
    return [...this.#tools.keys()].sort()
  }
}
