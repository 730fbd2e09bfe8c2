// `useWebMCPForm`: a `<form>` an agent can fill and submit.
import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue'

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
