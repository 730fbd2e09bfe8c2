// What the agent sees of a tool, read from its options: the definition handed
// to `registerTool`, and how two of them are compared so that an equal one
// causes no re-registration. No Vue import but `toValue`.
import type { AnyToolOptions, DescribedTool, UseWebMCPToolsSharedOptions } from '../types'
import { toValue } from 'vue'
import { stableKey } from './stableKey'

/** Whether a tool of a group is enabled: its own `enabled` wins over the group's. */
export function isEnabled(options: AnyToolOptions, shared: UseWebMCPToolsSharedOptions): boolean {
  return toValue(options.enabled ?? shared.enabled) !== false
}

/**
 * A schema option's value, as the definition holds it. A Standard Schema is
 * taken as it is: an ArkType type is a function, which `toValue` would call as
 * a getter. A `false` schema accepts nothing: registered as its object form,
 * so it is enforced and shown.
 */
function readSchemaOption(option: unknown): object | undefined {
  const schema = (option as { '~standard'?: unknown } | undefined)?.['~standard'] ? option : toValue(option)
  return schema === false ? { not: {} } : (schema as object) || undefined
}

/** What the agent sees of a tool, read from its options now (reactive reads are tracked). */
export function describe(options: AnyToolOptions, shared: UseWebMCPToolsSharedOptions): DescribedTool {
  return {
    name: toValue(options.name),
    description: toValue(options.description),
    title: toValue(options.title) || undefined,
    inputSchema: readSchemaOption(options.inputSchema),
    outputSchema: readSchemaOption(options.outputSchema),
    annotations: toValue(options.annotations ?? shared.annotations) || undefined,
    exposedTo: toValue(options.exposedTo ?? shared.exposedTo) as string[] || undefined,
  }
}

/**
 * Whether a definition holds only text: then it is already a plain object of
 * its own (`describe` makes a fresh one), and needs no copy before it is handed
 * to `registerTool`. One with a schema, annotations or `exposedTo` holds the
 * author's objects, which may be reactive or change later.
 */
export function holdsOnlyText(definition: DescribedTool): boolean {
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
