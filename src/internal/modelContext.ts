import type { ComputedRef, ShallowRef } from 'vue'
import { computed, shallowRef } from 'vue'
import { getModelContext, isClient } from '../core/env'

// One shared ref for the whole page, so a hundred tools poll (at most) once.
let current: ShallowRef<WebMCP.ModelContext | undefined> | undefined
let timer: ReturnType<typeof setInterval> | undefined

/** How long to keep looking for an API injected after load (an extension's content script). */
const POLL_MS = 250
const POLL_TRIES = 40

/** Re-reads `document.modelContext` now (the testing `install()` calls it). */
export function refreshModelContext(): void {
  if (current)
    current.value = getModelContext()
}

/**
 * The page's ModelContext as a ref. When it is absent on the client, looks
 * again for ten seconds, since extensions may inject it after mount. On the
 * server it stays `undefined` and starts no timer.
 */
export function useModelContext(): Readonly<ShallowRef<WebMCP.ModelContext | undefined>> {
  if (!current)
    current = shallowRef(getModelContext())
  else if (!current.value)
    current.value = getModelContext()
  if (isClient && !current.value && timer === undefined) {
    let tries = 0
    timer = setInterval(() => {
      const found = getModelContext()
      if (found || ++tries >= POLL_TRIES) {
        clearInterval(timer)
        timer = undefined
        if (found)
          current!.value = found
      }
    }, POLL_MS)
  }
  return current
}

/** Whether a ModelContext exists, as a ref owned by the caller's scope. */
export function useIsSupported(): ComputedRef<boolean> {
  const modelContext = useModelContext()
  return computed(() => !!modelContext.value)
}
