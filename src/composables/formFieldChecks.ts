// Development builds: the fields of a tool form that an agent cannot fill well,
// found as Chromium 156 finds them for DevTools' Issues panel and Lighthouse's
// "WebMCP schemas are valid" audit (test/shared/formFieldChecks.test.ts holds
// the rules to the browser's own listing). The checks read the DOM only;
// `checkFieldsOnRender` runs them after each render of the calling component.
import { onMounted, onUpdated } from 'vue'
import { warnOnce } from '../shared/warn'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

// Controls Chromium leaves out of a form's input schema.
const NOT_PARAMETERS = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image'])

/** The controls Chromium lists as parameters of the form's tool. */
function parameters(form: HTMLFormElement): Control[] {
  return (Array.from(form.elements) as Control[]).filter((element) => {
    const tag = element.localName
    if (tag !== 'input' && tag !== 'select' && tag !== 'textarea')
      return false
    if (element.disabled || (element as HTMLInputElement).readOnly)
      return false
    return tag !== 'input' || !NOT_PARAMETERS.has((element as HTMLInputElement).type)
  })
}

/** A label's own text: the text of the controls inside it (a select's options, a button's) does not describe the field. */
function labelText(label: HTMLElement): string {
  const copy = label.cloneNode(true) as HTMLElement
  copy.querySelectorAll('input, select, textarea, button').forEach(element => element.remove())
  return (copy.textContent ?? '').trim()
}

/**
 * Whether the browser lists a description for one control: a non-empty
 * `toolparamdescription`, or a `<label>` with text of its own. `aria-label`,
 * `aria-labelledby`, `title`, `placeholder` and `toolparamtitle` do not count.
 */
function describedControl(control: Control): boolean {
  return !!control.getAttribute('toolparamdescription') || Array.from(control.labels ?? []).some(label => !!labelText(label))
}

/**
 * Whether the browser lists a description for a group of same-name radios or
 * checkboxes: only from a non-empty `toolparamdescription` on the closest
 * `<fieldset>` around them all (neither their labels, which title each choice,
 * nor their own attributes, nor a `<legend>` count).
 */
function describedGroup(controls: Control[]): boolean {
  const fieldset = controls[0]!.closest('fieldset')
  return !!fieldset?.getAttribute('toolparamdescription') && controls.every(control => control.closest('fieldset') === fieldset)
}

/** Where an unnamed control is: a short selector from the form, as the audit names an element. */
function selectorOf(control: Element, form: HTMLFormElement): string {
  const steps: string[] = []
  for (let element: Element | null = control; element && element !== form && steps.length < 4; element = element.parentElement) {
    const type = element.localName === 'input' ? `[type=${(element as HTMLInputElement).type}]` : ''
    const id = element.id ? `#${element.id}` : ''
    const className = !id && element.classList.length ? `.${element.classList[0]}` : ''
    steps.unshift(`${element.localName}${type}${id}${className}`)
  }
  return steps.join(' > ')
}

/**
 * What Chromium's audit would say about the fields of `form`, one sentence
 * each, naming the field: a control without a `name` (an error for a required
 * one), a parameter without a description. Empty when it would say nothing.
 * Same-name controls that are not one group of choices are not listed by the
 * browser, so nothing is said of them either.
 */
export function formFieldProblems(form: HTMLFormElement): string[] {
  const problems: string[] = []
  const named = new Map<string, Control[]>()
  for (const control of parameters(form)) {
    if (control.name) {
      named.set(control.name, [...named.get(control.name) ?? [], control])
      continue
    }
    const where = selectorOf(control, form)
    problems.push(control.required
      ? `the required field ${where} has no name, so an agent cannot fill it and the tool is listed with an error: give it a name attribute.`
      : `the field ${where} has no name, so an agent cannot fill it: give it a name attribute.`)
    if (!describedControl(control))
      problems.push(`the field ${where} has no description: give it a toolparamdescription attribute or a <label> with text.`)
  }
  named.forEach((controls, name) => {
    const choices = controls.every(control => control.type === 'checkbox') || controls.every(control => control.type === 'radio')
    if (controls.length === 1 ? describedControl(controls[0]!) : !choices || describedGroup(controls))
      return
    problems.push(controls.length === 1
      ? `the field "${name}" has no description: give it a toolparamdescription attribute or a <label> with text (aria-label, title and placeholder do not count).`
      : `the ${controls[0]!.type === 'radio' ? 'radio buttons' : 'checkboxes'} "${name}" have no description: put them in a <fieldset toolparamdescription="..."> (their labels title each choice, a <legend> does not count).`)
  })
  return problems
}

/**
 * After each render of the current component, warns once about each problem
 * of the fields of the tool's form (found by `find`), until `ended` aborts.
 * The form may be a child's, or appear on a later render.
 */
export function checkFieldsOnRender(toolName: () => string, find: (name: string) => HTMLFormElement | undefined, ended: AbortSignal): void {
  const check = () => {
    try {
      const name = toolName()
      const form = ended.aborted ? undefined : find(name)
      for (const problem of form ? formFieldProblems(form) : [])
        warnOnce(`useWebMCPForm "${name}": ${problem}`)
    }
    catch {} // a name getter that throws: the form's submissions report it
  }
  onMounted(check)
  onUpdated(check)
}
