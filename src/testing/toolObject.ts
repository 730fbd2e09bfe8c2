/// <reference types="webmcp-types" />
// Chrome 160's `Tool` (spec PR #348), as its published change list describes
// it: what `getTools()` returns from Chrome 160 on, in place of a dictionary.
// Its attributes are getters on the prototype, so a spread or JSON of one
// copies nothing; each object is a Proxy, so `structuredClone` throws as for a
// platform object; `executeTool` takes only these (see `toolHandle`).

/** A `Tool`'s attributes; empty schemas and annotations are `null`. */
export interface ToolAttributes {
  name: string
  title: string
  description: string
  origin: string
  inputSchema: object | null
  outputSchema: object | null
  annotations: WebMCP.ToolAnnotations | null
  source: Window | null
}

const attributesOf = new WeakMap<object, ToolAttributes>()
/** The registration each `Tool` names: the "internal id" `executeTool` uses. */
const handles = new WeakMap<object, object>()

function read<K extends keyof ToolAttributes>(tool: object, key: K): ToolAttributes[K] {
  const attributes = attributesOf.get(tool)
  if (!attributes)
    throw new TypeError('Illegal invocation')
  return attributes[key]
}

/** The interface: only `createTool` makes instances (`new Tool()` is a `TypeError`, as for a browser interface). */
export class Tool {
  constructor() {
    throw new TypeError('Illegal constructor')
  }

  get name(): string { return read(this, 'name') }
  get title(): string { return read(this, 'title') }
  get description(): string { return read(this, 'description') }
  get origin(): string { return read(this, 'origin') }
  get inputSchema(): object | null { return read(this, 'inputSchema') }
  get outputSchema(): object | null { return read(this, 'outputSchema') }
  get annotations(): WebMCP.ToolAnnotations | null { return read(this, 'annotations') }
  get source(): Window | null { return read(this, 'source') }
  get [Symbol.toStringTag](): string { return 'Tool' }
}

/** A `Tool` with these attributes, naming the registration `handle`. */
export function createTool(attributes: ToolAttributes, handle: object): Tool {
  const tool = new Proxy(Object.create(Tool.prototype) as Tool, {})
  attributesOf.set(tool, attributes)
  handles.set(tool, handle)
  return tool
}

/** The registration a `Tool` names; `undefined` for anything else (a copy, a dictionary). */
export function toolHandle(value: unknown): object | undefined {
  return value && typeof value === 'object' ? handles.get(value) : undefined
}

/** WebIDL's answer to an argument that is not a `Tool`. */
export function notATool(): TypeError {
  return new TypeError('Failed to execute \'executeTool\' on \'ModelContext\': parameter 1 is not of type \'Tool\'.')
}
