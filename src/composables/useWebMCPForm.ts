import type { Ref } from 'vue'
import type { ToolCall } from '../call/callTool'
import type { ToolCallSettings } from '../shared/callSettings'
import type { UseWebMCPFormOptions, UseWebMCPFormReturn, WebMCPFormAttrs, WebMCPFormFields, WebMCPFormFieldValue, WebMCPFormReset } from '../types'
import { useEventListener } from '@vueuse/core'
import { computed, getCurrentInstance, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { wellFormedDescription } from '../definitions/description'
import { devtoolsHook } from '../devtools'
import { agentEventTargets } from '../platform/context'
import { injectConfig } from '../registration/config'
import { loadAndCallTool, warmUpWhenIdle } from '../registration/loadCallTool'
import { defaultDocument, refreshModelContext, useModelContext } from '../registration/modelContext'
import { useToolRegistrations } from '../registration/registrations'
import { ownScope } from '../registration/scope'
import { resolveCallSettings } from '../shared/callSettings'
import { toError } from '../shared/toError'
import { checkFieldsOnRender } from './formFieldChecks'
import { formRefusal, validatesHere } from './formValidity'

declare global {
  interface SubmitEvent {
    /** True when an agent submitted the form through its WebMCP tool. */
    readonly agentInvoked: boolean
    /**
     * Hands the agent the tool result. Call `preventDefault()` first, and call it
     * while the event is being dispatched.
     */
    respondWith: (agentResponse: Promise<unknown>) => void
  }
  /** `toolactivated` / `toolcancel`: neither bubbles nor cancels. */
  interface WebMCPEvent extends Event {
    readonly toolName: string
  }
  interface WindowEventMap {
    toolactivated: WebMCPEvent
    toolcancel: WebMCPEvent
  }
}

/**
 * The form's entries as an object. A name that can hold several values (a
 * group of same-name checkboxes, `<select multiple>`) is always an array, even
 * with one or no value chosen; `File` values are kept.
 */
export function formFields(form: HTMLFormElement, submitter?: HTMLElement | null): WebMCPFormFields {
  let data: FormData
  try {
    data = new FormData(form, submitter ?? undefined)
  }
  catch {
    data = new FormData(form) // the submitter was not a submit button of this form
  }
  const multi = new Set<string>()
  const checkboxes = new Map<string, number>()
  for (const element of Array.from(form.elements) as (HTMLInputElement | HTMLSelectElement)[]) {
    if (!element.name)
      continue
    if (element instanceof HTMLSelectElement && element.multiple)
      multi.add(element.name)
    else if ((element as HTMLInputElement).type === 'checkbox')
      checkboxes.set(element.name, (checkboxes.get(element.name) ?? 0) + 1)
  }
  checkboxes.forEach((count, name) => count > 1 && multi.add(name))
  // Collected in a Map, so a field named `__proto__` or `constructor` is a
  // field like any other, never a prototype member.
  const entries = new Map<string, WebMCPFormFieldValue>()
  multi.forEach(name => entries.set(name, []))
  data.forEach((value, name) => {
    const existing = entries.get(name)
    if (Array.isArray(existing))
      existing.push(value)
    else
      entries.set(name, existing !== undefined ? [existing, value] : value)
  })
  // Keys in the order of the controls (the groups above went in first), each
  // an own property, so a field named `__proto__` is a field like any other.
  const fields: WebMCPFormFields = {}
  const put = (name: string) => {
    if (entries.has(name) && !Object.hasOwn(fields, name))
      Object.defineProperty(fields, name, { value: entries.get(name), enumerable: true, writable: true, configurable: true })
  }
  for (const { name } of Array.from(form.elements) as HTMLInputElement[])
    put(name)
  entries.forEach((_, name) => put(name))
  return fields
}

/** The form a submit event is for; the handler may be bound on an element the event bubbled to. */
function submittedForm(event: Event): HTMLFormElement {
  for (const target of [event.currentTarget, event.target] as (Element | null)[]) {
    if (target?.localName === 'form')
      return target as HTMLFormElement
  }
  const form = (event.target as Element | null)?.closest?.('form')
  if (!form)
    throw new TypeError('useWebMCPForm\'s onSubmit handles a submit event of a form.')
  return form
}

/** The document's form for tool `name` (compared as text: a name may hold any character). */
function formNamed(document: Document | undefined, name: string): HTMLFormElement | undefined {
  return Array.from(document?.querySelectorAll<HTMLFormElement>('form[toolname]') ?? []).find(form => form.getAttribute('toolname') === name)
}

/** The options that say which tool a form is and how it resets, read when needed. */
type FormToolOptions = Pick<UseWebMCPFormOptions, 'name' | 'description' | 'autosubmit' | 'resetAfter'>

/**
 * A submission the browser marks `agentInvoked` while an agent's call of the
 * form is still answering. Chromium 156 marks so a person's click on submit as
 * well as a second agent call, and hands the pending call whichever answer
 * settles first: running it would answer the agent with the person's entries,
 * or count an agent's entries as a person's. It does not run: it is answered
 * with the pending call's own answer (an agent-marked submission left
 * unanswered fails the pending call), and the returned failure says why.
 */
function answerWhileBusy(submit: SubmitEvent, pendingAnswer: Promise<unknown>): unknown {
  try {
    submit.preventDefault()
    submit.respondWith(pendingAnswer)
  }
  catch (reason) {
    return reason ?? 'respondWith failed'
  }
  return new DOMException('This submission did not run: an agent\'s call of this form is still running. Submit again once it has answered.', 'InvalidStateError')
}

/** What one submission came to. */
interface SubmissionOutcome {
  /** The form submitted, once found. */
  form?: HTMLFormElement
  succeeded: boolean
  /** What went wrong, for `error`; `undefined` when nothing did. */
  failure: unknown
}

/** A submission's settings, read as it arrives; or, when an option's ref or getter threw, what it threw (the call path answers it). */
type SubmissionSettings = Pick<ToolCall<unknown, unknown>, 'settings' | 'unreadable'>

/**
 * Runs one submission, a person's or an agent's, through the call path, and
 * hands an agent the answer. Never rejects: everything here is the app's code
 * or the page's (option getters, `respondWith`, a handler bound on a wrapper
 * element), and whatever throws is this submission's failure. The call path
 * answers every failure of `execute`, and its own failure to load, with a result.
 */
async function runSubmission<Fields extends WebMCPFormFields, Result>(
  submit: SubmitEvent,
  byAgent: boolean,
  options: UseWebMCPFormOptions<Fields, Result>,
  read: SubmissionSettings,
  ended: AbortSignal,
  onAgentAnswer: (answer: Promise<unknown>) => void,
): Promise<SubmissionOutcome> {
  let form: HTMLFormElement | undefined
  let failure: unknown
  try {
    // Never navigate: the handler is the form's action, for a person and an agent.
    submit.preventDefault()
    form = submittedForm(submit)
    const fields = formFields(form, submit.submitter) as Fields
    const refusal = validatesHere(form, submit.submitter) ? formRefusal(form, toValue(options.name)) : undefined
    if (refusal)
      form.reportValidity() // the person sees what the agent is told
    // Read now, before the call path may load: an option that throws is this submission's failure.
    const call: ToolCall<Fields, Result> = {
      name: toValue(options.name),
      origin: { source: 'form', caller: byAgent ? 'agent' : 'person', autosubmitted: byAgent && !!toValue(options.autosubmit) },
      ...read,
      execute: (entries: Fields) => {
        if (refusal)
          throw refusal // nothing is submitted: the agent gets INVALID_ARGS
        return options.execute(entries, submit)
      },
      formatOutput: options.formatOutput && ((result: Result, entries: Fields) => options.formatOutput!(result, entries)),
      onError: (thrown: unknown) => options.onError?.(thrown),
      signals: [ended],
    }
    const outcome = loadAndCallTool(undefined, path => path.runToolCall(call, fields))
    if (byAgent && typeof submit.respondWith === 'function') {
      const response = outcome.then(answer => answer.response)
      try {
        submit.respondWith(response)
        onAgentAnswer(response)
      }
      catch (reason) {
        // The agent gets no answer: that is this submission's failure.
        response.catch(() => {})
        failure = reason ?? 'respondWith failed'
      }
    }
    const { ok, error: thrown } = await outcome
    if (!ok && thrown !== undefined)
      failure ??= thrown
    return { form, succeeded: ok && failure === undefined, failure }
  }
  catch (reason) {
    return { form, succeeded: false, failure: failure ?? reason ?? 'the submission failed' }
  }
}

/**
 * A person's submission of a form whose validation runs here (an autosubmit
 * form) that the validation refuses: it does not run, and the person sees the
 * browser's messages, as without `novalidate`.
 */
function refusedForPerson(submit: SubmitEvent): boolean {
  try {
    const form = submittedForm(submit)
    if (!validatesHere(form, submit.submitter) || form.checkValidity())
      return false
    submit.preventDefault()
    form.reportValidity()
    return true
  }
  catch {
    return false // not a form's submission: runSubmission reports it
  }
}

/** The submissions of one form under way, and the reset they leave due. */
interface FormResets {
  /** Whether a submission is under way. */
  busy: () => boolean
  started: () => void
  /** A submission ended, asking for a reset or not. Answers whether it was the last one under way. */
  finished: (form: HTMLFormElement | undefined, wantsReset: boolean) => boolean
  /** Resets `form` a task from now, unless a submission is under way by then. */
  resetSoon: (form: HTMLFormElement) => void
}

/**
 * Counts the submissions of one form under way and resets the form when due: the
 * form goes back to its initial values a task after the last answer settled.
 * A reset any earlier, or while another submission of the form runs, cancels
 * an agent's call.
 */
function formResets(ended: AbortSignal): FormResets {
  let pending = 0
  let resetDue = false
  function resetSoon(form: HTMLFormElement): void {
    setTimeout(() => {
      if (pending > 0)
        resetDue = true // another submission began: reset after it instead
      else if (!ended.aborted)
        form.reset()
    }, 0)
  }
  return {
    busy: () => pending > 0,
    started(): void {
      pending++
    },
    finished(form, wantsReset) {
      resetDue ||= wantsReset
      if (--pending > 0)
        return false
      if (resetDue && form) {
        resetDue = false
        resetSoon(form)
      }
      return true
    },
    resetSoon,
  }
}

/** Whether a submission leaves the form to be reset, by `resetAfter`. */
function dueForReset(when: WebMCPFormReset | undefined, byAgent: boolean, succeeded: boolean): boolean {
  return when !== 'never' && (byAgent || when === 'always' || (when === 'success' && succeeded))
}

/** The state an agent's submission and activation leave behind. */
interface AgentState {
  isAgentActive: Ref<boolean>
  /** An agent submitted since the last `toolactivated`: seen by it, which follows an autosubmit in the same task. */
  submitted: boolean
}

/**
 * Follows `toolactivated` / `toolcancel` for the form's tool: whether an agent
 * is filling the form in, and the entries it leaves behind when it stops.
 */
function agentEventHandler(options: FormToolOptions, document: Document | undefined, agent: AgentState, resets: FormResets): (event: Event) => void {
  return (event) => {
    let name: string, autosubmit: boolean, when: WebMCPFormReset | undefined
    try {
      name = toValue(options.name)
      autosubmit = !!toValue(options.autosubmit)
      when = toValue(options.resetAfter)
    }
    catch {
      return // the app's getter threw: nothing here can tell this form's events apart
    }
    if ((event as WebMCPEvent).toolName !== name)
      return
    const activated = event.type === 'toolactivated'
    // Chromium submits an autosubmit form first and fires `toolactivated`
    // after; there is nothing left for the agent to fill in. An activation
    // with no submission before it is a fill the browser refused (it failed
    // the form's own validation): the call has failed, and the browser fires
    // nothing else, so its entries are cleared here.
    const refused = activated && autosubmit && !agent.submitted && !resets.busy()
    agent.submitted = false
    agent.isAgentActive.value = activated && !autosubmit
    // The browser leaves a cancelled agent's entries in the form: clear them too.
    if ((refused || event.type === 'toolcancel') && when !== 'never') {
      const form = formNamed(document, name)
      if (form)
        resets.resetSoon(form)
    }
  }
}

/** Chromium lists a form whose description holds a lone surrogate (an emoji cut in half) as "": repaired as a tool's is. */
function formDescription(description: string): string {
  return typeof description === 'string' ? wellFormedDescription(description) : description
}

/**
 * Wires a declarative WebMCP form: sets `toolname` / `tooldescription`, answers
 * an agent's submission through `respondWith()`, and tracks whether an agent
 * is filling the form in. The same handler serves a person clicking Submit,
 * and the form's `action` never navigates. Development builds warn once about
 * each field Chrome's audit flags: one without a `name`, or without a
 * description (a `toolparamdescription` or a `<label>` with text; for a group
 * of same-name checkboxes or radios, `toolparamdescription` on their `<fieldset>`).
 */
export function useWebMCPForm<Fields extends WebMCPFormFields = WebMCPFormFields, Result = unknown>(
  options: UseWebMCPFormOptions<Fields, Result>,
): UseWebMCPFormReturn {
  const config = injectConfig()
  // Read at each submission, as every tool's are (shared/callSettings.ts). Arguments come
  // from the browser's own controls: no schema to validate against.
  const readSettings = (): SubmissionSettings => {
    try {
      return { settings: resolveCallSettings(config, {}, { validateArgs: false, timeoutMs: options.timeoutMs }) }
    }
    catch (reason) {
      return { settings: config as ToolCallSettings, unreadable: [reason] }
    }
  }
  const agent: AgentState = { isAgentActive: shallowRef(false), submitted: false }
  const isSubmitting = shallowRef(false)
  const error = shallowRef<Error | null>(null)
  const ended = new AbortController()
  const { document = defaultDocument } = options
  const resets = formResets(ended.signal)

  // The answer of the agent's call of the form still running, if one is.
  let pendingAgentAnswer: Promise<unknown> | undefined

  async function onSubmit(event: Event): Promise<void> {
    const submit = event as SubmitEvent
    const byAgent = submit.agentInvoked === true
    if (!byAgent && refusedForPerson(submit))
      return
    if (byAgent && pendingAgentAnswer) {
      error.value = toError(answerWhileBusy(submit, pendingAgentAnswer))
      return
    }
    agent.submitted ||= byAgent
    agent.isAgentActive.value = false
    isSubmitting.value = true
    error.value = null
    resets.started()
    const read = readSettings()
    if (__DEV__)
      read.settings = devtoolsHook({ type: 'call', key: error, settings: read.settings, caller: byAgent ? 'agent' : 'person' })
    const submission = await runSubmission(submit, byAgent, options, read, ended.signal, (answer) => {
      pendingAgentAnswer = answer
      const settled = () => (pendingAgentAnswer = undefined)
      answer.then(settled, settled)
    })
    let { failure } = submission
    let when: WebMCPFormReset | undefined
    try {
      when = toValue(options.resetAfter)
    }
    catch (reason) {
      failure ??= reason ?? 'resetAfter failed' // and the default, 'agent', applies
    }
    if (resets.finished(submission.form, dueForReset(when, byAgent, submission.succeeded)))
      isSubmitting.value = false
    if (failure !== undefined)
      error.value = toError(failure)
  }

  const attrs = computed<WebMCPFormAttrs>(() => ({
    toolname: toValue(options.name),
    tooldescription: formDescription(toValue(options.description)),
    // `novalidate`: the form's own validation runs in `onSubmit`, so an agent's refused fill is a result (see formValidity).
    ...(toValue(options.autosubmit) ? { toolautosubmit: '' as const, novalidate: true as const } : {}),
    onSubmit,
  }))

  // A scope of its own, so `stop()` can end what follows.
  const scope = ownScope('useWebMCPForm')
  scope.run(() => {
    // Development builds: Vue DevTools and the debugging tools see the form.
    if (__DEV__)
      devtoolsHook({ type: 'form', registrations: useToolRegistrations, settings: resolveCallSettings(config), options, error })
    followAgent(options, document, agent, resets)
    // Once the browser is idle with the form's tool there, the call path its submissions run through loads.
    if (config.warmUp !== false) {
      watch(useModelContext(document), (context) => {
        if (context)
          warmUpWhenIdle({ view: () => ({ name: toValue(options.name), settings: readSettings().settings }) })
      }, { immediate: true })
    }
    if (__DEV__ && getCurrentInstance())
      checkFieldsOnRender(() => toValue(options.name), name => formNamed(document, name), ended.signal)
    onScopeDispose(() => ended.abort(new DOMException('The form was unmounted.', 'AbortError')))
  })

  return {
    attrs,
    onSubmit,
    isAgentActive: agent.isAgentActive,
    isSubmitting,
    lastError: error,
    stop: () => scope.stop(),
  }
}

/** Listens for the agent's events on the form's tool, for as long as the current scope lives. */
function followAgent(options: FormToolOptions, document: Document | undefined, agent: AgentState, resets: FormResets): void {
  const modelContext = useModelContext(document)
  // Where an agent's events fire depends on the implementation (platform/context.ts
  // lists the targets). Each event sets the state outright, so a copy from a
  // second source changes nothing and none is counted twice.
  useEventListener(
    () => agentEventTargets(modelContext.value, document?.defaultView),
    ['toolactivated', 'toolcancel'],
    agentEventHandler(options, document, agent, resets),
  )
  watch(() => [toValue(options.name), toValue(options.description)], ([name], [before]) => {
    // A context that appeared after the polls ended is found on a change.
    refreshModelContext(document)
    // An activation belongs to the name the browser activated: a renamed form is another tool.
    if (name !== before) {
      agent.isAgentActive.value = false
      agent.submitted = false
    }
  })
}
