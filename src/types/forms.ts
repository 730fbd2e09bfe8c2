// `useWebMCPForm`: a `<form>` an agent can fill and submit.
import type { ComputedRef, MaybeRef, MaybeRefOrGetter, Ref } from 'vue'
import type { UseWebMCPToolOptions, WebMCPSupportable } from './tools'

/** One entry, or every entry when a name repeats (a checkbox group, `<select multiple>`). */
export type WebMCPFormFieldValue = FormDataEntryValue | FormDataEntryValue[]

export type WebMCPFormFields = Record<string, WebMCPFormFieldValue>

export interface UseWebMCPFormOptions<Fields extends WebMCPFormFields = WebMCPFormFields, Result = unknown> {
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
  /** Side effect when `execute` throws; the failure also lands in `lastError`. */
  onError?: (error: unknown) => void
  /**
   * Time limit for one submission's `execute`, in milliseconds, as
   * {@link UseWebMCPToolOptions.timeoutMs} counts it; a ref or a getter too,
   * read at each submission. Default: the app's `timeoutMs`.
   */
  timeoutMs?: MaybeRefOrGetter<number | undefined>
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
  /** What the last submission threw, until the next one. (A declarative form has no registration of its own, so no `error`.) */
  lastError: Readonly<Ref<Error | null>>
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

/**
 * `useWebMCPFormModel`'s options: the form's own (`model`, `schema`,
 * `onSubmit`, `autosubmit`), and every `useWebMCPTool` option but the two the
 * form replaces (`execute` by `onSubmit`, `inputSchema` by `schema`) and
 * `validateArgs` (the schema always checks an agent's values), passed on to
 * the tool and meaning what they mean there. Its arguments (`Args` in
 * `onStart`, `formatOutput`, `confirm`) are the agent's values.
 */
export interface UseWebMCPFormModelOptions<Values extends object = Record<string, unknown>, Result = unknown>
  extends Omit<UseWebMCPToolOptions<Partial<Values>, Result>, 'execute' | 'inputSchema' | 'validateArgs' | 'timeoutMs' | 'onError'> {
  /**
   * The form's state, bound to the app's inputs: a ref, or a `reactive()`
   * object (a form library's values), which is filled in place. An agent's
   * call sets it to the initial values (a copy taken at setup) with the
   * agent's on top, and sets it back to the initial values once the call has
   * answered.
   */
  model: MaybeRef<Values>
  /**
   * The values' schema: a JSON Schema, or a Standard Schema that describes
   * itself as JSON Schema (Zod 4.2+, ArkType, Valibot through
   * `toStandardJsonSchema()`). It always checks an agent's values before they
   * reach the model, whatever `validateArgs` the app or a group sets; a
   * mismatch is an `INVALID_ARGS` result, and neither the model nor
   * `onSubmit` sees the values.
   */
  schema: MaybeRefOrGetter<object>
  /**
   * Handles a submission, a person's or an agent's, with a copy of the model's values.
   * What it returns is the agent's result, normalized like a `useWebMCPTool`
   * result; a throw is the agent's `isError` result and lands in `lastError`.
   */
  onSubmit: (values: Values, context: WebMCPFormModelSubmitContext) => Result | Promise<Result>
  /**
   * Submit an agent's values at once. Default `false`: the call waits, with
   * the values in the model, for the person's `submit()` or `cancel()`.
   */
  autosubmit?: MaybeRefOrGetter<boolean>
  /**
   * Time limit for one agent call, in milliseconds. Unlike a tool's
   * `timeoutMs`, it counts the person's review (the wait for their `submit()`
   * or `cancel()`). On expiry the agent gets `TIMEOUT` and the model
   * its initial values back. Default: none, whatever the app's `timeoutMs` (a
   * declarative form waits for the person too). Read at each call.
   */
  timeoutMs?: MaybeRefOrGetter<number | undefined>
  /**
   * Side effect when `onSubmit` throws or returns an `Error`, as `useWebMCPTool`'s
   * `onError` for `execute`: a person's submission or an agent's (the agent
   * still gets an `isError` result). An agent's values that `schema` refuses
   * are not a failure of the form: they never reach `onSubmit`, the agent is
   * told `INVALID_ARGS`, and `onError` does not run.
   */
  onError?: (error: unknown) => void
}

export interface UseWebMCPFormModelReturn<Result = unknown> extends WebMCPSupportable {
  /**
   * Submits the model's values through `onSubmit`, for the app's submit
   * button. While an agent's call waits, this answers it. Resolves with what
   * `onSubmit` returned, or `undefined` when it threw (see `lastError`) or
   * a submission was already running (`isSubmitting`).
   */
  submit: () => Promise<Result | undefined>
  /**
   * The person declines the agent's waiting call: the agent gets a `DECLINED`
   * result (with `reason`, when given, as `decline(request, { reason })` of
   * `useWebMCPConfirmations`) and the model its initial values back. Does
   * nothing when no call waits; an `Event` (`@click="cancel"`) gives no reason.
   */
  cancel: (options?: { reason?: string }) => void
  /** An agent's call has filled the model and waits for the person's submit or cancel. */
  isAgentActive: Readonly<Ref<boolean>>
  /** `onSubmit` is running. */
  isSubmitting: Readonly<Ref<boolean>>
  /** What the last submission (a person's or an agent's) threw, until the next one. The registration's failure is `error`. */
  lastError: Readonly<Ref<Error | null>>
  /** The tool is registered with the browser. */
  isRegistered: Readonly<Ref<boolean>>
  /** The tool's registration failure, such as `NotAllowedError` from a `tools` Permissions Policy, as `useWebMCPTool`'s `error`. */
  error: Readonly<Ref<Error | null>>
  /** Withdraws the tool for good, before its scope ends. */
  stop: () => void
}
