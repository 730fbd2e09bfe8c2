// How `useRegisteredTools` hands a call's arguments to `executeTool`: the JSON
// string Chrome first shipped with (Chromium 150, the MCP-B polyfills) or the
// object form (Chromium 156, spec PR #246). No Vue import.
import type { RegisteredTool } from '../types'

export type ArgumentFormat = 'object' | 'json'

/** What each ModelContext accepted, once detected. */
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
 * Runs `tool` with `args` in the form `context` takes, and resolves with the
 * parsed result. Until a form is known, `preferred` (else the JSON string) is
 * tried first, and the other form once when the browser cannot read it.
 */
export async function executeInBrowserForm(
  context: WebMCP.ModelContext,
  tool: RegisteredTool,
  args: object,
  signal: AbortSignal | undefined,
  preferred: ArgumentFormat | undefined,
): Promise<unknown> {
  const run = (format: ArgumentFormat) => context.executeTool(
    tool,
    (format === 'json' ? JSON.stringify(args) : args) as object,
    signal ? { signal } : undefined,
  )
  const format: ArgumentFormat = workingFormat.get(context) ?? preferred ?? 'json'
  try {
    const raw = await run(format)
    workingFormat.set(context, format)
    return parseResult(raw)
  }
  catch (reason) {
    // Only a form never seen to work is switched; a known-good one failing is the tool's failure.
    if (workingFormat.get(context) === format || !isFormatError(reason, format))
      throw reason
    const other: ArgumentFormat = format === 'json' ? 'object' : 'json'
    workingFormat.set(context, other)
    return parseResult(await run(other))
  }
}
