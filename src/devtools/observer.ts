// Development only: what Vue DevTools and the debugging tools show, read from
// the package's own state. Tools are the registrations' own `isRegistered` /
// `error` refs and options (read when asked, never copied); calls are the
// call path's `onToolCall` / `onToolResult` moments. The engine reaches it
// only through `devtoolsHook` (./index.ts), behind `__DEV__`, so production
// bundles drop this module and everything it imports.
import type { App, EffectScope, Ref } from 'vue'
import type { ToolCallSettings } from '../shared/callSettings'
import type { ToolDefinition, WebMCPToolCallEvent, WebMCPToolResponse, WebMCPToolResultEvent } from '../types'
import { getCurrentInstance, getCurrentScope, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { notifyListeners } from '../shared/listeners'

/** Who set a tool up. */
export interface ToolOwner {
  /** A stable key for grouping. */
  key: string
  kind: 'component' | 'scope'
  /** `<TodoList>`, or `effect scope` (a Pinia store, `effectScope()`). */
  label: string
}

/** One call, from the call path's `onToolCall` to its `onToolResult`. */
export interface ToolCallRecord {
  id: number
  tool: string
  /** `agent` (through the ModelContext, the page's own `executeTool` included), `person` (a form submitted by hand) or `Vue DevTools`. */
  caller: string
  /** `Date.now()` when the call started. */
  at: number
  /** Whether it has ended. */
  done: boolean
  ok?: boolean
  code?: string
  ms?: number
  /** Characters of text the agent received. */
  textLength?: number
  /** The arguments as JSON, cut to 500 characters. Development builds only. */
  args?: string
  /** What failed, when it did: the error's name and message, cut. */
  error?: string
  /** For a call that asked the person: `'waiting'` until they decide, then the decision; `'remembered'`: approved earlier for the page, not asked. */
  confirmation?: 'waiting' | 'remembered' | NonNullable<WebMCPToolResultEvent['confirmation']>['decision']
}

export interface ObservedTool {
  id: string
  kind: 'tool' | 'form'
  owner: ToolOwner
  /** The app it belongs to, when known (a component's). */
  app: App | null
  settings: ToolCallSettings
  /** The definition now, from the options (for a form, from its attributes). */
  definition: () => ToolDefinition
  enabled: () => boolean
  isRegistered: Readonly<Ref<boolean>>
  error: Readonly<Ref<Error | null>>
  /** Most recent last, at most RECENT_PER_TOOL. */
  calls: ToolCallRecord[]
  /** Runs the tool as an agent call would, through the call path. Tools only. */
  run?: (args: object) => Promise<WebMCPToolResponse>
}

export type ObserverEvent
  = | { type: 'added' | 'removed' | 'registered' | 'unregistered' | 'failed', tool: ObservedTool }
    | { type: 'call' | 'confirm' | 'result', tool: ObservedTool, call: ToolCallRecord }

type Listener = (event: ObserverEvent) => void

const RECENT_PER_TOOL = 10
const RECENT = 50

export const observedTools: Set<ObservedTool> = new Set()
/** The page's recent calls, most recent last. */
export const recentCalls: ToolCallRecord[] = []
const listeners = new Set<Listener>()
let nextId = 0
let nextCallId = 0
const scopeKeys = new WeakMap<object, string>()
/** Whoever starts the next call synchronously (the inspector's run button). */
let nextCaller: string | undefined

export function onObserverEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function emit(event: ObserverEvent): void {
  notifyListeners(listeners, 'devtools', [event], true)
}

/** Calls `start` with the next call attributed to `caller`. */
export function callAs<T>(caller: string, start: () => T): T {
  nextCaller = caller
  try {
    return start()
  }
  finally {
    nextCaller = undefined
  }
}

function componentName(type: { name?: string, __name?: string, __file?: string }): string {
  return type.name || type.__name || type.__file?.match(/([^/\\]+)\.\w+$/)?.[1] || 'Anonymous'
}

let ownerOverride: { owner: ToolOwner, app: App | null } | undefined

/** Runs `setup` with the tools it sets up owned by `label` in `app` (the debugging tools). */
export function asOwner<T>(label: string, app: App, setup: () => T): T {
  ownerOverride = { owner: { key: `scope:${label}`, kind: 'scope', label }, app }
  try {
    return setup()
  }
  finally {
    ownerOverride = undefined
  }
}

/** Scopes the composables make for themselves (so `stop()` works): never an owner. */
const ownScopes = new WeakSet<object>()

/** Marks a scope a composable made for itself; its owner is the scope around it. */
export function markOwnScope(scope: object): void {
  ownScopes.add(scope)
}

/** The component or scope setting a tool up now, and its app. */
function currentOwner(): { owner: ToolOwner, app: App | null } {
  if (ownerOverride)
    return ownerOverride
  const instance = getCurrentInstance()
  let scope = getCurrentScope() as (EffectScope & { parent?: EffectScope }) | undefined
  while (scope && ownScopes.has(scope))
    scope = scope.parent
  const app = instance?.appContext.app ?? null
  if (instance && (!scope || scope === (instance as unknown as { scope?: unknown }).scope))
    return { owner: { key: `component:${instance.uid}`, kind: 'component', label: `<${componentName(instance.type as object)}>` }, app }
  let key = scope && scopeKeys.get(scope)
  if (scope && !key)
    scopeKeys.set(scope, key = `scope:${++nextId}`)
  return { owner: { key: key ?? 'scope:none', kind: 'scope', label: 'effect scope' }, app }
}

/**
 * `text` cut to `max` characters, as a string of its own. A slice (and a
 * concatenation holding one) keeps the whole text alive, and an agent's
 * arguments can be megabytes; `join` builds a fresh string.
 */
function copyCut(text: string, max: number): string {
  return Array.from(text.length > max ? `${text.slice(0, max - 1)}…` : text).join('')
}

/** `value` as JSON, else as text, cut to `max` characters. Never throws: it runs before the app's hooks. */
function json(value: unknown, max: number): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  }
  catch {
    try {
      text = String(value)
    }
    catch {
      text = '(unreadable)' // a revoked Proxy, a throwing toString
    }
  }
  return copyCut(text, max)
}

/** What failed, as `name: message` for an Error. Never throws (a revoked Proxy, a throwing `message` getter). */
function failureText(error: unknown): unknown {
  try {
    if (!(error instanceof Error))
      return error
    // A part of the package that could not load (call/loading.ts): which part and the browser's own
    // words first, before the agent's long text, so the records' cuts keep them.
    const { part, cause } = error as Error & { part?: unknown }
    return error.name === 'CodeLoadError' && typeof part === 'string'
      ? `${error.name}: ${part} (${cause instanceof Error ? cause.message : String(cause)}). ${error.message}`
      : `${error.name}: ${error.message}`
  }
  catch {
    return '(an unreadable failure)'
  }
}

/**
 * Characters of text in a result, for the panel and the debugging tools (the
 * result budget counts the serialized result: `resultSize` in results/errorResult).
 */
export function textLength(response: WebMCPToolResponse): number {
  return response.content.reduce((n, b) => n + (b.type === 'text' && typeof b.text === 'string' ? b.text.length : 0), 0)
}

/** The call path's hooks for one call of a tool. */
export interface CallObserver {
  onToolCall: (event: WebMCPToolCallEvent) => void
  onToolResult: (event: WebMCPToolResultEvent) => void
  /** The call waits for the person's decision (`'confirm'` events). */
  onConfirmationRequest?: () => void
}

function callObserver(tool: ObservedTool, caller = nextCaller ?? 'agent'): CallObserver {
  let record: ToolCallRecord | undefined
  return {
    onToolCall(event) {
      record = { id: ++nextCallId, tool: event.name, caller, at: Date.now(), done: false, args: json(event.args, 500) }
      tool.calls.push(record)
      if (tool.calls.length > RECENT_PER_TOOL)
        tool.calls.shift()
      recentCalls.push(record)
      if (recentCalls.length > RECENT)
        recentCalls.shift()
      emit({ type: 'call', tool, call: record })
    },
    onToolResult(event) {
      if (!record)
        return
      Object.assign(record, { done: true, ok: event.ok, ms: Math.round(event.ms * 10) / 10, textLength: textLength(event.response) })
      if (event.code)
        record.code = event.code
      if (event.error !== undefined)
        record.error = json(failureText(event.error), 200)
      if (event.confirmation)
        record.confirmation = event.confirmation.remembered ? 'remembered' : event.confirmation.decision
      emit({ type: 'result', tool, call: record })
    },
    onConfirmationRequest() {
      if (!record)
        return
      record.confirmation = 'waiting'
      emit({ type: 'confirm', tool, call: record })
    },
  }
}

function attempt(run: () => void): void {
  try {
    run()
  }
  catch (error) {
    console.error('[vue-webmcp] the development observer failed on a call.', error)
  }
}

/**
 * The settings of one call with the observer's hooks in front of the app's: the
 * observer always sees the arguments, the app's hooks only with
 * `includeArgs: true`, as before.
 */
export function observeSettings(settings: ToolCallSettings, observer: CallObserver): ToolCallSettings {
  const { includeArgs, onToolCall, onToolResult } = settings
  const own = <E extends { args?: unknown }>(event: E): E => {
    if (includeArgs === true)
      return event
    const { args: _args, ...rest } = event
    return rest as E
  }
  return {
    ...settings,
    includeArgs: true,
    // The app's hooks' own return values go back to the call path, which
    // catches a rejected promise as it does for an unobserved call.
    // The observer's own failure never keeps the app's hooks from running.
    onToolCall: (event) => {
      attempt(() => observer.onToolCall(event))
      return onToolCall?.(own(event))
    },
    onToolResult: (event) => {
      attempt(() => observer.onToolResult(event))
      return onToolResult?.(own(event))
    },
    onConfirmationRequest: () => attempt(() => observer.onConfirmationRequest?.()),
  }
}

/** The tool behind each registration slot (or form), by the object the composable holds. */
const byKey = new WeakMap<object, ObservedTool>()

/** The settings one call of the tool behind `key` hands the call path: `settings` with the observer's hooks. */
export function observedSettings(key: object, settings: ToolCallSettings, caller?: string): ToolCallSettings {
  const tool = byKey.get(key)
  return tool ? observeSettings(settings, callObserver(tool, caller)) : settings
}

type AppHook = (app: App, settings: ToolCallSettings) => void
const appHooks: AppHook[] = []

/** Runs for each tool's app as it is observed (the DevTools plugin, the debugging tools). */
export function onObservedApp(hook: AppHook): void {
  appHooks.push(hook)
}

/** Adds a tool for as long as the current scope lives; its state changes become events. */
function observe(tool: ObservedTool): void {
  observedTools.add(tool)
  emit({ type: 'added', tool })
  if (tool.app)
    appHooks.forEach(hook => hook(tool.app!, tool.settings))
  // flush 'sync': every registration and removal is an event, not just the last.
  const stop = watch([tool.isRegistered, tool.error], ([registered, error], [wasRegistered, oldError]) => {
    if (error && error !== oldError)
      emit({ type: 'failed', tool })
    else if (registered !== wasRegistered)
      emit({ type: registered ? 'registered' : 'unregistered', tool })
  }, { flush: 'sync' })
  onScopeDispose(() => {
    stop()
    observedTools.delete(tool)
    emit({ type: 'removed', tool })
  })
}

/** The part of a registration slot the observer reads. */
export interface ObservedSlot {
  options: any
  isRegistered: Ref<boolean>
  error: Ref<Error | null>
}

/**
 * Observes the tools of one `useWebMCPTool(s)` call; `observedSettings(slot, ...)`
 * gives each call the observer's hooks. `run` calls a tool through the same path an agent's call takes.
 */
export function observeRegistrations<S extends ObservedSlot>(
  slots: readonly S[],
  settings: ToolCallSettings,

  describe: (options: any) => ToolDefinition,
  enabled: (options: any) => boolean,
  run: (slot: S, args: object, definition: ToolDefinition) => Promise<WebMCPToolResponse>,
): void {
  const { owner, app } = currentOwner()
  for (const slot of slots) {
    const tool: ObservedTool = {
      id: `tool:${++nextId}`,
      kind: 'tool',
      owner,
      app,
      settings,
      definition: () => describe(slot.options),
      enabled: () => enabled(slot.options),
      isRegistered: slot.isRegistered,
      error: slot.error,
      calls: [],
      run: args => run(slot, args, describe(slot.options)),
    }
    byKey.set(slot, tool)
    observe(tool)
  }
}

/** The options of a form the observer reads. */
export interface ObservedForm {
  name: unknown
  description: unknown
  autosubmit?: unknown
}

/** Observes one `useWebMCPForm`, known by its `error` ref to `observedSettings`. */
export function observeForm(
  settings: ToolCallSettings,
  options: ObservedForm,
  error: Ref<Error | null>,
): void {
  const { owner, app } = currentOwner()
  const tool: ObservedTool = {
    id: `form:${++nextId}`,
    kind: 'form',
    owner,
    app,
    settings,
    definition: () => ({
      name: String(toValue(options.name)),
      description: String(toValue(options.description)),
      ...(toValue(options.autosubmit) ? { annotations: { autosubmit: true } } : {}),
    }),
    enabled: () => true,
    // The browser owns a form's registration: it is a tool while it is on the page.
    isRegistered: shallowRef(true),
    error,
    calls: [],
  }
  byKey.set(error, tool)
  observe(tool)
}
