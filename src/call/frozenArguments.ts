// The call's own copies of its arguments. Every call takes one before anything
// awaits, and checks and runs that: a caller still holding the object it
// passed (Firefox's invokeTool hands `execute` the caller's own object, an
// in-page executeTool, a getter) cannot change what `execute` gets after the
// check. A call that asks makes one deep, frozen copy of the checked arguments
// that `when`, the person (the request's `args`) and `execute` all get, so no
// callback or dialog changes them either. No Vue import.
import { safeStringify } from '../results/serialize'

/** The arguments as checked and run, and as the person is shown them. */
export interface FrozenArguments {
  /** What `when` and `execute` get: the copy, or the arguments themselves when a copy would not be faithful. */
  run: unknown
  /** What the person is shown: always a frozen copy. */
  shown: unknown
}

/**
 * Whether `value` holds only plain objects, arrays and primitives, as
 * arguments parsed from JSON always do: then a structured clone is the same
 * value in every respect. A Standard Schema's output may hold class instances,
 * Dates or functions, which a copy would turn into other things.
 */
function isPlainData(value: unknown): boolean {
  const seen = new Set<object>()
  const stack = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'function' || typeof item === 'symbol')
      return false
    if (item === null || typeof item !== 'object' || seen.has(item))
      continue
    seen.add(item)
    const proto = Object.getPrototypeOf(item) as unknown
    if (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
      return false
    stack.push(...Object.values(item))
  }
  return true
}

/**
 * The call's own copy of `args`: a structured clone of plain data, in which
 * each getter was read once, by the clone. Anything a clone would turn into
 * something else (a function, a class instance from an in-page caller) goes
 * as given, as does a value that cannot be read or cloned (a Proxy): the
 * check then reads what the caller gave.
 */
export function copyArguments(args: unknown): unknown {
  try {
    return isPlainData(args) ? structuredClone(args) : args
  }
  catch {
    return args
  }
}

/** A deep copy, frozen at every level (a structured clone; JSON for what cannot be cloned). */
function frozenCopy(args: unknown): unknown {
  let copy: unknown
  try {
    copy = structuredClone(args)
  }
  catch {
    const json = safeStringify(args)
    copy = json === undefined ? undefined : JSON.parse(json)
  }
  const stack = [copy]
  while (stack.length) {
    const item = stack.pop()
    if (item !== null && typeof item === 'object' && !Object.isFrozen(item)) {
      Object.freeze(item)
      stack.push(...Object.values(item))
    }
  }
  return copy
}

/**
 * The frozen copy of `args`. `execute` gets it whenever it is faithful;
 * a Standard Schema's output holding more than plain data is fresh from the
 * schema (no caller holds it), and goes to `execute` as the schema made it.
 */
export function freezeArguments(args: unknown): FrozenArguments {
  const shown = frozenCopy(args)
  return { shown, run: isPlainData(args) ? shown : args }
}
