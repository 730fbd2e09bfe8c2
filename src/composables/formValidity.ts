import { ToolInputError } from '../shared/errors'

/** A form control the browser validates. */
type Validated = Element & Pick<HTMLInputElement, 'name' | 'willValidate' | 'checkValidity' | 'validationMessage'>

/**
 * Whether this submission is one the form's own validation must pass first.
 * An autosubmit form carries `novalidate`, because Chromium refuses an agent's
 * fill that fails validation with an opaque `UnknownError` before any submit
 * event; with `novalidate` the submission reaches the page, which checks here
 * instead, as the browser would have (a `formnovalidate` submitter skips it).
 */
export function validatesHere(form: HTMLFormElement, submitter: HTMLElement | null | undefined): boolean {
  return form.noValidate && !(submitter as HTMLButtonElement | null | undefined)?.formNoValidate
}

/**
 * The agent's answer for a form its own validation refuses: an `INVALID_ARGS`
 * error naming each field with the browser's message, or `undefined` when the
 * form is valid. Checking fires `invalid` on each refused control, as the
 * browser's own check does.
 */
export function formRefusal(form: HTMLFormElement, toolName: string): ToolInputError | undefined {
  const refused = (Array.from(form.elements) as Validated[])
    .filter(control => typeof control.checkValidity === 'function' && control.willValidate && !control.checkValidity())
    .map(control => `/${control.name || '(a field without a name)'}: ${control.validationMessage || 'The value is not valid.'}`)
  if (!refused.length)
    return undefined
  return new ToolInputError(`The form "${toolName}" refused these values, nothing was submitted:\n${refused.join('\n')}\nCorrect them and call the tool again.`)
}
