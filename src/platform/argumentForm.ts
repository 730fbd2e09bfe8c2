// How `useRegisteredTools` hands a call's arguments to `executeTool`: the JSON
// string Chrome first shipped with (Chromium 150, the MCP-B polyfills) or the
// object form (Chromium 156, spec PR #246). No Vue import.
import type { RegisteredTool } from '../types'

export type ArgumentFormat = 'object' | 'json'

/**
 * The form each ModelContext answered a call in. Only a call that succeeded
 * says which form the browser takes: a failure may be the tool's, or the
 * arguments' own.
 */
const workingFormat = new WeakMap<object, ArgumentFormat>()

/** The browser's answer as a value: JSON parsed, any other string as it is. */
export function parseResult(raw: unknown): unknown {
  if (typeof raw !== 'string')
    return raw
  try {
    return JSON.parse(raw)
  }
  catch {
    return raw
  }
}

/**
 * The browser could not read the argument form it was given, as opposed to a
 * failure of the tool: a `TypeError` for a JSON string (Chromium 156),
 * "Failed to parse input arguments" for an object (Chromium 150, the polyfills).
 */
function isFormatError(error: unknown, format: ArgumentFormat): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown, message?: unknown }
  return format === 'json' ? name === 'TypeError' : /parse input arg/i.test(String(message))
}

/**
 * `args` as JSON. Arguments JSON cannot carry (a BigInt, a cycle, a `toJSON`
 * that throws or answers nothing) fail here, with a `TypeError` as Chromium
 * 156 refuses them: before any browser sees them, so that no browser's answer
 * to them is taken for an answer about the argument form.
 */
function argumentsAsJson(args: object): string {
  const json = JSON.stringify(args) as string | undefined
  if (json === undefined)
    throw new TypeError('The arguments have no JSON form (a toJSON() that returns undefined?).')
  return json
}

/**
 * Runs `tool` with `args` in the form `context` takes, and resolves with the
 * parsed result. A form the browser answered a call in before is used as it
 * is, and a failure in it is the tool's. Until then `preferred` is tried
 * first, and the other form once when the browser cannot
 * read it; the form of the first call that succeeds is kept.
 */
export async function executeInBrowserForm(
  context: WebMCP.ModelContext,
  tool: RegisteredTool,
  args: object,
  signal: AbortSignal | undefined,
  preferred: ArgumentFormat,
): Promise<unknown> {
  const known = workingFormat.get(context)
  const send = (input: object | string) => context.executeTool(tool, input as object, signal ? { signal } : undefined)
  // A browser known to take objects reads them itself, and answers for what it cannot read.
  if (known === 'object')
    return parseResult(await send(args))
  const json = argumentsAsJson(args)
  if (known === 'json')
    return parseResult(await send(json))
  const first = preferred
  const second: ArgumentFormat = first === 'json' ? 'object' : 'json'
  const inForm = (format: ArgumentFormat) => (format === 'json' ? json : args)
  let raw: unknown
  try {
    raw = await send(inForm(first))
    workingFormat.set(context, first)
  }
  catch (reason) {
    if (!isFormatError(reason, first))
      throw reason
    raw = await send(inForm(second))
    workingFormat.set(context, second)
  }
  return parseResult(raw)
}
