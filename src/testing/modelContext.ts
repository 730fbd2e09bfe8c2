/// <reference types="webmcp-types" />
// An in-memory ModelContext that behaves like Chromium 156's native one, as
// measured (see the contract suite in test/contract/): for unit tests in
// happy-dom or jsdom, where no browser API exists.
import { isValidToolName } from '../core/definitionBudgets'

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

/**
 * The in-memory implementation. Tools registered here are visible to
 * `getTools()` at once; aborting the registration's signal unregisters them;
 * `toolchange` fires on every add and remove.
 */
export class InMemoryModelContext extends EventTarget implements WebMCP.ModelContext {
  readonly #tools = new Map<string, Entry>()
  readonly #handlers = new Map<string, { handler: EventHandler, listener: (event: Event) => void }>()

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
    return [...this.#tools.values()]
      .map(({ tool }) => ({
        name: tool.name,
        title: tool.title ?? '',
        description: tool.description,
        ...(tool.inputSchema ? { inputSchema: structuredClone(tool.inputSchema) } : {}),
        ...(tool.annotations ? { annotations: { ...ANNOTATION_DEFAULTS, ...tool.annotations } } : {}),
        origin,
        window: (typeof window !== 'undefined' ? window : undefined) as Window,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  async executeTool(tool: WebMCP.RegisteredTool, inputObject: object = {}, options: WebMCP.ModelContextExecuteToolOptions = {}): Promise<string> {
    if (inputObject === null || typeof inputObject !== 'object')
      throw new TypeError('Failed to execute \'executeTool\' on \'ModelContext\': invalid input object: value is not an object')
    const { signal } = options
    if (signal?.aborted)
      throw signal.reason
    const entry = this.#tools.get(tool?.name)
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
