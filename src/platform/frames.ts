// Frames whose tools a document lists: a listed tool's window, whether its
// frame has left the page, and a cheap signal when frames leave. Chromium 156
// sends no `toolchange` when a frame holding tools is removed, and running
// such a tool fails with "Target frame is detached". No Vue import.

/** The window that registered `tool` (Chrome 160's `source`, 150-159's `window`), or `null`. */
export function sourceOf(tool: unknown): Window | null {
  try {
    const t = tool as { source?: Window | null, window?: Window | null }
    return t.source ?? t.window ?? null
  }
  catch {
    return null // a getter that throws (a buggy polyfill): no window known
  }
}

/** Whether `source`, a frame's window, has left the page (`closed` can be read across origins). */
export function isDetached(source: Window | null): boolean {
  try {
    return !!source?.closed
  }
  catch {
    return false
  }
}

/** Whether `node` is a frame, or holds one. */
function holdsFrame(node: Node): boolean {
  const element = node as Element
  return /^(?:IFRAME|FRAME|OBJECT|EMBED)$/.test(element.nodeName) || (typeof element.querySelector === 'function' && !!element.querySelector('iframe, frame, object, embed'))
}

/**
 * Runs `onLeave` when a frame (or an element holding one) is removed from
 * `doc`, until the returned function is called. A frame removed deeper, from a
 * frame's own document, is not seen here: a listed tool's window is checked on
 * each listing and before each call as well.
 */
export function onFramesLeaving(doc: Document, onLeave: () => void): () => void {
  const Observer = doc.defaultView?.MutationObserver ?? globalThis.MutationObserver
  if (typeof Observer !== 'function' || !doc.documentElement)
    return () => {}
  const observer = new Observer((records) => {
    if (records.some(record => Array.from(record.removedNodes).some(holdsFrame)))
      onLeave()
  })
  observer.observe(doc.documentElement, { childList: true, subtree: true })
  return () => observer.disconnect()
}
