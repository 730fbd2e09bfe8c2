import type { ComputedRef, ShallowRef } from 'vue'
import { computed, shallowRef } from 'vue'
import { getModelContext, isClient } from '../core/env'

// One shared ref for the whole page, so a hundred tools poll (at most) once.
let current: ShallowRef<WebMCP.ModelContext | undefined> | undefined
let timer: ReturnType<typeof setInterval> | undefined
let tries = 0

/**
 * How long to keep looking after the first read and after each change: an
 * extension may inject the API after load, and a polyfill may wrap or replace
 * the object the page saw first.
 */
const POLL_MS = 250
const POLL_TRIES = 40

/**
 * Re-reads the page's ModelContext and returns it. The shared ref changes only
 * when the object did, and every registration then moves to the new one.
 * Called on each composable's setup, each registration pass, each poll, and by
 * the testing `install()`.
 */
export function refreshModelContext(): WebMCP.ModelContext | undefined {
  const found = getModelContext()
  if (current && current.value !== found) {
    current.value = found
    watchForChanges()
  }
  return found
}

function watchForChanges(): void {
  tries = 0
  if (isClient && timer === undefined) {
    timer = setInterval(() => {
      refreshModelContext()
      if (++tries >= POLL_TRIES) {
        clearInterval(timer)
        timer = undefined
      }
    }, POLL_MS)
  }
}

/**
 * The page's ModelContext as a ref, followed when it appears, is replaced or
 * goes away. On the server it stays `undefined` and starts no timer.
 */
export function useModelContext(): Readonly<ShallowRef<WebMCP.ModelContext | undefined>> {
  if (!current) {
    current = shallowRef(getModelContext())
    watchForChanges()
  }
  else {
    refreshModelContext()
  }
  return current
}

/** Whether a ModelContext exists, as a ref owned by the caller's scope. */
export function useIsSupported(): ComputedRef<boolean> {
  const modelContext = useModelContext()
  return computed(() => !!modelContext.value)
}
