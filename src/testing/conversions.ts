/// <reference types="webmcp-types" />
// What Chromium 156 does with what a page hands `document.modelContext` and
// what it hands back: the origins it takes, the copies it keeps of a tool's
// schemas and annotations, its error texts, and the JSON an agent's input and
// a tool's result travel as.
import type { ToolAttributes } from './toolObject'

export const ANNOTATION_DEFAULTS = { consequentialHint: false, debugging: false, readOnlyHint: false, untrustedContentHint: false }

export const REGISTER = 'Failed to execute \'registerTool\' on \'ModelContext\': '
export const EXECUTE = 'Failed to execute \'executeTool\' on \'ModelContext\': '
export const INVOCATION_FAILED = 'Tool was executed but the invocation failed. For example, the script function threw an error'

export function domError(message: string, name: string): DOMException {
  return new DOMException(message, name)
}

/**
 * Whether Chromium takes `value` as a secure origin for `exposedTo` and
 * `fromOrigins`: https, wss, file and Chrome's own schemes, blob: and
 * filesystem: of one of those, and http or ws on a loopback host (any
 * 127.x.x.x, [::1], localhost and *.localhost).
 */
export function isTrustworthyOrigin(value: string): boolean {
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
export function copySchema(schema: unknown, member = 'inputSchema'): object | undefined {
  if (schema === undefined)
    return undefined
  // Chromium 156 takes an object for `inputSchema`, a function too for Chrome 159's `outputSchema`.
  const isObject = typeof schema === 'object' || (member === 'outputSchema' && typeof schema === 'function')
  if (schema === null || !isObject)
    throw new TypeError(`${REGISTER}Failed to read the '${member}' property from 'ModelContextTool': Failed to convert value to 'object'.`)
  const json = toJson(schema, REGISTER)
  return json === undefined ? undefined : JSON.parse(json) as object
}

/** The four annotations the browser knows, as booleans; any other is dropped. */
export function copyAnnotations(annotations: WebMCP.ToolAnnotations | undefined): WebMCP.ToolAnnotations | undefined {
  if (annotations === undefined)
    return undefined
  const given = (annotations ?? {}) as Record<string, unknown>
  return Object.fromEntries(Object.keys(ANNOTATION_DEFAULTS).map(key => [key, !!given[key]])) as WebMCP.ToolAnnotations
}

/**
 * What the browser hands the caller of `executeTool` for a value `execute`
 * resolved to; throws when it is not JSON. Chromium 156 answers `"NaN"` for
 * NaN, and `null` for a string with a lone surrogate, which is no valid text.
 */
export function serializeResult(value: unknown): string | null {
  if (value === '')
    return 'Operation succeeded'
  if (typeof value === 'string')
    return value.isWellFormed() ? value : null
  if (typeof value === 'bigint')
    return value.toString()
  if (Number.isNaN(value))
    return 'NaN'
  return JSON.stringify(value) ?? 'undefined'
}

/** A listed tool as Chrome 150-159 give it: a dictionary with `window`, empty members left out. */
export function asDictionary({ source, inputSchema, outputSchema, annotations, ...rest }: ToolAttributes): WebMCP.RegisteredTool {
  return {
    ...rest,
    ...(inputSchema ? { inputSchema } : {}),
    ...(outputSchema ? { outputSchema } : {}),
    ...(annotations ? { annotations } : {}),
    window: source as Window,
  }
}

/** An input object as the browser takes it: serialized at the call (failures are `TypeError`s), parsed when the call runs. */
export function serializeInput(input: object): string {
  const json = toJson(input, EXECUTE)
  if (json === undefined)
    throw new TypeError(`${EXECUTE}invalid input object: toJSON() returns undefined`)
  return json
}

/** The input parsed for the page; an input whose JSON is not an object or array fails as in Chromium. */
export function parseInput(json: string): Record<string, unknown> {
  const input = JSON.parse(json) as unknown
  if (input === null || typeof input !== 'object')
    throw domError('Failed to parse input arguments', 'UnknownError')
  return input as Record<string, unknown>
}

/**
 * A `RegisteredTool` dictionary as WebIDL converts it for `executeTool` in
 * Chromium 150-159: its required members read in name order, the first one
 * missing a `TypeError`. A listed dictionary, or a copy of it, has them all.
 */
export function checkDictionary(tool: unknown): void {
  const given = (tool ?? {}) as Record<string, unknown>
  for (const member of ['description', 'origin']) {
    if (given[member] === undefined)
      throw new TypeError(`${EXECUTE}Failed to read the '${member}' property from 'RegisteredTool': Required member is undefined.`)
  }
}
