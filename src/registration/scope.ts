import type { EffectScope } from 'vue'
import { effectScope, getCurrentScope } from 'vue'
import { devtoolsHook } from '../devtools'
import { warnOnce } from '../shared/warn'

/**
 * Development builds only: says, once per composable, that it was called with
 * no active effect scope (after an `await` in an async `setup()`), so nothing
 * but the `stop()` it returns will ever end what it started.
 */
export function warnWithoutScope(composable: string): void {
  if (!getCurrentScope())
    warnOnce(`${composable}() was called with no active effect scope (after an await in setup()?): what it registers stays until you call the stop() it returns.`)
}

/**
 * A scope of the composable's own, so the `stop()` it returns can end it: a
 * child of the caller's scope when there is one, ending with it.
 */
export function ownScope(composable: string): EffectScope {
  const scope = effectScope()
  if (__DEV__) {
    warnWithoutScope(composable)
    devtoolsHook({ type: 'scope', scope })
  }
  return scope
}
