import type { BegunRegistration } from '../registration/toolRegistration'
import type { InferToolNames, InferToolResults, UseWebMCPToolReturn, UseWebMCPToolsReturn, UseWebMCPToolsSharedOptions, WebMCPAnyToolOptions, WebMCPToolState } from '../types'
import { computed, shallowRef, toValue } from 'vue'
import { createCallState } from '../registration/callState'
import { useIsSupported, useModelContext } from '../registration/modelContext'
import { setupComponent, setUpToolRegistrations } from '../registration/registrations'
import { ownScope } from '../registration/scope'
import { registerAll } from '../registration/toolRegistration'
import { isEnabled } from '../shared/callSettings'

/**
 * Registers a group of tools from one scope with shared options. A tool's own
 * `enabled`, `annotations`, `exposedTo`, `onError`, `validateArgs` and
 * `timeoutMs` win over the shared ones, and one tool failing to register
 * leaves the others registered.
 */
export function useWebMCPTools<const T extends readonly WebMCPAnyToolOptions[]>(
  definitions: T,
  shared: UseWebMCPToolsSharedOptions = {},
): UseWebMCPToolsReturn<InferToolNames<T>, InferToolResults<T>> {
  const names = definitions.map(d => toValue(d.name))
  // Searched for only when there is one: the set alone is the cheap check a large group makes.
  const duplicate = new Set(names).size === names.length ? undefined : names.find((name, i) => names.indexOf(name) !== i)
  const isSupported = useIsSupported(useModelContext(shared.document))
  // A group with a repeated name would register half of itself; register none.
  const groupError = duplicate === undefined
    ? null
    : new DOMException(`Duplicate tool name "${duplicate}" in one useWebMCPTools group; no tool of the group was registered.`, 'InvalidStateError')
  // Read before the group's own scope is made: the group follows the component whose setup made it.
  const component = setupComponent()
  const scope = ownScope('useWebMCPTools')
  // In the group's scope, not one of their own inside it, and registered
  // from here: frames fewer under registerTool (registrations.ts, `setUpInScope`).
  const [states, first]: [Omit<UseWebMCPToolReturn, 'stop'>[], BegunRegistration[]] = groupError
    ? [definitions.map(() => ({ isSupported, isRegistered: shallowRef(false), error: shallowRef(null), ...createCallState().state })), []]
    : setUpToolRegistrations(definitions, shared, component, scope)
  registerAll(first)
  const stop = () => scope.stop()

  // No prototype: `constructor`, `toString` and `__proto__` are tool names like any other.
  const byName: Record<string, WebMCPToolState> = Object.create(null)
  states.forEach((state, i) => {
    byName[names[i]!] ??= new ToolStateEntry(state)
  })

  const isRegistered = computed(() => {
    // From the last tool back: registrations settle in order, so while the
    // group registers this stops at the first pending tool and depends on that
    // one ref alone, instead of re-reading every tool as each one settles.
    let any = false
    for (let i = states.length - 1; i >= 0; i--) {
      if (groupError || !isEnabled(definitions[i]!, shared))
        continue
      if (!states[i]!.isRegistered.value)
        return false
      any = true
    }
    return any
  })
  const error = computed(() => groupError ?? states.find(s => s.error.value)?.error.value ?? null)

  return {
    isSupported,
    isRegistered,
    error,
    byName: byName as UseWebMCPToolsReturn<InferToolNames<T>, InferToolResults<T>>['byName'],
    stop,
  }
}

/**
 * One tool's state as `byName` gives it: plain values, read through getters so
 * they stay reactive, and frozen. Not `readonly()`, whose deep proxy would wrap
 * `lastResult`: it is what `execute` returned, as `useWebMCPTool` gives it (a
 * class instance with private fields keeps working). A class, so a group of
 * many tools makes one small object per tool rather than seven getters each;
 * `toJSON` shows the values where a template or a log prints the entry.
 */
class ToolStateEntry implements WebMCPToolState {
  readonly #state: Omit<UseWebMCPToolReturn, 'stop'>
  constructor(state: Omit<UseWebMCPToolReturn, 'stop'>) {
    this.#state = state
    Object.freeze(this)
  }

  get isSupported() { return this.#state.isSupported.value }
  get isRegistered() { return this.#state.isRegistered.value }
  get error() { return this.#state.error.value }
  get isExecuting() { return this.#state.isExecuting.value }
  get callCount() { return this.#state.callCount.value }
  get lastResult() { return this.#state.lastResult.value }
  get lastError() { return this.#state.lastError.value }
  /** The state's own function, so it works detached (`const { reset } = byName.x`). */
  get reset() { return this.#state.reset }
  toJSON() {
    const { isSupported, isRegistered, error, isExecuting, callCount, lastResult, lastError } = this
    return { isSupported, isRegistered, error, isExecuting, callCount, lastResult, lastError }
  }
}
