// A STAND-IN for Chrome 160, not Chrome 160: Chromium 156's native WebMCP with
// `getTools()`, `executeTool()` and `registerTool()` wrapped to behave as
// Chrome's "WebMCP API updates" page (2026-11-26) and the spec say Chrome
// 159-160 do. It runs first in the compat-chrome-160 lane (setupFiles), so
// the contract and shared suites meet the shape users will get on 2027-01-05.
// When a Chromium 159 or 160 runs on this machine, a lane on it replaces this.
//
// Reproduced, from the published change list:
// - Chrome 160 (spec PR #348): `getTools()` returns `Tool` objects, their
//   attributes (`name`, `title`, `description`, `origin`, `inputSchema`,
//   `outputSchema`, `annotations`, `source`) read through the interface, so
//   `{...tool}` and `JSON.stringify(tool)` carry nothing and
//   `structuredClone(tool)` throws; `window` is renamed `source`; empty
//   schemas and annotations are `null`.
// - Chrome 160: `executeTool()` takes only an object `getTools()` returned; a
//   copy is refused with a `TypeError` (WebIDL's rule for an interface-typed
//   argument: inferred by Chrome's page, not measured).
// - Chrome 159 (spec PR #254): `registerTool()` takes an `outputSchema`, and
//   the tool lists it (156 ignores the member; the stand-in keeps a copy per
//   registration, dropped when it ends).
// Not reproduced: what the internal id changes when a tool is unregistered
// while a call runs (not published in detail), and anything 157-160 changed
// that the page does not list. The `Tool` class is vue-webmcp/testing's
// (src/testing/toolObject.ts), built from the same list.
import { createTool, notATool, toolHandle } from '../../src/testing/toolObject'
import { CHROME_160_STAND_IN } from '../lane'

type Context = WebMCP.ModelContext
type RegisteredTool = WebMCP.RegisteredTool & { outputSchema?: unknown }

const context = document.modelContext
if (context && !(CHROME_160_STAND_IN in globalThis)) {
  const proto = Object.getPrototypeOf(context) as Context
  const { registerTool, getTools, executeTool } = proto
  /** This document's registrations with an output schema, by name, while registered. */
  const outputSchemas = new Map<string, { schema: object }>()

  proto.registerTool = function (this: Context, tool: WebMCP.ModelContextTool & { outputSchema?: unknown }, options?: WebMCP.ModelContextRegisterToolOptions) {
    const result = registerTool.call(this, tool, options)
    const schema = tool?.outputSchema
    if (schema && typeof schema === 'object' && !outputSchemas.has(tool.name)) {
      const record = { schema: structuredClone(schema) }
      outputSchemas.set(tool.name, record)
      const drop = () => outputSchemas.get(tool.name) === record && outputSchemas.delete(tool.name)
      options?.signal?.addEventListener('abort', drop, { once: true })
      result.then(undefined, drop)
    }
    return result
  } as Context['registerTool']

  proto.getTools = async function (this: Context, options?: WebMCP.ModelContextGetToolOptions) {
    const list = await getTools.call(this, options) as RegisteredTool[]
    return list.map(listed => createTool({
      name: listed.name,
      title: listed.title,
      description: listed.description,
      origin: listed.origin,
      inputSchema: listed.inputSchema ?? null,
      // Only this document's registrations are known here; another origin's tools list none.
      outputSchema: listed.window === window ? structuredClone(outputSchemas.get(listed.name)?.schema ?? null) : null,
      annotations: listed.annotations ?? null,
      source: listed.window ?? null,
    }, listed) as unknown as WebMCP.RegisteredTool)
  }

  proto.executeTool = function (this: Context, tool: WebMCP.RegisteredTool, input?: object, options?: WebMCP.ModelContextExecuteToolOptions) {
    const listed = toolHandle(tool)
    // An interface-typed argument that is not one: a rejected promise, as WebIDL makes of a TypeError.
    return listed ? executeTool.call(this, listed as WebMCP.RegisteredTool, input, options) : Promise.reject(notATool())
  }

  Object.defineProperty(globalThis, CHROME_160_STAND_IN, { value: true })
}
