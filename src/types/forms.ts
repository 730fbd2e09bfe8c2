// `useWebMCPForm`: a `<form>` an agent can fill and submit.
import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue'
import type { WebMCPToolAnnotations } from './platform'
import type { WebMCPSupportable } from './tools'

/** One entry, or every entry when a name repeats (a checkbox group, `<select multiple>`). */
export type FormFieldValue = FormDataEntryValue | FormDataEntryValue[]

export type FormFields = Record<string, FormFieldValue>

export interface UseWebMCPFormOptions<Fields extends FormFields = FormFields, Result = unknown> {
  /** The form's `toolname`. */
  name: MaybeRefOrGetter<string>
  /** The form's `tooldescription`. */
  description: MaybeRefOrGetter<string>
  /** Let the agent submit without a click (`toolautosubmit`). */
  autosubmit?: MaybeRefOrGetter<boolean>
  /**
   * Handles a submission, by a person or by an agent, with the form's entries.
   * The return value is normalized like a `useWebMCPTool` result and handed to
   * the agent when one asked.
   */
  execute: (fields: Fields, event: SubmitEvent) => Result | Promise<Result>
  /** Optional shaper applied to the result before normalization. */
  formatOutput?: (result: Result, fields: Fields) => unknown
  /** Side effect when `execute` throws; the failure also lands in `error`. */
  onError?: (error: unknown) => void
  /** Time limit for one submission's `execute`, in milliseconds. */
  timeoutMs?: number
  /**
   * When the form goes back to its initial values, always after the answer has
   * been delivered (Chromium cancels an agent's call when its form resets
   * mid-call). `'agent'` (default): after every agent submission, so nothing an
   * agent put in reaches the next call or a person's submit. `'success'`: also
   * after a person's successful submission. `'always'`: after every submission.
   * `'never'`: the form is yours to reset. Unless `'never'`, an agent's
   * cancelled fill (`toolcancel`) is cleared too.
   */
  resetAfter?: MaybeRefOrGetter<WebMCPFormReset | undefined>
  /**
   * The document the form is in (a same-origin iframe's, a test's own): its
   * `modelContext` and window are where the agent's events are followed.
   * Default: the page's.
   */
  document?: Document
}

export type WebMCPFormReset = 'agent' | 'success' | 'always' | 'never'

export interface WebMCPFormAttrs {
/** The tool's name, from the `name` option. */
  toolname: string
  /** The tool's description, from the `description` option. */
  tooldescription: string
  /** Present (empty) only while `autosubmit` is true: the agent may submit without a person's click. */
  toolautosubmit?: ''
  /**
   * Set with `toolautosubmit`: the form's own validation runs in `onSubmit`
   * instead, so an agent's fill it refuses answers an `INVALID_ARGS` result.
   */
  novalidate?: true
  /** Handles a person's and an agent's submission; never navigates. */
  onSubmit: (event: Event) => Promise<void>
}

export interface UseWebMCPFormReturn {
  /** Spread onto the form: `<form v-bind="attrs">`. */
  attrs: ComputedRef<WebMCPFormAttrs>
  /** The submit handler alone, for a form that sets the attributes itself. */
  onSubmit: (event: Event) => Promise<void>
  /**
   * An agent is filling the form in (`toolactivated` until `toolcancel` or
   * submit). Stays `false` for an autosubmit form, which the browser submits
   * before it activates; `isSubmitting` covers that call.
   */
  isAgentActive: Readonly<Ref<boolean>>
  /** A submission's `execute` is running (a person's or an agent's). */
  isSubmitting: Readonly<Ref<boolean>>
  /** What the last submission threw, until the next one. */
  error: Readonly<Ref<Error | null>>
  /**
   * Stops following the agent (`toolactivated`, `toolcancel`) and aborts the
   * signal of submissions still running, as the end of its scope does. The
   * form stays a tool while its attributes are bound: remove the form to
   * withdraw it. With no active scope, the only way to end either.
   */
  stop: () => void
}

// `useWebMCPFormModel`: a form built from reactive state, not a `<form>`.

/** Who is submitting, for `onSubmit`. */
export interface WebMCPFormModelSubmitContext {
  /** True when the submission answers an agent's call (the person's click on it included). */
  agentInvoked: boolean
}

export interface UseWebMCPFormModelOptions<Values extends object = Record<string, unknown>, Result = unknown> {
  /** The tool's name. */
  name: MaybeRefOrGetter<string>
  /** What the form does, for the agent. */
  description: MaybeRefOrGetter<string>
  /** Human-readable label for user-agent UI. */
  title?: MaybeRefOrGetter<string | null | undefined>
  /**
   * The form's state, bound to the app's inputs. An agent's call sets it to
   * the initial values (a copy taken at setup) with the agent's on top, and
   * sets it back to the initial values once the call has answered.
   */
  model: Ref<Values>
  /**
   * The values' schema: a JSON Schema, or a Standard Schema that describes
   * itself as JSON Schema (Zod 4.2+, ArkType, Valibot through
   * `toStandardJsonSchema()`). An agent's values are checked against it
   * before they reach the model; a mismatch is an `INVALID_ARGS` result.
   */
  schema: MaybeRefOrGetter<object>
  /**
   * Handles a submission, a person's or an agent's, with a copy of the model's values.
   * What it returns is the agent's result, normalized like a `useWebMCPTool`
   * result; a throw is the agent's `isError` result and lands in `error`.
   */
  onSubmit: (values: Values, context: WebMCPFormModelSubmitContext) => Result | Promise<Result>
  /**
   * Submit an agent's values at once. Default `false`: the call waits, with
   * the values in the model, for the person's `submit()` or `cancel()`.
   */
  autosubmit?: MaybeRefOrGetter<boolean>
  /** Publish the tool only while true. */
  enabled?: MaybeRefOrGetter<boolean>
  annotations?: MaybeRefOrGetter<WebMCPToolAnnotations | undefined>
  exposedTo?: MaybeRefOrGetter<readonly string[] | undefined>
  /**
   * Time limit for one agent call, the person's review included, in
   * milliseconds; on expiry the agent gets `TIMEOUT` and the model its
   * initial values back. Default: none (a declarative form waits for the person too).
   */
  timeoutMs?: number
  /** Side effect when `onSubmit` throws, or an agent's values do not match `schema`. */
  onError?: (error: unknown) => void
  /** The document whose `modelContext` gets the tool. Default: the page's. */
  document?: Document
}

export interface UseWebMCPFormModelReturn<Result = unknown> extends WebMCPSupportable {
  /**
   * Submits the model's values through `onSubmit`, for the app's submit
   * button. While an agent's call waits, this answers it. Resolves with what
   * `onSubmit` returned, or `undefined` when it threw (see `error`).
   */
  submit: () => Promise<Result | undefined>
  /**
   * The person declines the agent's waiting call: the agent gets a `DECLINED`
   * result (with `reason`, when given) and the model its initial values back.
   * Does nothing when no call waits.
   */
  cancel: (reason?: string) => void
  /** An agent's call has filled the model and waits for the person's submit or cancel. */
  isAgentActive: Readonly<Ref<boolean>>
  /** `onSubmit` is running. */
  isSubmitting: Readonly<Ref<boolean>>
  /** What the last submission threw, until the next one. */
  error: Readonly<Ref<Error | null>>
  /** The tool is registered with the browser. */
  isRegistered: Readonly<Ref<boolean>>
  /** The tool's registration failure, if any. */
  registrationError: Readonly<Ref<Error | null>>
  /** Withdraws the tool for good, before its scope ends. */
  stop: () => void
}
