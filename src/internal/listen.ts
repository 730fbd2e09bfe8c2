/** Adds a listener and returns the function that removes it. */
export function listen(target: EventTarget | undefined, type: string, handler: (event: Event) => void): () => void {
  if (!target)
    return () => {}
  target.addEventListener(type, handler)
  return () => target.removeEventListener(type, handler)
}
