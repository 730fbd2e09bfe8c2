// An annotation hint as the browser reads it. WebIDL turns each hint into a
// boolean (`1` and `'false'` become true, `0` and `null` false) and lists the
// tool so, so a tool the agent is shown as consequential asks, whatever value
// its author wrote. No Vue import.
import type { WebMCPToolAnnotations } from '../types'

/** The hint `name` as the browser lists it: a boolean, or undefined when it is left out. */
export function hint(annotations: WebMCPToolAnnotations | null | undefined, name: 'consequentialHint' | 'destructiveHint' | 'readOnlyHint' | 'untrustedContentHint'): boolean | undefined {
  const value: unknown = annotations?.[name]
  return value === undefined ? undefined : !!value
}
