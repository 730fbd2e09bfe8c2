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

function changed(control: Control): void {
  control.dispatchEvent(new Event('input', { bubbles: true }))
  control.dispatchEvent(new Event('change', { bubbles: true }))
}

/**
 * Fills the form from an agent's input as Chromium does: the named controls
 * are set (firing `input` and `change`), the others keep their values. Throws
 * `FormCallError` with the browser's words for an unknown name or a value the
 * control cannot take, before anything is set.
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
  }
  for (const [key, value] of Object.entries(input)) {
    for (const control of byName.get(key)!) {
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
        const checked = control.type === 'checkbox' && !Array.isArray(value) ? value === true : Array.isArray(value) ? value.includes(control.value) : control.value === value
        if (control.checked !== checked) {
          control.checked = checked
          changed(control)
        }
      }
      else if (control instanceof HTMLSelectElement && control.multiple) {
        for (const option of Array.from(control.options))
          option.selected = (value as string[]).includes(option.value)
        changed(control)
      }
      else {
        control.value = String(value)
        changed(control)
      }
    }
  }
}

/** The first invalid control, worded like Chromium's "Form validation failed" error. */
export function validationFailure(form: HTMLFormElement): string | undefined {
  for (const element of Array.from(form.elements) as Control[]) {
    if (typeof element.checkValidity === 'function' && element.willValidate !== false && !element.checkValidity())
      return `Form validation failed: ${element.name}: ${element.validationMessage || 'Please fill out this field.'}.`
  }
  return undefined
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

export const NO_RESPONSE = 'The site has a programming error: it called preventDefault() on the \'submit\' event, without also calling respondWith() with the tool result'
export const RESET_CANCELS = 'Tool execution cancelled by a form reset'
