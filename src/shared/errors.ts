// The call's error classes and the error-code taxonomy. Small on purpose: apps import
// `ToolInputError` at start-up, while the call path (call/callTool.ts) loads on first call.
// `WebMCPDefinitionError` is apart (shared/definitionError.ts): registration
// refuses with it at start-up, and these need not come with it.

/** Where a failure's code sits in the result: `_meta`, which MCP reserves for metadata. */
export const ERROR_CODE_KEY = 'vue-webmcp/code'

/**
 * Throw from `execute` to report a bad argument the schema cannot express
 * ("that date is in the past"). The agent gets an `INVALID_ARGS` result with
 * this message, kept apart from real failures.
 */
export class ToolInputError extends Error {
  override name = 'ToolInputError'
}

/** A result that does not match the tool's `outputSchema`: what `onError` receives for an `INVALID_OUTPUT` call. */
export class ToolOutputError extends Error {
  override name = 'ToolOutputError'
}

/** Raised when a structured result cannot be brought within its budget. */
export class ResultTooLargeError extends Error {
  override name = 'ResultTooLargeError'
  /**
   * @param size How big the result was: "1234 characters", or for a result
   * too large to measure cheaply "more than 96000 characters (an array of 90910 items)".
   * @param limit The tool's result budget, in characters.
   */
  constructor(readonly size: string, readonly limit: number) {
    super(`The result is ${size}, over this tool's limit of ${limit} characters. `
      + 'Ask for less: narrow the query, request fewer items, or ask for one page or one field at a time.')
  }
}

/**
 * A part of vue-webmcp's call path that could not be loaded (a network error,
 * a file gone after a deploy): what `lastError` and `onToolResult`'s `error`
 * hold for an `INTERNAL` call that could not run, or whose result could not be
 * sent. (When the call path itself cannot load, `lastError` is the browser's
 * own error: start-up code stays without this class.) `part` names the part (`'the JSON Schema validator'`, `'the
 * confirmation step'`, ...), `cause` is the browser's own error, with the
 * file's address. The message is what the agent reads: it names no file, and
 * says to reload the page, the only way to get the code back.
 */
export class CodeLoadError extends Error {
  override name = 'CodeLoadError'

  constructor(readonly part: string, message: string, options?: ErrorOptions) {
    super(message, options)
  }
}
