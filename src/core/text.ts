// Counting text the way budgets do: in code points. No Vue import.

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
    // Dense: a pair every 8 code units or closer, on average so far.
    if ((pairs & 255) === 0 && i - first < pairs * 8)
      return pairs + countPairsFrom(text, i)
  }
  return pairs
}

/** The plain loop: pairs from `start` on. A loop, not match(): match() would allocate a string per pair. */
function countPairsFrom(text: string, start: number): number {
  let pairs = 0
  for (let i = start, n = text.length; i < n; i++) {
    if ((text.charCodeAt(i) & 0xFC00) === 0xD800 && (text.charCodeAt(i + 1) & 0xFC00) === 0xDC00) {
      pairs++
      i++
    }
  }
  return pairs
}

/** Code points in `text`: a pair is one, a lone surrogate is one. */
export function codePointLength(text: string): number {
  return text.length - countPairs(text)
}
