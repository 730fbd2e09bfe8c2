/// <reference types="webmcp-types" />
// How the in-memory contexts of one page's frames find each other, so that
// `getTools()` lists the whole page's tools and `executeTool` runs a frame's
// tool in that frame, as Chromium does.
import type { ToolAttributes } from './toolObject'

/**
 * How the contexts of one page's same-origin frames reach each other: through
 * a registered symbol, since each frame runs its own copy of this code (the
 * init script runs in every frame).
 */
export interface FrameLink {
  /** The tools of the context's own document. */
  ownTools: () => [ToolAttributes, object][]
  executeTool: WebMCP.ModelContext['executeTool']
  /** Fires `toolchange` on the context, in a task of its own. */
  toolchange: () => void
  /** The links of the same-origin frames in the context's document. */
  frames: () => FrameLink[]
  /** The window of the context's document. */
  home: () => Window | undefined
}

export const FRAME_LINK = Symbol.for('vue-webmcp/testing frame link')

export function linkOf(doc: () => Document | null | undefined): FrameLink | undefined {
  try {
    return (doc()?.modelContext as { [FRAME_LINK]?: FrameLink } | undefined)?.[FRAME_LINK]
  }
  catch { // a cross-origin frame
    return undefined
  }
}

/** A context's link and those of every frame below it, the document's own first. */
export function frameTree(link: FrameLink): FrameLink[] {
  return [link, ...link.frames().flatMap(frameTree)]
}
