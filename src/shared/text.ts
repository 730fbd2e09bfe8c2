// Counting text the way budgets do: in code points, as serialized. No Vue import.

/** Replaces lone surrogates with U+FFFD so the text is valid Unicode on the wire. */
export function toWellFormed(text: string): string {
  const native = (text as { toWellFormed?: () => string }).toWellFormed
  if (native)
    return native.call(text)
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}

const SURROGATE = /[\uD800-\uDFFF]/

/**
 * Surrogate pairs in `text`. A native search skips texts without any (every
 * one-byte string). Where pairs are sparse (an emoji among words) the regex
 * engine steps from one to the next faster than a JavaScript loop can read
 * every code unit; where they are dense the loop takes over, since a regex
 * match per pair costs more than reading two code units.
 */
export function countPairs(text: string): number {
  const first = text.search(SURROGATE)
  if (first === -1)
    return 0
  const pair = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g
  pair.lastIndex = first
  let pairs = 0
  let i = first
  while (pair.test(text)) {
    pairs++
    i = pair.lastIndex
    // Checked every 256 pairs. Dense: a pair every 8 code units or closer, on average so far.
    if (pairs % 256 === 0 && i - first < pairs * 8)
      return pairs + countPairsFrom(text, i)
  }
  return pairs
}

/** The plain loop: pairs from `start` on. A loop, not match(): match() would allocate a string per pair. */
function countPairsFrom(text: string, start: number): number {
  let pairs = 0
  for (let i = start, n = text.length; i < n; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      pairs++
      i++
    }
  }
  return pairs
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xD800 && unit <= 0xDBFF
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xDC00 && unit <= 0xDFFF
}

/** Code points in `text`: a pair is one, a lone surrogate is one. */
export function codePointLength(text: string): number {
  return text.length - countPairs(text)
}

// Measuring leans on the engine: JSON.stringify writes a string exactly as the
// agent receives it, natively and far faster than a loop in JavaScript. What
// is left to count by hand is surrogate pairs (two units, one code point;
// `countPairs` above), and the prefix that fits, which is never longer than the budget.

/** Length of `text` in code points once written inside a JSON string (without the quotes). */
export function serializedLength(text: string): number {
  return jsonSize(text) - 2
}

/** Length of a JSON value's JSON in code points. */
export function jsonSize(value: unknown): number {
  // Lone surrogates come out escaped as \uXXXX; only pairs stay two units.
  return codePointLength(JSON.stringify(value))
}

export interface CutText {
  text: string
  /** Present when the text was cut: code points shown and in all. */
  truncated?: { shown: number, total: number }
}

/** Control characters JSON writes as a two-character escape: backspace \b, tab \t, line feed \n, form feed \f, carriage return \r. */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0A, 0x0C, 0x0D])

/**
 * What one code unit costs inside a JSON string: a quote or a backslash two
 * (`\"`, `\\`); a control character below U+0020 two when it has a short
 * escape, else six (`\u0001`); anything else one.
 */
function escapedLength(unit: number): number {
  if (unit === 0x22 || unit === 0x5C)
    return 2
  if (unit < 0x20)
    return SHORT_ESCAPES.has(unit) ? 2 : 6
  return 1
}

function marker(shown: number, total: number): string {
  return `\n…[truncated: showed ${shown} of ${total} characters]`
}

/**
 * Shortens text so that, serialized, it fits `budget`, keeping as much as fits
 * and marking how much was shown of how much. The result is well formed and
 * ends on a whole code point. Linear in the input, and the scan by hand covers
 * only the prefix that can fit.
 */
export function cutText(input: string, budget: number, totalCodePoints?: number): CutText {
  // Every code point costs at least 1 and at most 6, and there are between
  // length/2 and length of them: most texts are decided without measuring.
  // Serialized, a code unit costs half a code point (in a pair) or more: only a text that may fit is measured whole.
  if (totalCodePoints === undefined && input.length / 2 <= budget) {
    const text = toWellFormed(input)
    if (serializedLength(text) <= budget)
      return { text }
  }
  // A lone surrogate becomes U+FFFD: one code point either way, so the total
  // can be counted on the input, and only the kept prefix is made well formed.
  // (`totalCodePoints` is given when `input` is the start of a longer text.)
  const total = totalCodePoints ?? codePointLength(input)
  const mark = serializedLength(marker(total, total))
  // A budget too small for the marker still gets text within it, unmarked.
  const room = budget > mark ? budget - mark : Math.max(0, budget)
  let cost = 0
  let end = 0
  let shown = 0
  while (end < input.length) {
    const unit = input.charCodeAt(end)
    const unitCost = escapedLength(unit)
    // A pair: one code point, never split.
    const units = isHighSurrogate(unit) && isLowSurrogate(input.charCodeAt(end + 1)) ? 2 : 1
    if (cost + unitCost > room)
      break
    cost += unitCost
    end += units
    shown++
  }
  const kept = toWellFormed(input.slice(0, end))
  return { text: budget > mark ? kept + marker(shown, total) : kept, truncated: { shown, total } }
}
