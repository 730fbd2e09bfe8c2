// Whether the page has marked any value `untrusted()`. Until it has, no result
// is searched for marked values and the code that marks them (untrusted.ts)
// never loads. A module of its own so the call path can ask without loading
// the marking, or `untrusted()` itself. No Vue import.

let marked = false

/** Called by `untrusted()`: from now on, results may hold marked values. */
export function noteMarked(): void {
  marked = true
}

/** Whether a result may hold marked values: false until the page marks one. */
export function anyMarked(): boolean {
  return marked
}
