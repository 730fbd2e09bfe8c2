// Counting text the way budgets do: in code points. No Vue import.

const SURROGATE = /[\uD800-\uDFFF]/

/** Surrogate pairs in `text`; a native search skips texts without any (every one-byte string). */
export function countPairs(text: string): number {
  const first = text.search(SURROGATE)
  if (first === -1)
    return 0
  // A loop, not match(): match() would allocate a string for every pair.
  let pairs = 0
  for (let i = first, n = text.length; i < n; i++) {
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
