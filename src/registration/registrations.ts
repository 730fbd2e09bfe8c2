// The registration life cycle behind useWebMCPTool and useWebMCPTools: one
// reactive effect per scope, however many tools it registers. Each tool keeps
// its own registration, `isRegistered` and `error`; the effect re-registers
// exactly the tools whose content changed.
import type { ShallowRef } from 'vue'
import type { DefinitionCheck } from '../definitions/lazyDefinitions'
import type { ToolCallSettings } from '../shared/callSettings'
import type { AnyToolOptions, UseWebMCPToolReturn, UseWebMCPToolsSharedOptions, WebMCPToolExecuteOptions } from '../types'
import { getCurrentInstance, onActivated, onDeactivated, onMounted, onScopeDispose, shallowRef, toValue, watchEffect } from 'vue'
import { eagerDefinitionChecks } from '../definitions/eagerDefinitionChecks'
import { devtoolsHook } from '../devtools'
import { resolveCallSettings } from '../shared/callSettings'
import { toError } from '../shared/toError'
import { registerByName, unregistersByName } from './byName'
import { injectConfig } from './config'
import { loadAndCallTool } from './loadCallTool'
import { refreshModelContext, useIsSupported, useModelContext } from './modelContext'
import { ownScope } from './scope'
import { stableKey } from './stableKey'

/** What the agent sees of a tool, as `registerTool` takes it, plus `exposedTo`. */
interface Definition {
  name: string
  description: string
  title?: string
  inputSchema?: object
  outputSchema?: object
  annotations?: object
  exposedTo?: string[]
}

/**
 * Whether two definitions show the agent the same thing. Compared with every
 * object's keys sorted only when the texts differ, so a new but equal schema or
 * annotations object with its keys in another order causes no re-registration.
 */
function sameContent(a: string, b: string): boolean {
  return a === b || stableKey(a) === stableKey(b)
}

interface Slot {
  options: AnyToolOptions
  /** What every call of the tool runs with, resolved at setup. */
  settings: ToolCallSettings
  isRegistered: ShallowRef<boolean>
  error: ShallowRef<Error | null>
  /** The registration (pending, held or refused): its end unregisters the tool. */
  current?: AbortController
  /** What it registered, as JSON in the author's key order, and where. */
  json?: string
  mc?: WebMCP.ModelContext
}

/** Whether a tool of a group is enabled: its own `enabled` wins over the group's. */
export function isEnabled(options: AnyToolOptions, shared: UseWebMCPToolsSharedOptions): boolean {
  return toValue(options.enabled ?? shared.enabled) !== false
}

/**
 * A schema option's value. A Standard Schema is taken as it is: an ArkType
 * type is a function, which `toValue` would call as a getter. A `false`
 * schema accepts nothing: registered as its object form, so it is enforced and shown.
 */
function schemaOf(option: unknown): object | undefined {
  const schema = (option as { '~standard'?: unknown } | undefined)?.['~standard'] ? option : toValue(option)
  return schema === false ? { not: {} } : (schema as object) || undefined
}

/** What the agent sees of a tool, read from its options now (reactive reads are tracked). */
function describe(options: AnyToolOptions, shared: UseWebMCPToolsSharedOptions): Definition {
  return {
    name: toValue(options.name),
    description: toValue(options.description),
    title: toValue(options.title) || undefined,
    inputSchema: schemaOf(options.inputSchema),
    outputSchema: schemaOf(options.outputSchema),
    annotations: toValue(options.annotations ?? shared.annotations) || undefined,
    exposedTo: toValue(options.exposedTo ?? shared.exposedTo) as string[] || undefined,
  }
}

/**
 * Registers `list` for as long as the current scope lives (or until `stop()`):
 * in a component from its mounted hook on, and only while a `<KeepAlive>` shows
 * it; in an effect scope or store at once.
 */
export function useToolRegistrations(list: readonly AnyToolOptions[], shared: UseWebMCPToolsSharedOptions = {}): UseWebMCPToolReturn[] {
  // A scope of its own, a child of the caller's, so `stop()` can end it.
  const scope = ownScope('useWebMCPTool')
  // The registrations live in that scope: its end (or `stop()`) unregisters them.
  return scope.run(() => {
    const config = injectConfig()
    // The group's settings (budgets and limits are the app's); each tool's own below.
    const { budgets, limits } = resolveCallSettings(config)
    // The group's document (a tool's own is the group's for useWebMCPTool).
    const modelContext = useModelContext(shared.document)
    const isSupported = useIsSupported(modelContext)
    const slots: Slot[] = list.map(options => ({
      options,
      settings: resolveCallSettings(config, shared, options),
      isRegistered: shallowRef(false),
      error: shallowRef(null),
    }))
    // The scope's end aborts the calls still running, through this one signal.
    const ended = new AbortController()

    // The definition checks: budgets, and the schema check (patterns, $refs,
    // cycles). Development builds check synchronously, so 'error' mode throws at
    // setup; production builds load them when budgets are switched on
    // explicitly, or before the first tool with a schema registers, so no tool
    // is offered with constraints that are not enforced.
    // If they fail to load (a network error, a chunk gone after a deploy), a
    // stand-in keeps the tools that needed them unregistered, as unchecked tools
    // would be, with the reason in `error`; a new setup (a remount) loads again.
    const checks = shallowRef<DefinitionCheck>()
    if (__DEV__)
      checks.value = eagerDefinitionChecks
    const load = () => import('../call').then(m => m.checksFor(checks), (reason) => {
      const failure = new Error(`Not registered: the checks of tool definitions could not be loaded (${toError(reason).message}).`, { cause: reason })
      return (tool: { inputSchema?: unknown, outputSchema?: unknown }) => budgets === 'error' || tool.inputSchema || tool.outputSchema ? failure : null
    }).then(loaded => (checks.value = loaded))
    // (Development builds have them already.)
    if (!__DEV__ && budgets !== false)
      void load()
    if (__DEV__ && checks.value && budgets === 'error') {
      for (const { options } of slots) {
        const problem = checks.value(describe(options, shared), budgets, limits)
        if (problem)
          throw problem
      }
    }

    // Development builds: Vue DevTools and the debugging tools see these tools.
    if (__DEV__) {
      devtoolsHook({
        type: 'tools',
        registrations: useToolRegistrations,
        slots,
        settings: resolveCallSettings(config, shared),
        // Shown as the browser gets it (a Standard Schema as JSON Schema), called as the browser calls it.
        describe: (o) => {
          const d = describe(o, shared)
          checks.value?.(d, false)
          return d
        },
        enabled: o => isEnabled(o, shared),
        run: (slot, args) => call(slot, args),
      })
    }

    function unregister(slot: Slot): void {
      slot.current?.abort()
      slot.current = undefined
      slot.isRegistered.value = false
    }

    // Step 1 of a call (see "How a call flows" in docs/contributing.md): the registered tool's
    // `execute`, as the browser calls it, hands the call to the loader.
    async function call(slot: Slot, args: object | undefined, callOptions?: WebMCPToolExecuteOptions) {
      const { options, settings } = slot
      // Read at call time, like `execute`: the schemas as the options give them
      // (a Standard Schema checks with its own code; the browser got its JSON Schema).
      const definition = describe(options, shared)
      const outcome = await loadAndCallTool({
        // The name and schemas, and what a confirmation shows: title, description, annotations.
        ...definition,
        settings: __DEV__ ? devtoolsHook({ type: 'call', key: slot, settings }) : settings,
        // Read at call time: swapping them never re-registers the tool.
        execute: (a, signal) => options.execute(a, { signal }),
        formatOutput: options.formatOutput,
        onError: e => options.onError ? options.onError(e) : shared.onError?.(e, definition.name),
        signals: [callOptions?.signal, ended.signal],
      }, args ?? {})
      return outcome.response
    }

    // `first`: set for a first attempt (from sync), which does not listen for
    // `toolchange`; a retry listens from its call on. `tool`: what registerTool
    // gets, a plain copy in the author's key order (what agents and forms
    // show): no reactive proxy, and later mutation of the options does not
    // reach it. A definition with no object in it is one already (describe()
    // makes a fresh one of text), so sync passes it as it is: JSON.parse
    // between registerTool calls cost about 2 ms in 200. Its members not set
    // are `undefined`, which WebIDL and the polyfills read as absent, and
    // `exposedTo` stays on the tool, a member registerTool ignores.
    function register(slot: Slot, json: string, mc: WebMCP.ModelContext, first?: unknown, tool: Definition & { execute?: unknown } = JSON.parse(json)): void {
      const registration = slot.current = new AbortController()
      slot.json = json
      slot.mc = mc
      const settle = (ok: unknown, failure?: unknown) => {
        if (slot.current !== registration)
          return // superseded while pending: its AbortError is expected
        // A refusal is retried at once when a `toolchange` may have freed the
        // name while the call was pending: always for a first attempt, which
        // did not listen (a listener cost every registration 10 to 20 µs), and
        // for a retry whose listener has fired. That change may be the one that
        // frees the name: an HMR reload, the instance going away holding it,
        // under a polyfill or a loaded machine that refuses late. A retry that
        // fails fires no `toolchange`, so this never loops.
        if (!ok && first)
          return register(slot, json, mc)
        const error = ok ? null : toError(failure)
        slot.isRegistered.value = !error
        // A name another app (or component) held may be free later: a refused
        // retry tries again on the next `toolchange` (below), unless something
        // replaced it by then. Whatever the refusal: a duplicate name is the
        // case that heals (an InvalidStateError), and the others fail again at
        // the cost of one call per change. A refused registration holds
        // nothing to abort (Chromium 150 included: it throws, and registers
        // nothing).
        slot.error.value = first = error
      }
      tool.execute = (args: object, callOptions?: WebMCPToolExecuteOptions) => call(slot, args, callOptions)
      const signal = registration.signal
      // A retry listens from its call on: of its refusal and the next
      // `toolchange`, the second retries. Removed with the registration
      // (whatever replaces it aborts it first), so it never retries a replaced
      // one; a success's own `toolchange` uses it up. A context that is no
      // EventTarget gets one retry, at once.
      if (!first)
        mc.addEventListener?.('toolchange', () => first ? register(slot, json, mc) : (first = 1), { once: true, signal })
      let result: unknown
      try {
        // Firefox ignores the signal: such a context unregisters by name (byName.ts), and a name
        // taken is refused there, and retried once it is free, for there is no toolchange.
        result = unregistersByName(mc)
          ? registerByName(mc, tool as WebMCP.ModelContextTool, signal, first ? undefined : () => slot.current === registration && register(slot, json, mc))
          : mc.registerTool(tool as WebMCP.ModelContextTool, { signal, exposedTo: tool.exposedTo })
      }
      catch (reason) {
        // Chromium 150 throws synchronously (a duplicate or invalid name); so does a by-name
        // context refusing a name.
        return settle(0, reason)
      }
      // Chromium 156 and the polyfills return a promise; Chromium 150 returns
      // undefined once the tool is registered.
      if (typeof (result as PromiseLike<void> | undefined)?.then === 'function')
        (result as PromiseLike<void>).then(() => settle(1), (reason: unknown) => settle(0, reason))
      else
        settle(1)
    }

    // Brings every tool's registration in line with its options. Whatever it
    // reads is tracked, so a change to any of them runs it again; tools whose
    // content did not change are left alone.
    function sync(): void {
      // Read afresh: a context replaced since the last pass takes every tool with it.
      refreshModelContext(shared.document)
      const mc = modelContext.value
      const check = checks.value
      // In 'error' mode nothing registers before the checks have run; a
      // component cached by <KeepAlive> registers nothing while deactivated.
      const on = mc && active.value && (budgets !== 'error' || check)
      for (const slot of slots) {
        // Read even while off: a change to any option runs this again, and a
        // context that appeared after the polls ended is found then.
        let definition = isEnabled(slot.options, shared) ? describe(slot.options, shared) : undefined
        if (!on)
          definition = undefined
        if (!check && (definition?.inputSchema || definition?.outputSchema)) {
          // Not registered before its schema is checked; sync runs again once the checks have loaded.
          void load()
          definition = undefined
        }
        // undefined: the schema code it needs is loading (lazyDefinitions.ts); `checks` changes when it has.
        let block = definition && check ? check(definition, budgets, limits) : null
        let json: string | undefined
        try {
          json = definition && block === null ? JSON.stringify(definition) : undefined
        }
        catch (reason) {
          // A getter that throws, or a cycle in annotations: this tool fails, its siblings register.
          block = reason as Error
        }
        if (slot.current && slot.mc === mc && json && sameContent(slot.json!, json)) {
          slot.json = json
          continue
        }
        unregister(slot)
        slot.error.value = block ?? null
        if (json)
          register(slot, json, mc!, 1, /.[[{]/.test(json) ? undefined : definition) // no `{` or `[` past the first: no object
      }
    }

    // A component's tools register in its mounted hook itself, not a flush
    // later, so the agent sees them as soon as it is on screen; a view cached by
    // <KeepAlive> has them only while activated. Deactivation and activation act
    // at once too, so of two cached views registering one name, the one shown
    // holds it. Nothing runs once `stop()` has ended the scope: `run()` skips a
    // stopped scope (development builds check first, since it warns there).
    const instance = getCurrentInstance()
    const active = shallowRef(!instance || instance.isMounted)
    if (instance) {
      const show = (on: boolean) => () => {
        active.value = on
        if (!__DEV__ || scope.active)
          scope.run(sync)
      }
      onMounted(show(true))
      onDeactivated(show(false))
      onActivated(show(true))
    }
    watchEffect(sync)

    onScopeDispose(() => {
      ended.abort(new DOMException('Scope ended.', 'AbortError'))
      slots.forEach(unregister)
    })

    // Every tool of a group shares the group's `stop`.
    const stop = () => scope.stop()
    return slots.map(({ isRegistered, error }) => ({ isSupported, isRegistered, error, stop }))
  })!
}
