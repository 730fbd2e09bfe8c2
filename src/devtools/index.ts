// Development only: the entry the composables call, always behind a
// `__DEV__` check, so production bundles drop
// it with everything it imports. The first tool of an app sets up the Vue
// DevTools plugin and, with `WEBMCP_CONFIG.debugTools: true`, the debugging tools.
import type { ToolCallSettings } from '../shared/callSettings'
import type { AnyToolOptions, ToolRegistrations, WebMCPToolResponse } from '../types'
import type { ObservedDefinition, ObservedSlot } from './observer'
import { registerDebugTools } from './debugTools'
import { inBrowser, observeForm as observeOneForm, observeRegistrations, onObservedApp } from './observer'
import { setupWebMCPDevtools } from './plugin'

export { markOwnScope, observedConfig } from './observer'

let register: ToolRegistrations | undefined
let installed = false

// No top-level side effect: a bundler must be able to drop this module whole.
function install(): void {
  if (installed)
    return
  installed = true
  onObservedApp((app, config) => {
    setupWebMCPDevtools(app)
    if (config.debugTools === true && register)
      registerDebugTools(app, config, register)
  })
}

/**
 * `useWebMCPTool(s)`: observes the tools of one call. `registrations` is the
 * registration life cycle itself, which the debugging tools are registered with.
 */
export function observeTools<S extends ObservedSlot>(
  registrations: ToolRegistrations,
  slots: readonly S[],
  config: ToolCallSettings,
  describe: (options: AnyToolOptions) => ObservedDefinition,
  enabled: (options: AnyToolOptions) => boolean,
  run: (slot: S, args: object, definition: ObservedDefinition) => Promise<WebMCPToolResponse>,
): void {
  // A server render never disposes a scope: nothing to show there, and nothing to keep.
  if (!inBrowser())
    return
  register = registrations
  install()
  observeRegistrations(slots, config, describe, enabled, run)
}

/**
 * `useWebMCPForm`: observes one form. `registrations` is the registration life
 * cycle, passed in so that an app whose only tools are forms gets the debugging
 * tools too (this module cannot import it: it imports this one).
 */
export function observeForm(registrations: ToolRegistrations, ...args: Parameters<typeof observeOneForm>): void {
  if (!inBrowser())
    return
  register ??= registrations
  install()
  observeOneForm(...args)
}
