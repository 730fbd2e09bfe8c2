import type { ComputedRef, ShallowRef } from 'vue'
import { computed, shallowRef } from 'vue'
import { findModelContext } from '../platform/context'
import { isClient } from '../shared/env'

/**
 * The page's document, the default of every composable's `document` option:
 * VueUse's `defaultDocument`, declared here because importing anything from
 * `@vueuse/core` adds its module-level code to the start-up code of an app
 * that imports only `useWebMCPTool` (the size and speed page measures it).
 */
export const defaultDocument: Document | undefined = isClient ? document : undefined

// One ref per document (the page's, an iframe's), so a hundred tools poll (at
// most) once. Weak: a removed iframe's document is let go.
const contexts = new WeakMap<Document, ShallowRef<WebMCP.ModelContext | undefined>>()

/**
 * How long to keep looking after the first read and after each change: an
 * extension may inject the API after load, and a polyfill may wrap or replace
 * the object the page saw first.
 */
const POLL_MS = 250
const POLL_TRIES = 40

/**
 * Re-reads a document's ModelContext (the page's by default) and returns it.
 * Its shared ref changes only when the object did, and every registration then
 * moves to the new one. Called on each composable's setup, each registration
 * pass, each poll, and by the testing `install()`.
 */
export function refreshModelContext(document = defaultDocument): WebMCP.ModelContext | undefined {
  const found = findModelContext(document)
  const context = document && contexts.get(document)
  if (context && context.value !== found) {
    context.value = found
    follow(document!)
  }
  return found
}

/** Polls `document` for a while: each change starts a poll (rare: injection or replacement). */
function follow(document: Document): void {
  let tries = 0
  const timer = setInterval(() => {
    refreshModelContext(document)
    if (++tries >= POLL_TRIES)
      clearInterval(timer)
  }, POLL_MS)
}

/**
 * A document's ModelContext as a ref, followed when it appears, is replaced or
 * goes away. With no document (on the server) it stays `undefined` and starts
 * no timer.
 */
export function useModelContext(document = defaultDocument): Readonly<ShallowRef<WebMCP.ModelContext | undefined>> {
  let context = document && contexts.get(document)
  if (context) {
    refreshModelContext(document)
  }
  else {
    context = shallowRef(findModelContext(document))
    if (document) {
      contexts.set(document, context)
      follow(document)
    }
  }
  return context
}

/**
 * Whether `modelContext` holds a context, as a ref owned by the caller's scope.
 * VueUse's `useSupported` would bring `@vueuse/core`'s module-level code into
 * `useWebMCPTool`'s start-up (see `defaultDocument`); the context is a ref
 * already, so a computed follows it the same way.
 */
export function useIsSupported(modelContext: Readonly<ShallowRef<unknown>>): ComputedRef<boolean> {
  return computed(() => !!modelContext.value)
}
