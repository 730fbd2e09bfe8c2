/**
 * Adds a listener and returns the function that removes it. A target that is
 * not an EventTarget (a plain-object ModelContext) gets none, without throwing.
 */
export function listen(target: EventTarget | undefined, type: string, handler: (event: Event) => void): () => void {
  if (typeof target?.addEventListener !== 'function')
    return () => {}
  target.addEventListener(type, handler)
  return () => target.removeEventListener(type, handler)
}
