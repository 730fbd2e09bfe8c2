// Keeping a result within its budget (budgets `'error'`): a look at the raw
// value first (screen.ts), normalization once, then the budget on the
// normalized, plain data. Loaded with the budget check of definitions when a
// page turns budgets on (call/budgets.ts), never by pages that do not.
// How a result is measured: errorResult.ts. No Vue import.
import type { WebMCPContentBlock, WebMCPTextContent, WebMCPToolResponse } from '../types'
import type { ScreenedValue } from './screen'
import { ResultTooLargeError } from '../shared/errors'
import { codePointLength, cutText, jsonSize, serializedLength } from '../shared/text'
import { errorResult, resultSize } from './errorResult'
import { toToolResponse, withStructuredContent } from './normalize'
import { longestStringField, plural, screenResult } from './screen'
import { isObject } from './serialize'

export interface BudgetedResponse {
  /** The normalized result, within budget (or a refusal). */
  response: WebMCPToolResponse
  /** Set when the result was refused. */
  error?: ResultTooLargeError
}

/**
 * Turns what a tool returned into the result the agent receives, held to
 * `limit` characters: cut, shortened or refused with a `ResultTooLargeError`.
 * `structured`: a tool with an `outputSchema`, its result checked: an object
 * is sent as `structuredContent` with its JSON as text, and nothing is cut,
 * only measured, since a shortened field could break the schema the agent
 * was promised. Never throws.
 */
export function shapeWithinBudget(value: unknown, limit: number, structured: boolean): BudgetedResponse {
  const screened = screenResult(value, limit, structured)
  if ('refusedSize' in screened)
    return refuseResult(screened.refusedSize, limit)
  const normalized = toToolResponse(structured ? withStructuredContent(screened.value) : screened.value)
  return budgetResponse(normalized, limit, screened, structured)
}

/** A refusal saying how big the result was (`size`: "1234 characters"), fitted to `limit`. */
function refuseResult(size: string, limit: number): BudgetedResponse {
  const error = new ResultTooLargeError(size, limit)
  return { response: errorResult(error, 'OUTPUT_TOO_LARGE', limit, error.message), error }
}

/**
 * Keeps a normalized result within `limit` characters; `screened` says what it
 * was made from (results/screen.ts).
 * - Text (a string, or the text blocks of an MCP result): cut and marked; an
 *   ordinary answer. Text blocks after the one that was cut are left out.
 * - Structured (the JSON of an object or array, or `structuredContent` with
 *   its text mirror): never cut mid-JSON. When one top-level string field is
 *   what makes it too large, that field alone is shortened and marked and the
 *   JSON keeps its shape; otherwise the result is refused with a
 *   `ResultTooLargeError` saying how big it was.
 * - Everything else in an MCP result (image, audio, resource and unknown
 *   blocks, `_meta`, other fields) is never cut: over the budget, refused.
 * A result the tool marked `isError` is budgeted like any other.
 * `structured`: nothing is cut, only measured (a tool with an `outputSchema`,
 * whose schema a shortened field could break).
 */
function budgetResponse(response: WebMCPToolResponse, limit: number, screened: Omit<ScreenedValue, 'value'>, structured: boolean): BudgetedResponse {
  if (structured)
    return measured(response, limit)
  return screened.kind === 'data'
    ? budgetJson(response, limit, screened.partialField)
    : budgetToolResponse(response, limit, screened.partialTexts)
}

/** A normalized result measured exactly: as it is within `limit`, refused over it. */
function measured(response: WebMCPToolResponse, limit: number): BudgetedResponse {
  const size = resultSize(response)
  return size <= limit ? { response } : refuseResult(`${size} characters`, limit)
}

/**
 * The JSON of a value that was not an MCP result, its one text block: as it is
 * within `limit`, else an object with its longest field shortened, else refused.
 * A number, or a BigInt of any length, is JSON too: refused, never cut.
 */
function budgetJson(response: WebMCPToolResponse, limit: number, partialField: ScreenedValue['partialField']): BudgetedResponse {
  const size = partialField ? Infinity : resultSize(response)
  if (size <= limit)
    return { response }
  const [block] = response.content
  if (isText(block) && block.text.startsWith('{')) {
    const shortened = shortenLargestField(JSON.parse(block.text) as Record<string, unknown>, limit, partialField?.codePoints)
    // The JSON is well formed already: its one text block as it is.
    if (shortened)
      return { response: { content: [{ type: 'text', text: shortened[1] }] } }
  }
  return refuseResult(partialField ? partialField.size : `${size} characters`, limit)
}

/** A text block: its `text` is a string. */
function isText(block: unknown): block is WebMCPTextContent {
  return isObject(block) && block.type === 'text' && typeof block.text === 'string'
}

/**
 * An MCP result (or a string's one text block) within `limit`: the largest
 * field of `structuredContent` shortened in step with its text mirrors, then
 * the other text blocks cut. `partialTexts`: the whole texts of blocks that
 * were copied only in part.
 */
function budgetToolResponse(response: WebMCPToolResponse, limit: number, partialTexts?: string[]): BudgetedResponse {
  const size = partialTexts ? Infinity : resultSize(response)
  if (size <= limit)
    return { response }
  // The size as sent, texts copied in part counted whole: only worked out for
  // a refusal when some were (they are over the budget on their own).
  const tooLarge = (): BudgetedResponse => {
    let sentSize = partialTexts ? resultSize(response) : size
    partialTexts?.forEach((text, index) => {
      sentSize += serializedLength(text) - serializedLength((response.content[index] as WebMCPTextContent).text)
    })
    return refuseResult(`${sentSize} characters`, limit)
  }
  const structured = shortenStructured(response, limit)
  const cut = cutTextBlocks(structured?.response ?? response, limit, structured?.mirror ?? JSON.stringify(response.structuredContent), {
    wholeTexts: partialTexts,
    anyShortened: structured !== undefined,
  })
  // The sums are exact; this check keeps the promise if they ever are not.
  return cut && resultSize(cut) <= limit ? { response: cut } : tooLarge()
}

/**
 * `structuredContent` and the text blocks that mirror it (its JSON), with its
 * largest field shortened in both, so they stay in step; undefined when it
 * is not an object or no one field makes it fit its share.
 */
function shortenStructured(response: WebMCPToolResponse, limit: number): { response: WebMCPToolResponse, mirror: string } | undefined {
  const structured = response.structuredContent
  if (!isObject(structured) || Array.isArray(structured))
    return undefined
  const mirror = JSON.stringify(structured)
  const withMirrors = (structuredContent: Record<string, unknown>, text: string): WebMCPToolResponse => ({
    ...response,
    structuredContent,
    content: response.content.map(block => (isText(block) && block.text === mirror ? { ...block, text } : block)),
  })
  const rest = resultSize(withMirrors({}, '{}'))
  // A mirror costs at least what the object does, so an equal share of the room each.
  const mirrors = response.content.filter(block => isText(block) && block.text === mirror).length
  const shortened = shortenLargestField(structured, Math.floor((limit - rest) / (1 + mirrors)))
  return shortened && { response: withMirrors(...shortened), mirror: shortened[1] }
}

/**
 * The text blocks other than mirrors of `structuredContent` cut to what room
 * is left: each kept whole while it fits, the first that does not cut and
 * marked, the ones after it left out (with a note saying how many, when there
 * is room). Undefined when nothing can be cut and the result is over.
 */
function cutTextBlocks(
  response: WebMCPToolResponse,
  limit: number,
  mirror: string,
  { wholeTexts, anyShortened }: { wholeTexts?: string[], anyShortened: boolean },
): WebMCPToolResponse | undefined {
  const cuttable = (block: WebMCPContentBlock): block is WebMCPTextContent => isText(block) && block.text !== mirror
  const fixedBlocks = response.content.filter(block => !cuttable(block))
  // Nothing to cut (and none cut in part, as those are text): over as it is.
  if (fixedBlocks.length === response.content.length && !anyShortened)
    return undefined
  let left = limit - resultSize({ ...response, content: fixedBlocks })
  if (left < 0)
    return undefined
  let kept = fixedBlocks.length
  let dropped = 0
  // With several text blocks, room is kept for a note saying how many were left out.
  const texts = response.content.length - kept
  let reserved = texts > 1 ? jsonSize(omitted(texts)) + 1 : 0
  if (reserved > left)
    reserved = 0
  left -= reserved
  // `left` below 0 from here on: full, every later text block is left out.
  const content: WebMCPContentBlock[] = []
  for (const [index, block] of response.content.entries()) {
    if (!cuttable(block)) {
      content.push(block)
      continue
    }
    // The block's own cost: `{"type":"text","text":""}` and any other fields, and a comma.
    const frame = jsonSize({ ...block, text: '' }) + (kept > 0 ? 1 : 0)
    if (frame > left) {
      left = -1
      dropped++
      continue
    }
    const wholeText = wholeTexts?.[index]
    const cut = cutText(block.text, left - frame, wholeText === undefined ? undefined : codePointLength(wholeText))
    content.push(cut.truncated ? { ...block, text: cut.text } : block)
    left = cut.truncated ? -1 : left - frame - serializedLength(cut.text)
    kept++
  }
  if (dropped > 0 && reserved > 0)
    content.push(omitted(dropped))
  return { ...response, content }
}

/** The note that ends a result whose last text blocks did not fit. */
function omitted(count: number): WebMCPContentBlock {
  return { type: 'text', text: `…[truncated: ${plural(count, 'more text block')} left out]` }
}

/** An object with its largest field shortened, and its JSON as measured. */
type Shortened = [value: Record<string, unknown>, json: string]

/**
 * Plain JSON data (parsed, or a normalized `structuredContent`) with its
 * longest top-level string field shortened, when that alone brings it within
 * `limit`; undefined when it fits already or no one field can make it fit.
 * `codePoints`: the field's whole length, when only its start was copied.
 */
function shortenLargestField(data: Record<string, unknown>, limit: number, codePoints?: number): Shortened | undefined {
  const key = longestStringField(data)
  if (key === undefined)
    return undefined
  const field = data[key] as string
  if (field.length < limit / 4)
    return undefined
  // Everything but the field, measured as sent (inside a string).
  const outside = serializedLength(JSON.stringify({ ...data, [key]: '' }))
  // Certainly over when even the field's lower bound does not fit; otherwise
  // the field is short, and measuring the whole object exactly is cheap.
  if (codePoints === undefined && field.length / 2 + outside <= limit && serializedLength(JSON.stringify(data)) <= limit)
    return undefined
  // Escapes inside the field cost double once nested in the text block.
  const room = Math.floor((limit - outside) / 2)
  if (room < 80)
    return undefined
  const cut = cutText(field, room, codePoints)
  if (!cut.truncated)
    return undefined
  const shortened = { ...data, [key]: cut.text }
  const json = JSON.stringify(shortened)
  return serializedLength(json) <= limit ? [shortened, json] : undefined
}
