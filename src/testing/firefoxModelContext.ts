// An in-memory ModelContext shaped like Firefox's own (Firefox ESR 153 with
// dom.modelcontext.enabled and dom.modelcontext.testing.enabled), for unit
// tests of code that must also work there: found on `navigator.modelContext`,
// no EventTarget, `registerTool` returns nothing, ignores any signal and
// replaces a tool of the same name silently; `unregisterTool(name)`;
// `getTools()` lists name, description, inputSchema and readOnlyHint (true
// whenever one was given, as Firefox reads it);
// `invokeTool(name, input)` hands back what `execute` returned, or throws what
// it threw. The compat-firefox lane runs the real one.

interface FirefoxTool {
  name: string
  description: string
  inputSchema?: object
  annotations?: { readOnlyHint?: boolean }
  execute: (input: object, client: object) => unknown
}

/** What Firefox hands `execute` as its second argument, in place of Chromium's `{ signal }`. */
class ModelContextClient {
  requestUserInteraction(): Promise<never> {
    return Promise.reject(new DOMException('Not supported in tests.', 'NotSupportedError'))
  }
}

export class InMemoryFirefoxModelContext {
  #tools = new Map<string, FirefoxTool>()

  registerTool(tool: WebMCP.ModelContextTool, _options?: unknown): undefined {
    for (const member of ['name', 'description', 'execute'] as const) {
      if (tool?.[member] === undefined)
        throw new TypeError(`ModelContext.registerTool: Missing required '${member}' member of ModelContextTool.`)
    }
    if (tool.inputSchema !== undefined && (typeof tool.inputSchema !== 'object' || tool.inputSchema === null))
      throw new TypeError('ModelContext.registerTool: \'inputSchema\' member of ModelContextTool is not an object.')
    let inputSchema: object | undefined
    try {
      inputSchema = tool.inputSchema && JSON.parse(JSON.stringify(tool.inputSchema))
    }
    catch {
      throw new TypeError('ModelContext.registerTool: Failed to serialize inputSchema')
    }
    // A second tool of a name takes the first one's place, and the signal is never read.
    this.#tools.set(String(tool.name), {
      name: String(tool.name),
      description: String(tool.description),
      inputSchema,
      // Firefox lists readOnlyHint true for any readOnlyHint given, false included, and false when the annotations leave it out.
      annotations: tool.annotations ? { readOnlyHint: tool.annotations.readOnlyHint !== undefined } : undefined,
      execute: tool.execute as FirefoxTool['execute'],
    })
    return undefined
  }

  unregisterTool(name: string): undefined {
    this.#tools.delete(String(name))
    return undefined
  }

  async getTools(): Promise<Record<string, unknown>[]> {
    return [...this.#tools.values()].map(({ name, description, inputSchema, annotations, execute }) => ({
      name,
      description,
      ...(inputSchema && { inputSchema: JSON.parse(JSON.stringify(inputSchema)) }),
      ...(annotations && { annotations: { ...annotations } }),
      execute,
    }))
  }

  async invokeTool(name: string, input: object = {}, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    if (typeof input !== 'object' || input === null)
      throw new TypeError('ModelContext.invokeTool: Input must be an object')
    const tool = this.#tools.get(String(name))
    if (!tool)
      throw new DOMException('ModelContext.invokeTool: Tool not found', 'NotFoundError')
    const { signal } = options
    const aborted = () => new DOMException('The operation was aborted. ', 'AbortError')
    if (signal?.aborted)
      throw aborted()
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()), { once: true })
      Promise.resolve().then(() => tool.execute(input, new ModelContextClient())).then(resolve, reject)
    })
  }

  /** The names registered now, in registration order. */
  get toolNames(): string[] {
    return [...this.#tools.keys()]
  }
}
