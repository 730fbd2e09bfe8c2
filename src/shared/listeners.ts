// Telling a set of listeners something: one listener that throws must not keep
// the others, or the code that changed the state, from going on. No Vue import.

/** Calls every listener in `listeners` with `args`; a throw is logged (development builds only unless `always`) and the rest still run. */
export function notifyListeners<Args extends unknown[]>(listeners: Iterable<(...args: Args) => void>, who: string, args: Args, always = false): void {
  for (const listener of listeners) {
    try {
      listener(...args)
    }
    catch (error) {
      if (__DEV__ || always)
        console.error(`[vue-webmcp] a ${who} listener threw.`, error)
    }
  }
}
