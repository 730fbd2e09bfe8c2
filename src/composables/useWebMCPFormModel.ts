import type { UseWebMCPFormModelOptions, UseWebMCPFormModelReturn, WebMCPToolExecuteOptions } from '../types'
import { shallowRef, toRaw, toValue } from 'vue'
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

const busyError = (name: string) => new DOMException(`The form "${name}" is still waiting for the person to finish an earlier call. Try again once it has been answered.`, 'InvalidStateError')

/**
 * Publishes a reactive form model and its schema as a WebMCP tool. An
 * agent's call is validated against the schema, fills the model the person
 * sees, and answers with what `onSubmit` returns: once the person submits
 * (`submit()`), or at once with `autosubmit`. `cancel()` declines it. The
 * same `onSubmit` serves the person's own submissions.
 */
export function useWebMCPFormModel<Values extends object = Record<string, unknown>, Result = unknown>(
  options: UseWebMCPFormModelOptions<Values, Result>,
): UseWebMCPFormModelReturn<Result> {
  const { model } = options
  const initial = snapshot(model.value)
  const isAgentActive = shallowRef(false)
  const isSubmitting = shallowRef(false)
  const error = shallowRef<Error | null>(null)
  let waiting: WaitingCall<Result> | undefined

  /**
   * Runs `onSubmit` once with a copy of the model's values, keeping `isSubmitting` and `error`;
   * rethrows its failure for the agent. A copy, because the model may change in place after it
   * (the person types on, or a form library resets the same object): what was submitted stays.
   */
  async function runOnSubmit(agentInvoked: boolean): Promise<Result> {
    isSubmitting.value = true
    error.value = null
    try {
      return await options.onSubmit(snapshot(model.value), { agentInvoked })
    }
    catch (reason) {
      error.value = reason instanceof Error ? reason : new Error(String(reason))
      if (!agentInvoked)
        options.onError?.(reason) // an agent's call reaches onError through the call path
      throw reason
    }
    finally {
      isSubmitting.value = false
    }
  }

  async function agentCall(args: Partial<Values>, { signal }: WebMCPToolExecuteOptions): Promise<Result> {
    const name = toValue(options.name)
    if (waiting || isSubmitting.value)
      throw busyError(name)
    // The call starts from the initial values: nothing an earlier call or the person left reaches it.
    model.value = { ...snapshot(initial), ...args }
    try {
      if (toValue(options.autosubmit))
        return await runOnSubmit(true)
      isAgentActive.value = true
      const { call, answered } = personAnswer<Result>(signal)
      waiting = call
      return await answered
    }
    finally {
      waiting = undefined
      isAgentActive.value = false
      model.value = snapshot(initial)
    }
  }

  async function submit(): Promise<Result | undefined> {
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

  function cancel(reason?: string): void {
    const call = waiting
    waiting = undefined
    call?.fail(declinedError(toValue(options.name), reason))
  }

  const tool = useWebMCPTool<Partial<Values>, Result>({
    name: options.name,
    title: options.title,
    description: options.description,
    inputSchema: options.schema,
    annotations: options.annotations,
    exposedTo: options.exposedTo,
    enabled: options.enabled,
    // The person's review is part of the call: only the app's own limit bounds it.
    timeoutMs: options.timeoutMs ?? 0,
    onError: options.onError,
    document: options.document,
    execute: agentCall,
  })

  return {
    submit,
    cancel,
    isAgentActive,
    isSubmitting,
    error,
    isRegistered: tool.isRegistered,
    registrationError: tool.error,
    isSupported: tool.isSupported,
    stop: tool.stop,
  }
}
