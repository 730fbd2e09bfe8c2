// The registration life cycle behind useWebMCPTool and useWebMCPTools: one
// reactive effect per scope, however many tools it registers. Each tool keeps
// its own registration, `isRegistered` and `error`; each pass re-registers
// exactly the tools whose content changed.
import type { ComponentInternalInstance, EffectScope, ShallowRef } from 'vue'
import type { ToolDefinition, UseWebMCPToolReturn, UseWebMCPToolsSharedOptions, WebMCPAnyToolOptions } from '../types'
import type { DefinitionCheck } from './checksByBuild'
import type { BegunRegistration, ToolGroup, ToolSlot } from './toolRegistration'
import { getCurrentInstance, getCurrentScope, onActivated, onDeactivated, onMounted, onScopeDispose, shallowRef, watchEffect } from 'vue'
import { registrationError } from '../definitions/definitionChecks'
import { devtoolsHook } from '../devtools'
import { describe, isEnabled, resolveCallSettings, warnDroppedGroupHint } from '../shared/callSettings'
import { toError } from '../shared/toError'
import { createCallState } from './callState'
import { useDefinitionChecks } from './checksByBuild'
import { injectConfig } from './config'
import { holdsOnlyText, sameContent } from './definition'
import { loadAndCallTool, warmUpWhenIdle } from './loadCallTool'
import { refreshModelContext, useIsSupported, useModelContext } from './modelContext'
import { ownScope } from './scope'
import { beginRegistration, registerAll, unregister } from './toolRegistration'

/**
 * Registers `list` for as long as the current scope lives (or until `stop()`):
 * in a component from its mounted hook on, and only while a `<KeepAlive>` shows
 * it; in an effect scope or store at once.
 */
export function useToolRegistrations(
  list: readonly WebMCPAnyToolOptions[],
  shared: UseWebMCPToolsSharedOptions = {},
  component = setupComponent(),
  // A scope of its own (a group's, from useWebMCPTools), a child of the caller's, so `stop()` can end it; its end unregisters the tools.
  scope = ownScope('useWebMCPTool'),
): UseWebMCPToolReturn[] {
  const [states, first] = setUpToolRegistrations(list, shared, component, scope)
  registerAll(first)
  return states
}

/**
 * `useToolRegistrations`, except that the caller makes the registrations
 * watchEffect's first run began, with `registerAll(first)` as soon as this
 * returns: a group of many tools (useWebMCPTools) makes them itself, a frame
 * fewer under each registerTool (see `setUpInScope`).
 */
export function setUpToolRegistrations(
  list: readonly WebMCPAnyToolOptions[],
  shared: UseWebMCPToolsSharedOptions,
  component: ComponentInternalInstance | null,
  scope: EffectScope,
): ScopeSetup {
  // Bound, not wrapped in an arrow: a frame fewer under registerTool.
  return scope.run(setUpInScope.bind(null, scope, list, shared, component))!
}

/**
 * The component whose setup is running, if the current scope is its own or
 * one made inside it. Tools set up there follow its mount and <KeepAlive>;
 * tools set up in another scope (a detached one, a Pinia store's, even one a
 * component's setup first uses) live with that scope. Vue names the component
 * current there too, so the scopes are compared (`parent` is Vue's own link,
 * unset for a detached scope).
 */
export function setupComponent(): ComponentInternalInstance | null {
  const instance = getCurrentInstance()
  let scope = getCurrentScope() as (EffectScope & { parent?: EffectScope }) | undefined
  while (scope && scope !== (instance as unknown as { scope: EffectScope } | null)?.scope)
    scope = scope.parent
  return scope ? instance : null
}

/** What a scope's setup leaves its caller: the tools' states, and the registrations watchEffect's first run began, to make. */
export type ScopeSetup = [states: UseWebMCPToolReturn[], first: BegunRegistration[]]

/**
 * Sets up the tools' state, checks and reactive pass in `scope`. The
 * registrations watchEffect's first run begins are not made there: a page a
 * DevTools client drives (Playwright, an agent's) pays in each registerTool
 * call for every frame on the stack (Chromium records the whole stack there), and
 * watchEffect's first run is a dozen of Vue's frames deep, this scope's run a
 * few more. The caller makes them as soon as this returns, before it returns
 * itself.
 */
function setUpInScope(
  scope: EffectScope,
  list: readonly WebMCPAnyToolOptions[],
  shared: UseWebMCPToolsSharedOptions,
  component: ComponentInternalInstance | null,
): ScopeSetup {
  const config = injectConfig()
  // Budgets and limits are the app's; each tool's call settings are its own.
  const { budgets, limits } = resolveCallSettings(config)
  // The group's document (a tool's own is the group's for useWebMCPTool).
  const modelContext = useModelContext(shared.document)
  // The scope's end aborts the calls still running, through this one signal.
  const ended = new AbortController()
  const group: ToolGroup = { config, shared, ended: ended.signal }
  const slots = list.map(options => createSlot(options, group))
  const checks = useDefinitionChecks(budgets, limits)

  if (__DEV__) {
    // 'error' mode throws at setup, where the mistake was made.
    if (budgets === 'error')
      throwFirstProblem(slots, shared, checks.value!)
    slots.forEach(({ options }) => warnDroppedGroupHint(options, shared))
    // Vue DevTools and the debugging tools see these tools: shown as the browser
    // gets them (a Standard Schema as JSON Schema), called as the browser calls them.
    group.observe = (key, settings) => devtoolsHook({ type: 'call', key, settings })
    devtoolsHook({
      type: 'tools',
      registrations: useToolRegistrations,
      slots,
      settings: resolveCallSettings(config, shared),
      describe: (options) => {
        const definition = describe(options, shared)
        registrationError(definition)
        return definition
      },
      enabled: options => isEnabled(options, shared),
      run: (slot, args) => slot.call(args),
    })
  }

  // The registrations watchEffect's first run began, for the caller to make (see above); later passes make their own.
  let first: BegunRegistration[] | undefined
  const sync = (): void => {
    // Read afresh: a context replaced since the last pass takes every tool with it.
    refreshModelContext(shared.document)
    const begun = beginChanges(prepareChanges(slots, shared, modelContext.value, active.value ? checks.value : undefined), modelContext.value)
    if (first)
      registerAll(begun)
    else
      first = begun
  }
  const active = useShown(scope, sync, component)
  watchEffect(sync)

  onScopeDispose(() => {
    // Its calls still running are cancelled: the call path tells the agent the page moved on.
    ended.abort()
    slots.forEach(unregister)
  })

  const isSupported = useIsSupported(modelContext)
  // Every tool of a group shares the group's `stop`.
  const stop = () => scope.stop()
  return [slots.map(({ isRegistered, error, calls }) => ({ isSupported, isRegistered, error, stop, ...calls.state })), first!]
}

function createSlot(options: WebMCPAnyToolOptions, group: ToolGroup): ToolSlot {
  const { config, shared } = group
  const slot: ToolSlot = {
    options,
    group,
    // The call-time view: what the agent sees (a Standard Schema checks with its own code; the
    // browser got its JSON Schema) and the settings, the tool's over its group's over the app's.
    view: () => ({ ...describe(options, shared), settings: resolveCallSettings(config, shared, options) }),
    isRegistered: shallowRef(false),
    error: shallowRef(null),
    // Step 1 of a call (see "How a call flows" in docs/contributing.md): the call counts from its
    // arrival, before the call path loads; the rest is the call path's (`callRegisteredTool`, call/trackedCall.ts).
    call: async (args, callOptions) => {
      const end = slot.calls.begin()
      return (await loadAndCallTool(end, path => path.callRegisteredTool(slot, args, callOptions, end))).response
    },
    calls: createCallState(),
  }
  return slot
}

/** Development builds, 'error' mode: throws the first problem of the group's definitions. */
function throwFirstProblem(slots: readonly ToolSlot[], shared: UseWebMCPToolsSharedOptions, check: DefinitionCheck): void {
  for (const { options } of slots) {
    const problem = check(describe(options, shared))
    if (problem)
      throw problem
  }
}

/**
 * Whether the tools may be registered now. A component's tools register in its
 * mounted hook itself, not a flush later, so the agent sees them as soon as it
 * is on screen; a view cached by <KeepAlive> has them only while activated.
 * Deactivation and activation act at once too, so of two cached views
 * registering one name, the one shown holds it. Nothing runs once `stop()` has
 * ended the scope.
 */
function useShown(scope: EffectScope, sync: () => void, instance: ComponentInternalInstance | null): ShallowRef<boolean> {
  const shown = shallowRef(!instance || instance.isMounted)
  if (instance) {
    // `sync` is called, not run in the scope (it creates nothing the scope
    // would own): a frame fewer under registerTool (see `setUpInScope`).
    const show = (on: boolean) => () => {
      shown.value = on
      if (scope.active)
        sync()
    }
    onMounted(show(true))
    onDeactivated(show(false))
    onActivated(show(true))
  }
  return shown
}

/** One tool's part of a pass. */
interface Change {
  slot: ToolSlot
  /** The registration in force stays: its content did not change. */
  keep: boolean
  /** What to register, as JSON, and the definition itself when it holds only text (no copy needed). */
  json?: string
  definition?: ToolDefinition
  /** Why the tool is not registered, if it is refused. */
  error: Error | null
}

/**
 * Prepares one pass over the tools. Whatever it reads is tracked, so a change
 * to any of them runs it again; tools whose content did not change are left
 * alone. `check` is undefined while nothing may be registered (the component
 * is not shown, or the checks are loading). Every tool is prepared first, then
 * the tools that change let go of their registrations; the changes it returns
 * go to `beginChanges`, and the registrations begun are made back to back:
 * registration costs nothing between `registerTool` calls, and two tools may
 * swap names in one pass.
 */
function prepareChanges(
  slots: readonly ToolSlot[],
  shared: UseWebMCPToolsSharedOptions,
  modelContext: WebMCP.ModelContext | undefined,
  check: DefinitionCheck | undefined,
): Change[] {
  const changes = slots.map(slot => prepare(slot, shared, modelContext, check))
  for (const change of changes) {
    if (!change.keep) {
      unregister(change.slot)
      change.slot.error.value = change.error
    }
  }
  return changes
}

/**
 * Begins the registrations of a pass, for `registerAll` to make. Unless the
 * app turned the warm-up off, what their calls can need loads once the
 * browser is idle.
 */
function beginChanges(changes: readonly Change[], modelContext: WebMCP.ModelContext | undefined): BegunRegistration[] {
  const begun: BegunRegistration[] = []
  for (const { slot, json, definition } of changes) {
    if (json) {
      begun.push(beginRegistration(slot, json, modelContext!, 'first', definition))
      if (slot.group.config.warmUp !== false)
        warmUpWhenIdle(slot)
    }
  }
  return begun
}

/** What a pass does with one tool: keep its registration, register it anew, or neither (with the reason). */
function prepare(
  slot: ToolSlot,
  shared: UseWebMCPToolsSharedOptions,
  modelContext: WebMCP.ModelContext | undefined,
  check: DefinitionCheck | undefined,
): Change {
  // Read even while nothing registers: a change to any option runs the pass
  // again, and a context that appeared after the polls ended is found then.
  const definition = isEnabled(slot.options, shared) ? describe(slot.options, shared) : undefined
  if (!definition || !modelContext || !check)
    return { slot, keep: false, error: null }
  let json: string
  try {
    const error = check(definition)
    if (error)
      return { slot, keep: false, error }
    json = JSON.stringify(definition)
  }
  catch (reason) {
    // A getter that throws, a cycle in annotations, a schema library that
    // throws: this tool fails, its siblings register.
    return { slot, keep: false, error: toError(reason) }
  }
  const current = slot.registration
  if (current && current.context === modelContext && sameContent(current.json, json)) {
    current.json = json
    return { slot, keep: true, error: null }
  }
  return { slot, keep: false, json, definition: holdsOnlyText(definition) ? definition : undefined, error: null }
}
