// How two definitions of a tool (read in shared/callSettings.ts) are compared,
// so that an equal one causes no re-registration. No Vue import.
import type { ToolDefinition } from '../types'
import { stableKey } from './stableKey'

/**
 * Whether a definition holds only text: then it is already a plain object of
 * its own (`describe` makes a fresh one), and needs no copy before it is handed
 * to `registerTool`. One with a schema, annotations or `exposedTo` holds the
 * author's objects, which may be reactive or change later.
 */
export function holdsOnlyText(definition: ToolDefinition): boolean {
  return definition.inputSchema === undefined && definition.outputSchema === undefined
    && definition.annotations === undefined && definition.exposedTo === undefined
}

/**
 * Whether two definitions, as JSON, show the agent the same thing. Compared
 * with every object's keys sorted only when the texts differ, so a new but
 * equal schema or annotations object with its keys in another order causes
 * no re-registration.
 */
export function sameContent(registered: string, next: string): boolean {
  return registered === next || stableKey(registered) === stableKey(next)
}
