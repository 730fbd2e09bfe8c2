// A module of its own: apps import it at start-up to read results, while the
// rest of normalization loads lazily with the call path. Sharing the
// normalize module would pull all of it into start-up code.
import type { WebMCPToolResponse } from '../types'

/** The content block types MCP defines. */
const BLOCK_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link'])

/**
 * An object that is already an MCP result: it has a `content` array that is
 * empty or holds at least one MCP content block (an object whose `type` is
 * `text`, `image`, `audio`, `resource` or `resource_link`). Data that only
 * has a `content` member (`{ title, content: ['a paragraph'] }`, a rich-text
 * document whose nodes have types of their own) is data. An array is data
 * whatever properties it carries. Never throws.
 */
export function isToolResponse(value: unknown): value is WebMCPToolResponse {
  if (value === null || typeof value !== 'object')
    return false
  try {
    const content = (value as { content?: unknown }).content
    if (Array.isArray(value) || !Array.isArray(content))
      return false
    return content.length === 0 || content.some(isContentBlock)
  }
  catch {
    return false // a throwing `content` getter, a revoked Proxy
  }
}

function isContentBlock(item: unknown): boolean {
  return item !== null && typeof item === 'object' && BLOCK_TYPES.has((item as { type?: unknown }).type as string)
}
