/// <reference types="webmcp-types" />
/**
 * `vue-webmcp/testing`: an in-memory ModelContext for unit tests in happy-dom
 * or jsdom, behaving like Chromium's native implementation.
 *
 *   const modelContext = install()     // document.modelContext now exists
 *   ...mount components, call tools through modelContext.executeTool...
 *   uninstall()                        // restores what was there
 */
import { refreshModelContext } from '../internal/modelContext'
import { InMemoryModelContext } from './modelContext'

export { InMemoryModelContext }

export interface InstallOptions {
  /** Put it on `document.modelContext` (the spec's place). Default `true`. */
  document?: boolean
  /** Also put it on `navigator.modelContext`, where pre-150 builds and polyfills had it. Default `false`. */
  legacyNavigator?: boolean
  /** Install this instance instead of a new one. */
  modelContext?: InMemoryModelContext
}

interface Saved {
  target: object
  descriptor: PropertyDescriptor | undefined
}

let saved: Saved[] = []

function define(target: object, value: unknown): void {
  saved.push({ target, descriptor: Object.getOwnPropertyDescriptor(target, 'modelContext') })
  // On the object itself: happy-dom's `document` is not an instance of its `Document`.
  Object.defineProperty(target, 'modelContext', { configurable: true, enumerable: true, get: () => value })
}

/** Creates an in-memory ModelContext and puts it where the composables look. */
export function install(options: InstallOptions = {}): InMemoryModelContext {
  uninstall()
  const modelContext = options.modelContext ?? new InMemoryModelContext()
  if (options.document !== false)
    define(document, modelContext)
  if (options.legacyNavigator)
    define(navigator, modelContext)
  refreshModelContext()
  return modelContext
}

/** Removes what `install()` put in place and restores what was there before. */
export function uninstall(): void {
  for (const { target, descriptor } of saved.reverse()) {
    if (descriptor)
      Object.defineProperty(target, 'modelContext', descriptor)
    else
      delete (target as { modelContext?: unknown }).modelContext
  }
  saved = []
  refreshModelContext()
}

/**
 * Submits `form` as an agent does: a `submit` event with `agentInvoked: true`
 * and a `respondWith()`. Resolves with what the page handed to `respondWith`,
 * parsed like `executeTool`'s result would be for a caller. Rejects if the
 * page never called `respondWith` while the event was dispatched.
 */
export async function submitAsAgent(form: HTMLFormElement): Promise<unknown> {
  let response: Promise<unknown> | undefined
  const event = new Event('submit', { bubbles: true, cancelable: true })
  Object.defineProperties(event, {
    agentInvoked: { value: true },
    submitter: { value: null },
    respondWith: { value: (promise: Promise<unknown>) => {
      if (!event.defaultPrevented)
        throw new DOMException('respondWith() needs preventDefault() first.', 'InvalidStateError')
      response = promise
    } },
  })
  form.dispatchEvent(event)
  if (!response)
    throw new DOMException('The form did not call respondWith() while the submit event was dispatched.', 'InvalidStateError')
  return response
}
