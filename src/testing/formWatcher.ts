// The declarative tools of a document, watched as Chromium watches them: a
// form that comes or goes is one `toolchange`; one whose description or
// controls change is removed and added again (two).
import { formSchema, toolForms } from './forms'

export class FormWatcher {
  readonly #root: Document
  #observer: MutationObserver | undefined
  /** The tool forms seen last, name -> description and schema, to tell when they change. */
  #seen: Map<string, string>

  /** Watches `root`'s tool forms, calling `changed` once per form added or removed. */
  constructor(root: Document, changed: () => void) {
    this.#root = root
    this.#seen = this.#scan()
    this.#observer = new MutationObserver(() => {
      const now = this.#scan()
      for (const [name, key] of this.#seen) {
        if (now.get(name) !== key)
          changed()
      }
      for (const [name, key] of now) {
        if (this.#seen.get(name) !== key)
          changed()
      }
      this.#seen = now
    })
    // Any attribute or text: a control's `required`, an option's `value` or a label's text changes the schema too.
    this.#observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  }

  /** The tool forms by name; none once disconnected. */
  forms(): Map<string, HTMLFormElement> {
    return this.#observer ? toolForms(this.#root) : new Map()
  }

  disconnect(): void {
    this.#observer?.disconnect()
    this.#observer = undefined
  }

  #scan(): Map<string, string> {
    const seen = new Map<string, string>()
    toolForms(this.#root).forEach((form, name) => seen.set(name, `${form.getAttribute('tooldescription')}\n${JSON.stringify(formSchema(form))}`))
    return seen
  }
}
