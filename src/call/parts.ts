// The parts of the call path that load with import(): when a call first needs
// one, or before, once the browser is idle after the page's tools registered
// (call/warmUp.ts). Each part has one loader, so the part warmed up is the
// part a call runs, and a call that finds its part loaded waits on nothing.
// (Production builds with budgets on also load call/budgets.ts at setup, for
// the definitions' check: registration/checksByBuild.ts, start-up code; the
// result budget's load here then finds the module in the browser's cache.)
// No Vue import.
import { CodeLoadError } from '../shared/errors'

export interface LazyPart<T> {
  /** The part, once loaded. */
  readonly value: T | undefined
  /**
   * The part, loaded if need be. A load that fails is a `CodeLoadError`
   * naming the part, and is not kept: the next use loads again.
   */
  load: () => Promise<T>
}

/** A part loaded by `load`, named `part` in the `CodeLoadError` of a load that fails. */
export function lazyPart<T>(part: string, load: () => Promise<T>): LazyPart<T> {
  // The load in progress, which every use waits on; a failed one is dropped.
  let pending: Promise<T> | undefined
  const lazy = {
    value: undefined as T | undefined,
    load: (): Promise<T> => pending ??= load().then(
      value => (lazy.value = value),
      (error: unknown) => {
        pending = undefined
        throw error instanceof CodeLoadError ? error : new CodeLoadError(part, `Could not load ${part}.`, { cause: error })
      },
    ),
  }
  return lazy
}

/** The package's JSON Schema validator. */
export const validatorPart = lazyPart('the JSON Schema validator', () => import('../schemas/json-schema/validate'))

/** The `format` checkers, added to the validator: loaded for a schema that uses `format`. */
export const formatsPart = lazyPart('the JSON Schema format checkers', async () => {
  const validator = await validatorPart.load()
  validator.addFormats((await import('../schemas/json-schema/formats')).FORMATS)
  return true
})

/** The adapter that runs a Standard Schema's own `validate` (Zod, Valibot, ArkType). */
export const standardSchemaPart = lazyPart('the Standard Schema adapter', () => import('../schemas/standard-schema/validate'))

/** The confirmation step, for a tool that asks the person. */
export const confirmationPart = lazyPart('the confirmation step', () => import('./confirm'))

/** The result budget of `'error'` mode. */
export const budgetPart = lazyPart('the result budget', () => import('./budgets'))

/** The marking of values a tool returned `untrusted()`. */
export const markingPart = lazyPart('the marking of untrusted() values', () => import('../results/untrusted'))
