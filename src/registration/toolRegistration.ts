// One tool's registration with the browser: `beginRegistration` asks the
// context's engine (platform/) for the call that registers its definition,
// `registerAll` makes such calls and follows the answers into `isRegistered`
// and `error`; `unregister` takes it back. A refused
// registration is retried when the name it wanted may have come free (see
// `onRefused`). No Vue import.
import type { ShallowRef } from 'vue'
import type { RegisteredTool, ToolView } from '../call/trackedCall'
import type { ToolDefinition, ToolExecuteCallbackOptions, WebMCPAnyToolOptions, WebMCPToolResponse } from '../types'
import type { CallState } from './callState'
import { engineOf } from '../platform/engine'
import { toError } from '../shared/toError'

/** What the tools of one `useWebMCPTool(s)` call share: the app's config, the group's options, their scope's end. */
export type ToolGroup = RegisteredTool['group']

/** One tool of a `useWebMCPTool(s)` call, with its state. */
export interface ToolSlot {
  options: WebMCPAnyToolOptions
  group: ToolGroup
  /** What the tool is now, as its calls read it: the definition and the settings (shared/callSettings.ts). */
  view: () => ToolView
  isRegistered: ShallowRef<boolean>
  error: ShallowRef<Error | null>
  /** The tool's `execute` as the browser gets it: hands the call to the call path. */
  call: (args: object | undefined, callOptions?: ToolExecuteCallbackOptions) => Promise<WebMCPToolResponse>
  /** What its calls did (callState.ts). */
  calls: CallState
  /** The registration in force (pending, held or refused), if any. */
  registration?: Registration
}

/** One attempt to register a tool. */
export interface Registration {
  /** Aborting it unregisters the tool, or withdraws the pending request. */
  controller: AbortController
  /** What it registered, as JSON in the author's key order, and where. */
  json: string
  context: WebMCP.ModelContext
  /**
   * A refusal is tried again at once: always for a first attempt, and for a
   * retry once the context's tools changed while it was pending (that change
   * may have freed the name).
   */
  retryAtOnce: boolean
  /** Refused: the next change of the context's tools tries again. */
  refused: boolean
}

/** A registration begun, and the call that makes it (`run` by `registerAll`). */
export interface BegunRegistration {
  slot: ToolSlot
  registration: Registration
  run: () => void | PromiseLike<void>
}

/**
 * Begins registering `slot`'s tool as `json` describes it: the registration
 * replaces the slot's own, and the call that makes it is returned, for
 * `registerAll` to run. `tool` is what the browser gets: a plain copy in the
 * author's key order (what agents and forms show), so no reactive proxy
 * reaches the browser and later changes to the options do not either. Its
 * members not set are `undefined`, which WebIDL and the polyfills read as
 * absent; `exposedTo` stays on it, a member the browser ignores.
 */
export function beginRegistration(
  slot: ToolSlot,
  json: string,
  modelContext: WebMCP.ModelContext,
  attempt: 'first' | 'retry',
  tool: ToolDefinition & { execute?: unknown } = JSON.parse(json),
): BegunRegistration {
  // A refused attempt a retry replaces ends: nothing waits on its behalf any more (a by-name engine stops watching for it).
  slot.registration?.controller.abort()
  const registration: Registration = { controller: new AbortController(), json, context: modelContext, retryAtOnce: attempt === 'first', refused: false }
  slot.registration = registration
  tool.execute = slot.call
  const { signal } = registration.controller
  const engine = engineOf(modelContext)
  // A retry listens from its beginning on, until its registration ends. A first
  // attempt does not, so a page's registrations add no listener until one is
  // refused; a context that reports no changes gets one retry, at once.
  if (attempt === 'retry')
    engine.onChange(modelContext, () => onToolChange(slot, registration), { once: true, signal })
  let run: BegunRegistration['run']
  try {
    run = engine.registerCall(modelContext, tool as WebMCP.ModelContextTool, signal, slot)
  }
  catch (reason) {
    // A context with no registerTool: the call fails as one that throws, into `error`.
    run = () => {
      throw reason
    }
  }
  return { slot, registration, run }
}

/**
 * Makes the registrations `begun`, back to back, and follows each answer
 * into the slot's `isRegistered` and `error`. The calls are made from here,
 * with no frame between: a page a DevTools client drives pays in each
 * registerTool call for every frame on the stack.
 */
export function registerAll(begun: readonly BegunRegistration[]): void {
  let next = 0
  try {
    while (next < begun.length) {
      const { slot, registration, run } = begun[next++]!
      let result: unknown
      try {
        result = run()
      }
      catch (reason) {
        // Chromium 150 throws synchronously (a duplicate or invalid name), and registers nothing.
        onRefused(slot, registration, reason)
        continue
      }
      // Chromium 151 and later, the polyfills and a by-name context that loads or lists first
      // return a promise; Chromium 150 returns undefined once the tool is registered.
      if (typeof (result as PromiseLike<void> | undefined)?.then === 'function')
        (result as PromiseLike<void>).then(() => onRegistered(slot, registration), (reason: unknown) => onRefused(slot, registration, reason))
      else
        onRegistered(slot, registration)
    }
  }
  finally {
    // A watcher that threw out of a write above leaves the rest unmade: they
    // let go of their registrations, so the next pass registers them.
    for (const { slot, registration } of begun.slice(next)) {
      if (isCurrent(slot, registration))
        unregister(slot)
    }
  }
}

/** Takes the tool back from the browser (or withdraws its pending registration). */
export function unregister(slot: ToolSlot): void {
  slot.registration?.controller.abort()
  slot.registration = undefined
  slot.isRegistered.value = false
}

/** Whether `registration` is still the slot's: one replaced while pending is answered with an AbortError, which is expected. */
function isCurrent(slot: ToolSlot, registration: Registration): boolean {
  return slot.registration === registration
}

function onRegistered(slot: ToolSlot, registration: Registration): void {
  if (!isCurrent(slot, registration))
    return
  slot.isRegistered.value = true
  slot.error.value = null
}

/**
 * A name another app or component held may be free by now or later. A first
 * attempt's refusal is retried at once (a change that freed the name while
 * it was pending went unheard: an HMR reload, the instance holding it going
 * away); a retry's refusal is retried on the next change, which a refused
 * retry does not cause, so this never loops. Whatever the refusal: a
 * duplicate name is the case that heals (an InvalidStateError), the others
 * fail again at the cost of one call per change.
 */
function onRefused(slot: ToolSlot, registration: Registration, reason: unknown): void {
  if (!isCurrent(slot, registration))
    return
  if (registration.retryAtOnce) {
    retry(slot, registration)
    return
  }
  registration.refused = true
  slot.isRegistered.value = false
  slot.error.value = toError(reason)
}

/** A change seen by a retry: after its refusal, try again; before it, let the refusal try again at once. */
function onToolChange(slot: ToolSlot, registration: Registration): void {
  if (registration.refused)
    retry(slot, registration)
  else
    registration.retryAtOnce = true
}

/** Registers again what `registration` asked for. */
function retry(slot: ToolSlot, registration: Registration): void {
  registerAll([beginRegistration(slot, registration.json, registration.context, 'retry')])
}
