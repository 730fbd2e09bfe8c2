import type { MaybeRef, MaybeRefOrGetter } from 'vue'
import type { ToolExecuteCallbackOptions, UseWebMCPFormModelOptions, UseWebMCPFormModelReturn } from '../types'
import { isReadonly, isRef, shallowRef, toRaw, toValue } from 'vue'
import { isErrorLike } from '../shared/errorLike'
import { warnOnce } from '../shared/warn'
import { useWebMCPTool } from './useWebMCPTool'

/** A copy of the model's values that later edits of the model do not reach. */
function snapshot<Values extends object>(values: Values): Values {
  const raw = toRaw(values)
  try {
    return structuredClone(raw)
  }
  catch {
    return Array.isArray(raw) ? [...raw] as Values : { ...raw } // functions or class instances in the model: one level deep
  }
}

/** The model's values: a ref's value, or the `reactive()` object itself. */
function valuesOf<Values extends object>(model: MaybeRef<Values>): Values {
  return isRef(model) ? model.value : model
}

/**
 * Gives the model `values`: a ref gets them as its new value; a `reactive()`
 * object is filled in place (the app's inputs and a form library hold that
 * object), its keys `values` lacks deleted.
 */
function setValues<Values extends object>(model: MaybeRef<Values>, values: Values): void {
  if (isRef(model)) {
    model.value = values
    return
  }
  const target = model as Record<string, unknown>
  for (const key of Object.keys(target)) {
    if (!Object.hasOwn(values, key))
      delete target[key]
  }
  for (const key of Object.keys(values)) {
    const value = (values as Record<string, unknown>)[key]
    // An agent's `__proto__` key is data, as JSON.parse makes it: assigned, it would set the model's prototype.
    if (key === '__proto__')
      Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
    else
      target[key] = value
  }
}

/** The agent's call waiting for the person, and how to settle it. */
interface WaitingCall<Result> {
  answer: (result: Result) => void
  fail: (reason: unknown) => void
}

/**
 * The answer the person gives to an agent's call: settled through `call`, or
 * failed when `signal` aborts (the caller cancelled, the call timed out, the
 * scope ended).
 */
function personAnswer<Result>(signal: AbortSignal): { call: WaitingCall<Result>, answered: Promise<Result> } {
  let call!: WaitingCall<Result>
  const answered = new Promise<Result>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    const settle = <T>(then: (value: T) => void) => (value: T) => {
      signal.removeEventListener('abort', onAbort)
      then(value)
    }
    call = { answer: settle(resolve), fail: settle(reject) }
  })
  return { call, answered }
}

function declinedError(name: string, reason?: string): Error {
  const error = new Error(`The person declined this call of tool "${name}": nothing was submitted.${reason ? ` Their reason: ${reason}` : ''} Do not call it again unless the person asks you to.`)
  error.name = 'DeclinedError' // the call path answers it as DECLINED
  return error
}

const readonlyError = (name: string) => new TypeError(`The form "${name}" cannot take the agent's values: its model is readonly, so nothing was filled or submitted. Tell the person.`)

/**
 * Fills the model with an agent's values. A readonly model ignores writes (with
 * a warning in development): `onSubmit` would get its initial values as the
 * agent's, so the call fails instead.
 */
function fillForAgent<Values extends object>(model: MaybeRef<Values>, values: Values, name: string): void {
  if (isReadonly(model))
    throw readonlyError(name)
  setValues(model, values)
}

function warnIfReadonly(model: unknown, name: string): void {
  if (isReadonly(model))
    warnOnce(`useWebMCPFormModel "${name}": the model is readonly, so an agent's call cannot fill it and fails. Pass the writable ref or reactive() object.`)
}

/**
 * The form's schema as its tool reads it. One not there yet (a ref still
 * undefined while it loads) accepts nothing: no agent value goes unchecked.
 * A Standard Schema is taken as it is (an ArkType type is a function).
 */
function checkedSchema(schema: MaybeRefOrGetter<object>): () => object | false {
  return () => ((schema as { '~standard'?: unknown })['~standard'] ? schema : toValue(schema)) || false
}

const busyError = (name: string) => new DOMException(`The form "${name}" is still waiting for the person to finish an earlier call. Try again once it has been answered.`, 'InvalidStateError')

/**
 * Publishes a form model (a ref or a `reactive()` object) and its schema as a
 * WebMCP tool. An agent's call is validated against the schema, fills the
 * model the person sees, and answers with what `onSubmit` returns: once the
 * person submits (`submit()`), or at once with `autosubmit`. `cancel()`
 * declines it. The same `onSubmit` serves the person's own submissions. Every
 * other option is `useWebMCPTool`'s, passed on to the tool.
 */
export function useWebMCPFormModel<Values extends object = Record<string, unknown>, Result = unknown>(
  options: UseWebMCPFormModelOptions<Values, Result>,
): UseWebMCPFormModelReturn<Result> {
  const { model, schema, onSubmit, autosubmit, ...toolOptions } = options
  const initial = snapshot(valuesOf(model))
  if (__DEV__)
    warnIfReadonly(model, toValue(options.name))
  const isAgentActive = shallowRef(false)
  const isSubmitting = shallowRef(false)
  const lastError = shallowRef<Error | null>(null)
  let waiting: WaitingCall<Result> | undefined

  /**
   * Runs `onSubmit` once with a copy of the model's values, keeping `isSubmitting` and `lastError`;
   * rethrows its failure for the agent. A copy, because the model may change in place after it
   * (the person types on, or a form library resets the same object): what was submitted stays.
   */
  async function runOnSubmit(agentInvoked: boolean): Promise<Result> {
    isSubmitting.value = true
    lastError.value = null
    try {
      const result = await onSubmit(snapshot(valuesOf(model)), { agentInvoked })
      // A returned Error is a failure like a thrown one, as for a tool's `execute`.
      if (isErrorLike(result))
        throw result
      return result
    }
    catch (reason) {
      lastError.value = isErrorLike(reason) ? reason : new Error(String(reason))
      if (!agentInvoked)
        options.onError?.(reason) // an agent's call reaches onError through the call path
      throw reason
    }
    finally {
      isSubmitting.value = false
    }
  }

  async function agentCall(args: Partial<Values>, { signal }: ToolExecuteCallbackOptions): Promise<Result> {
    const name = toValue(options.name)
    if (waiting || isSubmitting.value)
      throw busyError(name)
    // From the initial values (nothing an earlier call or the person left), with a copy of the arguments (the person edits them).
    fillForAgent(model, { ...snapshot(initial), ...snapshot(args) }, name)
    try {
      if (toValue(autosubmit))
        return await runOnSubmit(true)
      isAgentActive.value = true
      const { call, answered } = personAnswer<Result>(signal)
      waiting = call
      return await answered
    }
    finally {
      waiting = undefined
      isAgentActive.value = false
      setValues(model, snapshot(initial))
    }
  }

  async function submit(): Promise<Result | undefined> {
    // One at a time: during an agent's autosubmit, a second run would submit its values as the person's.
    if (isSubmitting.value)
      return undefined
    const call = waiting
    waiting = undefined // a second click does not answer twice
    try {
      const result = await runOnSubmit(!!call)
      call?.answer(result)
      return result
    }
    catch (reason) {
      call?.fail(reason)
      return undefined
    }
  }

  function cancel(cancelOptions?: { reason?: string }): void {
    const call = waiting
    waiting = undefined
    call?.fail(declinedError(toValue(options.name), cancelOptions?.reason))
  }

  const tool = useWebMCPTool<Partial<Values>, Result>({
    ...toolOptions,
    inputSchema: checkedSchema(schema),
    // The model is what the person sees and `onSubmit` gets: whatever the app or a group says, only values its schema accepts.
    validateArgs: true,
    // The person's review is part of the call: only the form's own limit bounds it.
    timeoutMs: () => toValue(toolOptions.timeoutMs) ?? 0,
    execute: agentCall,
  })

  const { isRegistered, error, isSupported, stop } = tool
  return { submit, cancel, isAgentActive, isSubmitting, lastError, isRegistered, error, isSupported, stop }
}
