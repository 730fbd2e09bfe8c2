// A useWebMCPTool call with its call state (registration/callState.ts): the
// tool's call-time view, read as the call starts (the view the warm-up reads
// too), and what cancels the call; the state counted the call when it
// arrived; here, on the call path, `onStart` is
// scheduled as `execute` starts, what `execute` returned is noted, and once the
// agent's answer is made the call ends with that result or with why it failed,
// then `onSuccess` (or `onError`) is scheduled. Hooks and state are the page's:
// each hook runs in a task of its own, so the call never waits for one, its
// time never counts against the call's `timeoutMs`, and a throw in it never
// reaches the call. No Vue import.
import type { ToolCallSettings } from '../shared/callSettings'
import type { ToolExecuteCallbackOptions, UseWebMCPToolsSharedOptions, WebMCPAnyToolOptions, WebMCPConfig } from '../types'
import type { ToolCall, ToolCallOutcome } from './callTool'
import { runHook, runToolCall } from './callTool'

/**
 * How a call ended, for the call state: what `execute` returned, or why it
 * failed, as thrown (the call state makes it an `Error`; a hostile value may
 * not even be readable).
 */
export type CallEnding = { ok: true, result: unknown } | { ok: false, failure: unknown }

/** What a call reads of its tool as it starts: the definition and the settings (shared/callSettings.ts resolves them). */
export type ToolView = Pick<ToolCall<any, any>, 'name' | 'settings' | 'inputSchema' | 'title' | 'description' | 'annotations' | 'outputSchema'>

/** Ends a call the call state counted when it arrived. */
export type EndCall = (ending: CallEnding) => void

/** The hooks around a tool's `execute`, read at call time from its options. */
export interface CallHooks {
  onStart?: (args: any) => unknown
  onSuccess?: (result: any, args: any) => unknown
}

/**
 * Runs a hook of the tool's (`onStart`, `onSuccess`, `onError`) in a task of
 * its own, after the current one: the agent's answer never waits for it, and
 * its time never counts against the call's `timeoutMs`. Hooks run in the order
 * they were scheduled. Not awaited: a throw, or a promise it returns that
 * rejects, is reported in development builds and goes no further (`runHook`).
 */
function runHookLater(what: string, hook: () => unknown): void {
  setTimeout(() => runHook(what, hook))
}

/**
 * A hook of the tool's options, read once, without throwing: options built
 * with getters (a Proxy, a store not ready yet) may throw when read, and a
 * hook read is reported as a hook that throws (`runHook`).
 */
function hookOf<K extends keyof CallHooks>(hooks: CallHooks, what: K): CallHooks[K] {
  try {
    return hooks[what]
  }
  catch (error) {
    runHook(what, () => {
      throw error
    })
  }
}

/**
 * Why a call failed: what was thrown (or the call path's own failure), else,
 * for an `isError` result the tool returned, an Error with its text.
 */
function failureOf(outcome: ToolCallOutcome): unknown {
  if (outcome.error !== undefined)
    return outcome.error
  // The response is the call path's own plain copy: safe to read.
  const text = outcome.response.content.map(block => (block.type === 'text' ? block.text : '')).join('\n')
  const error = new Error(text || 'The tool returned an isError result.')
  error.name = 'ToolError'
  return error
}

/** A tool registered by useWebMCPTool(s), as its calls read it (registration/toolRegistration.ts's `ToolSlot`). */
export interface RegisteredTool {
  options: WebMCPAnyToolOptions
  /** Its call-time view, read as each call starts. */
  view: () => ToolView
  /** The registration in force: what it registered, and what ends it. */
  registration?: { json: string, controller: AbortController }
  group: {
    config: WebMCPConfig
    shared: UseWebMCPToolsSharedOptions
    /** Aborts when the tools' scope ends. */
    ended: AbortSignal
    /** Development builds: the settings a call runs with, as Vue DevTools and the debugging tools observe them. */
    observe?: (key: object, settings: ToolCallSettings) => ToolCallSettings
  }
}

/**
 * The call of `slot`'s tool, with its call-time view read now; `execute`,
 * `formatOutput` and `onError` are read from the options when they run, so
 * swapping them never re-registers the tool. A ref or getter that throws as the
 * view is read is the page's mistake, not the agent's: the call goes by the
 * definition the tool registered and the app's settings, and does not run
 * (`unreadableOptions`). `ran` notes what `execute` got and returned. Never throws.
 */
function readCall(
  slot: RegisteredTool,
  callOptions: ToolExecuteCallbackOptions | undefined,
  ran: { args?: unknown, result?: unknown, ran?: boolean },
): ToolCall<unknown, unknown> {
  const { options, registration, group: { config, shared, ended, observe } } = slot
  let view: ToolView
  let formatOutput: ToolCall<unknown, unknown>['formatOutput']
  let owner: ToolCall<unknown, unknown>['owner']
  let unreadable: [unknown] | undefined
  let callerSignal: AbortSignal | undefined
  try {
    callerSignal = callOptions?.signal
    view = slot.view()
    if (observe)
      view.settings = observe(slot, view.settings)
    formatOutput = options.formatOutput
    // A remembered approval belongs to this registration, this `execute` and what the person saw (call/confirm.ts).
    if (registration)
      owner = { ended: registration.controller.signal, execute: options.execute }
  }
  catch (error) {
    // The definition the tool registered is plain JSON of the package's own making.
    view = { name: '', ...JSON.parse(registration?.json ?? '{}') as Partial<ToolView>, settings: config as ToolCallSettings }
    unreadable = [error]
  }
  const name = view.name ?? ''
  return {
    name,
    settings: view.settings,
    inputSchema: view.inputSchema,
    title: view.title,
    description: view.description,
    annotations: view.annotations,
    outputSchema: view.outputSchema,
    execute: (args, runOptions) => {
      ran.args = args
      ran.ran = true
      const onStart = hookOf(options, 'onStart')
      if (onStart)
        runHookLater('onStart', () => onStart(args))
      const result = options.execute(args, runOptions)
      if (typeof (result as { then?: unknown } | null)?.then !== 'function')
        return (ran.result = result)
      return Promise.resolve(result).then(value => (ran.result = value))
    },
    formatOutput,
    // Its own `onError`, else its group's, which is told the tool's name.
    onError: error => runHookLater('onError', () => options.onError ? options.onError(error) : shared.onError?.(error, name)),
    signals: [callerSignal, ended],
    owner,
    unreadable,
  }
}

/**
 * Runs one call of `slot`'s tool (callTool.ts), with the tool's `onStart`
 * around its `execute`, then ends it with `end` in the call state that
 * counted it, and schedules `onSuccess`. Never rejects.
 */
export async function callRegisteredTool(
  slot: RegisteredTool,
  args: object | undefined,
  callOptions: ToolExecuteCallbackOptions | undefined,
  end: EndCall,
): Promise<ToolCallOutcome> {
  const ran: { args?: unknown, result?: unknown, ran?: boolean } = {}
  const outcome = await runToolCall(readCall(slot, callOptions, ran), args ?? {})
  end(outcome.ok ? { ok: true, result: ran.result } : { ok: false, failure: failureOf(outcome) })
  const onSuccess = outcome.ok && ran.ran ? hookOf(slot.options, 'onSuccess') : undefined
  if (onSuccess) {
    const { result, args: checkedArgs } = ran
    runHookLater('onSuccess', () => onSuccess(result, checkedArgs))
  }
  return outcome
}
