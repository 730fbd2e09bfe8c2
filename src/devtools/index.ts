// Development only: the one door from the engine to the development tools,
// as Pinia attaches its devtools through one plugin point. The engine calls
// `devtoolsHook` behind `if (__DEV__)` and nowhere else, so production bundles
// drop this module with everything it imports. The first tool of an app sets
// up the Vue DevTools plugin and, with `WEBMCP_CONFIG.debugTools: true`, the
// debugging tools.
import type { EffectScope, Ref } from 'vue'
import type { ToolCallSettings } from '../shared/callSettings'
import type { ToolDefinition, ToolRegistrations, WebMCPAnyToolOptions, WebMCPToolResponse } from '../types'
import type { ObservedForm, ObservedSlot } from './observer'
import { isClient } from '../shared/env'
import { registerDebugTools } from './debugTools'
import { markOwnScope, observedSettings, observeForm, observeRegistrations, onObservedApp } from './observer'
import { setupWebMCPDevtools } from './plugin'

/** A composable made an effect scope of its own (so its `stop()` works): never shown as an owner. */
export interface ScopeCreated {
  type: 'scope'
  scope: EffectScope
}

/** `useWebMCPTool(s)` set up these tools. */
export interface ToolsSetUp<Slot extends ObservedSlot> {
  type: 'tools'
  /** The registration life cycle itself, which the debugging tools are registered with. */
  registrations: ToolRegistrations
  slots: readonly Slot[]
  settings: ToolCallSettings
  describe: (options: WebMCPAnyToolOptions) => ToolDefinition
  enabled: (options: WebMCPAnyToolOptions) => boolean
  /** Runs a tool as an agent's call would, through the call path. */
  run: (slot: Slot, args: object, definition: ToolDefinition) => Promise<WebMCPToolResponse>
}

/** `useWebMCPForm` set up a form, known to later `call` events by its `error` ref. */
export interface FormSetUp {
  type: 'form'
  /**
   * The registration life cycle, so that an app whose only tools are forms
   * gets the debugging tools too (this module cannot import it: it imports this one).
   */
  registrations: ToolRegistrations
  settings: ToolCallSettings
  options: ObservedForm
  error: Ref<Error | null>
}

/** A call of an observed tool (`key`: its slot) or form (`key`: its `error` ref) starts. */
export interface CallStarts {
  type: 'call'
  key: object
  settings: ToolCallSettings
  /** Who called, when the engine knows better than the observer (a person submitting a form). */
  caller?: string
}

let debugToolsRegistrations: ToolRegistrations | undefined
let installed = false

// No top-level side effect: a bundler must be able to drop this module whole.
function install(registrations: ToolRegistrations): void {
  debugToolsRegistrations ??= registrations
  if (installed)
    return
  installed = true
  onObservedApp((app, settings) => {
    setupWebMCPDevtools(app)
    if (settings.debugTools === true && debugToolsRegistrations)
      registerDebugTools(app, settings, debugToolsRegistrations)
  })
}

/**
 * What the engine tells the development tools, each at the moment it happens.
 * A `call` is answered with the settings the call runs with: the given ones
 * with the observer's hooks in front of the app's.
 */
export function devtoolsHook(event: CallStarts): ToolCallSettings
export function devtoolsHook<Slot extends ObservedSlot>(event: ScopeCreated | ToolsSetUp<Slot> | FormSetUp): void
export function devtoolsHook<Slot extends ObservedSlot>(event: ScopeCreated | ToolsSetUp<Slot> | FormSetUp | CallStarts): ToolCallSettings | void {
  switch (event.type) {
    case 'scope':
      return markOwnScope(event.scope)
    case 'call':
      return observedSettings(event.key, event.settings, event.caller)
  }
  // A server render never disposes a scope: nothing to show there, and nothing to keep.
  if (!isClient)
    return
  install(event.registrations)
  if (event.type === 'tools')
    observeRegistrations(event.slots, event.settings, event.describe, event.enabled, event.run)
  else
    observeForm(event.settings, event.options, event.error)
}
