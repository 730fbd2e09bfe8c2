// A module of its own: apps import it at start-up to read results, while the
// rest of normalization loads lazily with the call path. Sharing the
// normalize module would pull all of it into start-up code.
import type { WebMCPToolResponse } from '../types'

/**
 * An object that is already an MCP result: it has a `content` array. An array
 * is data whatever properties it carries. Never throws.
 */
export function isToolResponse(value: unknown): value is WebMCPToolResponse {
  if (value === null || typeof value !== 'object')
    return false
  try {
    return !Array.isArray(value) && Array.isArray((value as { content?: unknown }).content)
  }
  catch {
    return false // a throwing `content` getter, a revoked Proxy
  }
}
