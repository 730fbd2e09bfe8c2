// The call-time view of a tool: what the agent sees of it and what its calls
// run with, read from its own options, its group's (`useWebMCPTools` shared
// options), the app's `WEBMCP_CONFIG` and the defaults, in that order (the
// table in docs/guide/configuration.md). The one place an option's precedence
// is decided; `confirm`'s fields (the tool's over its group's over the app's
// `ask` and `timeoutMs`) are merged field by field by call/confirmPolicy.ts's
// `confirmFields`, loaded only with the calls that ask, from the choices read
// here. Read at every registration pass and every call, never kept, so a
// ref, a getter or a mutated options object counts from the next one.
// No Vue import but `toValue`.
import type { MaybeRefOrGetter } from 'vue'
import type { ToolDefinition, UseWebMCPToolsSharedOptions, WebMCPAnyToolOptions, WebMCPBudgetMode, WebMCPConfig, WebMCPConfirmationRequest, WebMCPConfirmOptions } from '../types'
import { toValue } from 'vue'
import { warnOnce } from './warn'

/** A tool's or a group's `confirm`, as read: `false`, `true` or an object. */
export type ConfirmChoice = boolean | WebMCPConfirmOptions<any> | undefined

/** The call options a tool and a `useWebMCPTools` group may set over the app's. */
export interface CallOptions {
  validateArgs?: MaybeRefOrGetter<boolean | undefined>
  timeoutMs?: MaybeRefOrGetter<number | undefined>
  confirm?: MaybeRefOrGetter<ConfirmChoice>
}

/**
 * What one call of a tool (or form) runs with, read as the call arrives: the
 * app's config with the budget mode, argument validation, time limit and
 * `confirm` that apply to this tool.
 */
export interface ToolCallSettings extends WebMCPConfig {
  budgets: WebMCPBudgetMode
  validateArgs: boolean
  /** As set; the call path ignores a mistaken value (with a development warning) and clamps a huge one. */
  timeoutMs?: number
  /** Reports a mistake or a result over budget; `warnOnce` unless set (tests set it). */
  warn?: (message: string) => void
  /** The tool's own `confirm` and its group's, as read: the call path decides from them (call/confirmPolicy.ts). */
  confirmChoices?: { tool: ConfirmChoice, group: ConfirmChoice }
  /** Development builds: the observer learns that a call waits for the person. */
  onConfirmationRequest?: (request: WebMCPConfirmationRequest) => void
}

/**
 * The settings of one call: the tool's own options, then its group's, then
 * the app's, then the defaults; each option read now (`toValue`). Budgets,
 * limits and the hooks are the app's alone.
 */
export function resolveCallSettings(config: WebMCPConfig, group: CallOptions = {}, tool: CallOptions = {}): ToolCallSettings {
  const validateArgs = toValue(tool.validateArgs) ?? toValue(group.validateArgs) ?? config.validateArgs
  if (__DEV__ && typeof validateArgs !== 'boolean' && validateArgs !== undefined)
    warnOnce(`validateArgs must be true or false; got ${String(validateArgs)}. Arguments are checked: only false switches the check off.`)
  return {
    ...config,
    budgets: config.budgets ?? (__DEV__ ? 'warn' : false),
    // Only `false` switches the check off: a getter's 0, '' or NaN is a mistake, and safe is the default.
    validateArgs: validateArgs !== false,
    timeoutMs: toValue(tool.timeoutMs) ?? toValue(group.timeoutMs) ?? config.timeoutMs,
    confirmChoices: { tool: toValue(tool.confirm), group: toValue(group.confirm) },
  }
}

/** Whether a tool of a group is registered now: its own `enabled` wins over the group's. */
export function isEnabled(options: WebMCPAnyToolOptions, shared: UseWebMCPToolsSharedOptions): boolean {
  return (toValue(options.enabled) ?? toValue(shared.enabled)) !== false
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

/**
 * Development builds: a tool's own annotations replace its group's whole, so
 * one that leaves out the `consequentialHint` its group sets does not ask the
 * person, unless a `confirm` makes it. Says so, once per tool.
 */
export function warnDroppedGroupHint(options: WebMCPAnyToolOptions, shared: UseWebMCPToolsSharedOptions): void {
  const own = toValue(options.annotations)
  const confirmSet = (toValue(options.confirm) ?? toValue(shared.confirm)) !== undefined
  // Truthy, as the browser reads a hint (shared/hints.ts, call path code).
  if (own && own.consequentialHint === undefined && !confirmSet && toValue(shared.annotations)?.consequentialHint)
    warnOnce(`Tool "${toValue(options.name)}" has annotations of its own, which replace its group's, so the group's consequentialHint does not apply to it and its calls do not ask the person. Add consequentialHint: true to its annotations, or set confirm: true on the group to make every tool of the group ask.`)
}

/** What the agent sees of a tool, read from its options now (reactive reads are tracked). */
export function describe(options: WebMCPAnyToolOptions, shared: UseWebMCPToolsSharedOptions): ToolDefinition {
  return {
    name: toValue(options.name),
    description: toValue(options.description),
    title: toValue(options.title) || undefined,
    inputSchema: readSchemaOption(options.inputSchema),
    outputSchema: readSchemaOption(options.outputSchema),
    annotations: (toValue(options.annotations) ?? toValue(shared.annotations)) || undefined,
    exposedTo: (toValue(options.exposedTo) ?? toValue(shared.exposedTo)) as string[] || undefined,
  }
}
