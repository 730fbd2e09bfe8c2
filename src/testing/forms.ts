// Declarative forms as Chromium 156 turns them into tools, measured in the
// browser lane and held to it by test/contract/modelContext.test.ts: which
// forms are tools, the input schema built from their controls, how an agent's
// input fills them in, and what an agent's submission looks like to the page.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
type Schema = Record<string, unknown>

/** Why a form call failed, as the browser words it; the caller gets an `UnknownError`. */
export class FormCallError extends Error {}

const SKIPPED_TYPES = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image'])

// Chromium describes these as a pattern in `format`.
const TIME_FORMATS: Record<string, string> = {
  'datetime-local': '^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$',
  'time': '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  'month': '^[0-9]{4}-(0[1-9]|1[0-2])$',
  'week': '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$',
  'color': '^#[0-9a-zA-Z]{6}$',
}
const DATE_NOTE = 'Dates MUST be provided in \'YYYY-MM-DD\' format.'

/** A connected form with both `toolname` and `tooldescription` is a tool. */
export function isToolForm(form: HTMLFormElement): boolean {
  return form.isConnected && !!form.getAttribute('toolname') && !!form.getAttribute('tooldescription')
}

/** The tool forms of `root`, first one wins for a name. */
export function toolForms(root: ParentNode): Map<string, HTMLFormElement> {
  const forms = new Map<string, HTMLFormElement>()
  for (const form of Array.from(root.querySelectorAll<HTMLFormElement>('form[toolname][tooldescription]'))) {
    const name = form.getAttribute('toolname')!
    if (isToolForm(form) && !forms.has(name))
      forms.set(name, form)
  }
  return forms
}

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/** The text of a control's label, without the text of the controls inside it. */
function labelText(control: Control): string {
  const label = control.labels?.[0] ?? control.closest('label')
  if (!label)
    return ''
  const copy = label.cloneNode(true) as HTMLElement
  copy.querySelectorAll('input, select, textarea, button').forEach(e => e.remove())
  return squash(copy.textContent)
}

function choices(entries: { value: string, title: string }[]): Schema {
  return {
    type: 'string',
    anyOf: entries.map(({ value, title }) => ({ type: 'string', const: value, ...(title ? { title } : {}) })),
    enum: entries.map(e => e.value),
  }
}

function selectSchema(select: HTMLSelectElement): Schema {
  const options = Array.from(select.options).map(o => ({ value: o.value, title: squash(o.text) }))
  return select.multiple ? { type: 'array', items: choices(options), uniqueItems: true } : choices(options)
}

function inputSchema(input: Control): Schema {
  if (input instanceof HTMLTextAreaElement)
    return { type: 'string' }
  const type = input.type
  if (type === 'number' || type === 'range') {
    const schema: Schema = { type: 'number' }
    if (input.getAttribute('min') !== null && input.min !== '')
      schema.minimum = Number(input.min)
    if (input.getAttribute('max') !== null && input.max !== '')
      schema.maximum = Number(input.max)
    const step = input.getAttribute('step')
    if (step === null)
      schema.multipleOf = 1
    else if (step !== 'any' && Number(step) > 0)
      schema.multipleOf = Number(step)
    return schema
  }
  if (type === 'date')
    return { type: 'string', format: 'date' }
  if (TIME_FORMATS[type])
    return { type: 'string', format: TIME_FORMATS[type] }
  const pattern = input.getAttribute('pattern')
  return pattern ? { type: 'string', pattern } : { type: 'string' }
}

function controlsByName(form: HTMLFormElement): Map<string, Control[]> {
  const byName = new Map<string, Control[]>()
  for (const element of Array.from(form.elements) as Control[]) {
    if (!element.name || element.disabled || !('value' in element) || element instanceof HTMLButtonElement)
      continue
    if (element instanceof HTMLInputElement && SKIPPED_TYPES.has(element.type))
      continue
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement))
      continue
    const list = byName.get(element.name) ?? []
    list.push(element)
    byName.set(element.name, list)
  }
  return byName
}

type Kind = 'group' | 'checkbox' | 'radio' | 'select' | 'value'

function kindOf(controls: Control[]): Kind | undefined {
  const [first] = controls
  const type = first instanceof HTMLInputElement ? first.type : ''
  if (controls.every(c => c instanceof HTMLInputElement && c.type === 'checkbox'))
    return controls.length > 1 ? 'group' : 'checkbox'
  if (controls.every(c => c instanceof HTMLInputElement && c.type === 'radio'))
    return 'radio'
  if (controls.length > 1)
    return undefined // two text fields with one name: Chromium lists neither
  return first instanceof HTMLSelectElement ? 'select' : type === 'radio' ? 'radio' : 'value'
}

/** The input schema Chromium builds from a form's controls. */
export function formSchema(form: HTMLFormElement): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  controlsByName(form).forEach((controls, name) => {
    const kind = kindOf(controls)
    if (!kind)
      return
    const first = controls[0]!
    let schema: Schema
    if (kind === 'group')
      schema = { type: 'array', items: choices(controls.map(c => ({ value: c.value, title: labelText(c) }))), uniqueItems: true }
    else if (kind === 'checkbox')
      schema = { type: 'boolean' }
    else if (kind === 'radio')
      schema = choices(controls.map(c => ({ value: c.value, title: labelText(c) })))
    else if (kind === 'select')
      schema = selectSchema(first as HTMLSelectElement)
    else
      schema = inputSchema(first)
    // A control's own description wins over its label; a choice's labels are its titles.
    const own = first.getAttribute('toolparamdescription')
    const description = own ?? (kind === 'value' || kind === 'select' ? labelText(first) : '')
    if (schema.format === 'date')
      schema.description = description ? `${description} (${DATE_NOTE})` : DATE_NOTE
    else if (description)
      schema.description = description
    properties[name] = schema
    if (controls.some(c => c.required))
      required.push(name)
  })
  return { type: 'object', properties, required }
}

/** Whether `text` is a valid date: `YYYY-MM-DD`, a year of four or more digits from 1, a day within its month. */
function isDate(text: string): boolean {
  const match = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(text)
  if (!match)
    return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return year > 0 && !!days && day >= 1 && day <= days
}

const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?$/
/**
 * What the types that clear a value they cannot hold (value sanitization)
 * accept: Chromium refuses an agent's value that would be cleared.
 */
const VALUE_CHECKS: Record<string, (text: string) => boolean> = {
  'number': text => /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?$/i.test(text),
  'date': isDate,
  'month': text => /^\d{4,}-(?:0[1-9]|1[0-2])$/.test(text) && !/^0+-/.test(text),
  'week': text => /^\d{4,}-W(?:0[1-9]|[1-4]\d|5[0-3])$/.test(text) && !/^0+-/.test(text),
  'time': text => TIME_RE.test(text),
  'datetime-local': text => isDate(text.slice(0, text.search(/[T ]/))) && TIME_RE.test(text.slice(text.search(/[T ]/) + 1)),
}
VALUE_CHECKS.range = VALUE_CHECKS.number!

/** Fires what Chromium fires for a control an agent set: `input` only when its state changed, `change` as given. */
function dispatch(control: Control, input: boolean, change: boolean): void {
  if (input)
    control.dispatchEvent(new Event('input', { bubbles: true }))
  if (change)
    control.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Sets a checkbox or radio: Chromium fires `change` even when it was already so, `input` only when it changes. */
function setChecked(control: HTMLInputElement, checked: boolean): void {
  const changed = control.checked !== checked
  control.checked = checked
  dispatch(control, changed, true)
}

/**
 * Fills the form from an agent's input as Chromium does: the named controls
 * are set (firing `input` and `change` as the browser does), the others keep
 * their values. Throws `FormCallError` with the browser's words for an
 * unknown name or a value the control cannot take, before anything is set.
 */
export function fillForm(form: HTMLFormElement, input: Record<string, unknown>): void {
  const byName = controlsByName(form)
  const properties = formSchema(form).properties as Record<string, Schema>
  const invalid = (key: string, value: unknown) => new FormCallError(`Invalid value ${JSON.stringify(typeof value === 'string' ? value : JSON.stringify(value))} for parameter ${key}`)
  for (const [key, value] of Object.entries(input)) {
    const schema = properties[key]
    if (!schema)
      throw new FormCallError(`Input contains a parameter "${key}" but there is no such parameter for the tool`)
    const allowed = (schema.type === 'array' ? (schema.items as Schema).enum : schema.enum) as string[] | undefined
    if (schema.type === 'array' ? !Array.isArray(value) || (allowed && value.some(v => !allowed.includes(v))) : allowed && !allowed.includes(value as string))
      throw invalid(key, value)
    if (schema.type === 'boolean' && typeof value !== 'boolean')
      throw invalid(key, value)
    if (schema.type === 'array' || schema.type === 'boolean' || allowed)
      continue
    // A field takes a string, number or boolean as its text, if its type can hold that text.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw new FormCallError(`Invalid value for parameter ${key}`)
    const control = byName.get(key)![0]!
    const check = control instanceof HTMLInputElement ? VALUE_CHECKS[control.type] : undefined
    if (check && String(value) !== '' && !check(String(value)))
      throw invalid(key, String(value))
  }
  for (const [key, value] of Object.entries(input)) {
    const controls = byName.get(key)!
    const [first] = controls
    if (first instanceof HTMLInputElement && first.type === 'radio') {
      // Only the radio chosen: checking it unchecks the others, which fire nothing.
      const chosen = controls.find(c => c.value === value)
      if (chosen)
        setChecked(chosen as HTMLInputElement, true)
    }
    else if (first instanceof HTMLInputElement && first.type === 'checkbox') {
      for (const control of controls as HTMLInputElement[])
        setChecked(control, Array.isArray(value) ? value.includes(control.value) : value === true)
    }
    else if (first instanceof HTMLSelectElement && first.multiple) {
      const before = Array.from(first.options, o => o.selected).join()
      for (const option of Array.from(first.options))
        option.selected = (value as string[]).includes(option.value)
      const changed = Array.from(first.options, o => o.selected).join() !== before
      dispatch(first, changed, changed)
    }
    else if (first) {
      const changed = first.value !== String(value)
      first.value = String(value)
      dispatch(first, changed, changed)
    }
  }
}

/** Chromium's words for a missing required value, which happy-dom words its own way. */
function missingValue(control: Control): string {
  if (control instanceof HTMLSelectElement)
    return 'Please select an item in the list.'
  return control.type === 'checkbox' ? 'Please check this box if you want to proceed.' : control.type === 'radio' ? 'Please select one of these options.' : 'Please fill out this field.'
}

/** Every invalid control, worded like Chromium's "Form validation failed" error. */
export function validationFailure(form: HTMLFormElement): string | undefined {
  const failures = (Array.from(form.elements) as Control[])
    .filter(element => typeof element.checkValidity === 'function' && element.willValidate !== false && !element.checkValidity())
    .map(element => `${element.name}: ${element.validity?.valueMissing ? missingValue(element) : element.validationMessage}. `)
  return failures.length ? `Form validation failed: ${failures.join('')}` : undefined
}

/**
 * Makes `event` an agent's submission: `agentInvoked` true and a
 * `respondWith()` that needs `preventDefault()` first. Returns a getter for
 * the response handed over, if any.
 */
export function asAgentSubmission(event: Event): () => Promise<unknown> | undefined {
  let response: Promise<unknown> | undefined
  Object.defineProperties(event, {
    agentInvoked: { configurable: true, value: true },
    respondWith: { configurable: true, value: (promise: Promise<unknown>) => {
      if (!event.defaultPrevented)
        throw new DOMException('respondWith() needs preventDefault() first.', 'InvalidStateError')
      response = Promise.resolve(promise)
    } },
  })
  if (!('submitter' in event))
    Object.defineProperty(event, 'submitter', { configurable: true, value: null })
  return () => response
}

const NO_SUBMIT_BUTTON = 'No submit button was found, but for a form without `toolautosubmit`, there must be a submit button'
const RESPONSE_REJECTED = 'respondWith promise was rejected'
const RESPONSE_NOT_JSON = 'respondWith promise resolved with an object that could not be serialized to JSON'

const fail = (message: string) => new DOMException(message, 'UnknownError')

function hasSubmitButton(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(e => (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === 'submit')
    || !!form.querySelector('input[type=image]') // not among `elements`
}

/**
 * The `submit` event of an autosubmitted call, as Chromium dispatches it: a
 * `SubmitEvent` whose submitter is the form's first enabled submit button, as
 * a click on it gives (so `new FormData(form, event.submitter)` holds its name
 * and value); `null` when the form has none.
 */
function agentSubmitEvent(form: HTMLFormElement): Event {
  const submitter = Array.from(form.elements).find((e): e is HTMLButtonElement | HTMLInputElement =>
    (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === 'submit' && !e.disabled) ?? null
  const init = { bubbles: true, cancelable: true, submitter }
  return typeof SubmitEvent === 'function' ? new SubmitEvent('submit', init) : Object.assign(new Event('submit', init), { submitter })
}

/** What the page's response becomes for the caller: a string as it is (`''` too, unlike `execute`'s), anything else as JSON. */
function serializeResponse(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined'
}

/**
 * Watches for the page's own `form.submit()` while `submitting` is true:
 * Chromium counts a form submitted that way as answered (`null`). Returns
 * whether it was called, and puts `submit` back.
 */
function watchSubmit(form: HTMLFormElement): () => boolean {
  let submitted = false
  const own = Object.getOwnPropertyDescriptor(form, 'submit')
  const submit = form.submit // the DOM's own, on the form the DOM knows (happy-dom refuses a proxy as `this`)
  Object.defineProperty(form, 'submit', { configurable: true, writable: true, value() {
    submitted = true
    return submit.call(form)
  } })
  return () => {
    if (own)
      Object.defineProperty(form, 'submit', own)
    else
      delete (form as Partial<HTMLFormElement>).submit
    return submitted
  }
}

/**
 * An agent's call of a declarative form, as Chromium 156 makes it: fill in
 * the controls, then submit at once (`toolautosubmit`) or wait for a person
 * to submit; `activated` fires `toolactivated` once the form was submitted,
 * or is waiting, or refused the call. The page's `submit` event has
 * `agentInvoked` and `respondWith()`, as has every other submission of the
 * form until the call is answered, and the call resolves with the first
 * response to settle, a task later (a reset before it cancels the call);
 * with `null` when the page let the form submit. `signal` ends the wait.
 */
export function formCall(form: HTMLFormElement, input: () => Record<string, unknown>, activated: () => void, signal: AbortSignal): Promise<string> {
  const autosubmit = form.hasAttribute('toolautosubmit')
  try {
    const values = input()
    if (!autosubmit && !hasSubmitButton(form))
      throw new FormCallError(NO_SUBMIT_BUTTON)
    fillForm(form, values)
    // As Chromium: a `novalidate` form is submitted as filled, and the page validates.
    const invalid = autosubmit && !form.hasAttribute('novalidate') && validationFailure(form)
    if (invalid)
      throw new FormCallError(invalid)
  }
  catch (error) {
    activated()
    return Promise.reject(error instanceof FormCallError ? fail(error.message) : error)
  }
  return new Promise<string>((resolve, reject) => {
    let done = false
    const finish = (settle: () => void) => {
      if (done)
        return
      done = true
      form.removeEventListener('reset', onReset)
      form.ownerDocument.removeEventListener('submit', onSubmit, true)
      signal.removeEventListener('abort', onAbort)
      // Chromium hands the answer over a task after the page's response.
      setTimeout(settle, 0)
    }
    const onReset = () => finish(() => reject(fail(RESET_CANCELS)))
    const onAbort = () => finish(() => reject(signal.reason))
    const answer = (event: Event, response: () => Promise<unknown> | undefined, submitted: boolean) => {
      const promise = response()
      if (promise) {
        promise.then((value) => {
          let text: string
          try {
            text = serializeResponse(value)
          }
          catch {
            return finish(() => reject(fail(RESPONSE_NOT_JSON)))
          }
          finish(() => resolve(text))
        }, () => finish(() => reject(fail(RESPONSE_REJECTED))))
      }
      else if (!event.defaultPrevented || submitted) {
        finish(() => resolve(null as unknown as string)) // submitted the ordinary way: Chromium answers null
      }
      else {
        finish(() => reject(fail(NO_RESPONSE)))
      }
    }
    // While the call waits for a click, or for the page's answer to an autosubmit,
    // Chromium marks any other submission of the form as the agent's, and the
    // call takes whichever answer settles first (a person's click included).
    const onSubmit = (event: Event) => {
      if (event.target !== form || (event as { agentInvoked?: boolean }).agentInvoked)
        return
      const response = asAgentSubmission(event)
      const submitted = watchSubmit(form)
      setTimeout(() => answer(event, response, submitted()), 0) // after the page's own listeners
    }
    form.addEventListener('reset', onReset)
    signal.addEventListener('abort', onAbort, { once: true })
    form.ownerDocument.addEventListener('submit', onSubmit, true)
    if (!autosubmit) {
      activated()
      return
    }
    const event = agentSubmitEvent(form)
    const response = asAgentSubmission(event)
    const submitted = watchSubmit(form)
    form.dispatchEvent(event)
    answer(event, response, submitted())
    // Chromium fires `toolactivated` after it has submitted an autosubmit form, and after the microtasks the page's listeners queued.
    queueMicrotask(activated)
  })
}

export const NO_RESPONSE = 'The site has a programming error: it called preventDefault() on the \'submit\' event, without also calling respondWith() with the tool result'
export const RESET_CANCELS = 'Tool execution cancelled by a form reset'
