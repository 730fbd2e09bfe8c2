// The `isError` result every failed call answers with, and what a result costs
// against the budget. Loaded with the call path, budgets on or off: a failure
// in `'error'` mode is held to the budget here, and `'warn'` mode measures
// every result; the budget step itself (resultBudgets.ts) loads only in
// `'error'` mode. No Vue import.
//
// A result is measured as the agent receives it: serialized. Every part
// counts (text, image and audio data, resources, unknown block types,
// `structuredContent`, `_meta`, any other field, `isError`), except the frame
// every text answer has, `{"content":[{"type":"text","text":""}]}`, so a text
// of N characters costs N: inside a JSON string, where a quote or a backslash
// costs two characters and a control character up to six. All counts are code
// points. The work is linear in the input: a fixed number of native passes to
// measure, never a search over `JSON.stringify`.
import type { WebMCPErrorCode, WebMCPToolResponse } from '../types'
import { ERROR_CODE_KEY } from '../shared/errors'
import { cutText, jsonSize } from '../shared/text'
import { errorMessage, MAX_ERROR_TEXT, sanitizeErrorText } from './normalize'

/** `{"content":[{"type":"text","text":""}]}`: the frame of a text answer, not counted. */
export const RESULT_FRAME = 39

/**
 * What a normalized result costs against the budget: its serialized length in
 * code points, less the frame of a text answer. A one-block text result costs
 * `serializedLength(text)`; everything else the agent receives is counted too.
 */
export function resultSize(response: WebMCPToolResponse): number {
  return jsonSize(response) - RESULT_FRAME
}

/**
 * An `isError` result carrying its code. With `limit` (budgets `'error'`), the
 * whole result, code and all, fits it: the text is cut and marked. `ownText`: a
 * message of this package's own, cut only; otherwise the error's, sanitized
 * and held to `MAX_ERROR_TEXT` too.
 */
export function errorResult(error: unknown, code: WebMCPErrorCode, limit = Infinity, ownText?: string): WebMCPToolResponse {
  const block = { type: 'text' as const, text: '' }
  const response: WebMCPToolResponse = { content: [block], isError: true, _meta: { [ERROR_CODE_KEY]: code } }
  const room = limit - resultSize(response)
  block.text = ownText === undefined ? sanitizeErrorText(errorMessage(error), Math.min(MAX_ERROR_TEXT, room)) : cutText(ownText, room).text
  return response
}
