// The call's own copies of its arguments. Every call takes one before anything
// awaits, and checks and runs that: a caller still holding the object it
// passed (Firefox's invokeTool hands `execute` the caller's own object, an
// in-page executeTool, a getter) cannot change what `execute` gets after the
// check. Arguments that cannot be copied faithfully are refused, never run as
// given. A call that asks makes one deep, frozen copy of the checked arguments
// that `when`, the person (the request's `args`) and `execute` all get, so no
// callback or dialog changes them either. No Vue import.
import type { ValidationProblem } from '../schemas/problems'
import { safeStringify } from '../results/serialize'
import { escapePointer, formatProblems } from '../schemas/problems'
import { ToolInputError } from '../shared/errors'

/** The arguments as checked and run, and as the person is shown them. */
export interface FrozenArguments {
  /** What `when` and `execute` get: the frozen copy, or a Standard Schema's output that cannot be copied faithfully. */
  run: unknown
  /** What the person is shown: always a frozen copy. */
  shown: unknown
}

/** The call's own copy of its arguments, or why none could be taken. */
export type CopiedArguments = { args: unknown, refused?: undefined } | { refused: ToolInputError }

/** What a faithful copy is made of: data, and the built-ins a page's own caller may pass. */
const SENDABLE = 'Arguments are checked and run as a copy: send data (objects, arrays, strings, numbers, booleans, null; from the page\'s own code also Dates, Maps, Sets and typed arrays).'

/** A value the copy cannot hold as it is, at `pointer`. */
class Uncopyable {
  constructor(readonly problem: ValidationProblem) {}
}

type Kind = 'object' | 'array' | 'date' | 'map' | 'set' | 'binary'

/**
 * What a copy of `value` must be, or undefined when a copy would be something
 * else (a class instance, an object inheriting from another). Realm-independent:
 * a same-origin frame's objects are data too. Built-ins are told by their
 * internal tag and a prototype directly above `Object.prototype`; a subclass
 * sits further up, and a forged tag fails when the copy reads the value.
 */
function kindOf(value: object): Kind | undefined {
  if (Array.isArray(value))
    return Array.isArray(Object.getPrototypeOf(value)) ? 'array' : undefined // only Array.prototype is itself an array
  if (ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]')
    return 'binary'
  const proto = Object.getPrototypeOf(value) as object | null
  if (proto === null || Object.getPrototypeOf(proto) === null)
    return 'object'
  if (Object.getPrototypeOf(Object.getPrototypeOf(proto)) !== null)
    return undefined
  const tag = Object.prototype.toString.call(value)
  return tag === '[object Date]' ? 'date' : tag === '[object Map]' ? 'map' : tag === '[object Set]' ? 'set' : undefined
}

/** What a value the copy cannot hold is, for the agent: `a Foo instance`, `a function`. */
function described(value: unknown): string {
  if (typeof value !== 'object' || value === null)
    return `a ${typeof value}`
  try {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name
    return typeof name === 'string' && name ? `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name} instance` : 'an object with a prototype of its own'
  }
  catch {
    return 'an object that cannot be read'
  }
}

/** Sets `key` on a fresh copy; `__proto__` as an own key, as JSON.parse makes it, never as the prototype. */
function put(target: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else
    target[key] = value
}

/**
 * One value to copy: `from[key]`, read when its turn comes (a getter that
 * throws is then told at its own place), and copied to `to[key]`. `parent`:
 * the pointer of the object it is read from.
 */
type Slot = [from: object, to: Record<PropertyKey, unknown>, key: PropertyKey, parent: string]

/**
 * The copy of one object, with the slots of what it holds pushed onto
 * `stack` (last first, so they are copied in order); a Map or a Set is
 * filled through `fills` once its entries have their copies.
 */
function copyObject(value: object, kind: Kind, at: string, stack: Slot[], fills: (() => void)[]): object {
  if (kind === 'binary')
    return structuredClone(value)
  if (kind === 'object' || kind === 'array') {
    const copy: Record<PropertyKey, unknown> = kind === 'array' ? [] as never : Object.getPrototypeOf(value) === null ? Object.create(null) as Record<PropertyKey, unknown> : {}
    if (kind === 'array')
      (copy as unknown as unknown[]).length = (value as unknown[]).length // holes stay holes
    const keys = Object.keys(value)
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push([value, copy, keys[i]!, at])
    return copy
  }
  if (Object.keys(value).length)
    throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)} with properties of its own). ${SENDABLE}` })
  if (kind === 'date')
    return new Date(Date.prototype.getTime.call(value))
  const entries: unknown[][] = kind === 'map' ? [...Map.prototype.entries.call(value)] : [...Set.prototype.values.call(value)].map(item => [item])
  const copied = entries.map(() => [] as unknown[])
  for (let i = entries.length - 1; i >= 0; i--) {
    for (let j = entries[i]!.length - 1; j >= 0; j--)
      stack.push([entries[i]!, copied[i] as never, j, at])
  }
  const filled = kind === 'map' ? new Map() : new Set()
  fills.push(() => copied.forEach(([k, v]) => filled instanceof Map ? filled.set(k, v) : filled.add(k)))
  return filled
}

/**
 * A copy of `root` equal to it in every way `execute` can see, with no
 * object in common: plain objects (their own enumerable string keys, in
 * order, each getter read once), arrays, Dates, Maps, Sets and binary data,
 * shared and circular references kept. Throws `Uncopyable` for anything else
 * (a function, a symbol, a class instance) and for a value that cannot be
 * read (a revoked Proxy, a throwing getter). Without recursion: arguments
 * may nest deeper than the stack.
 */
function faithfulCopy(root: unknown): unknown {
  const copies = new Map<object, object>()
  const fills: (() => void)[] = []
  const holder: Record<PropertyKey, unknown> = {}
  const stack: Slot[] = [[{ root }, holder, 'root', '']]
  while (stack.length) {
    const [from, target, key, parent] = stack.pop()!
    const at = target === holder ? '' : `${parent}/${escapePointer(String(key))}`
    let value: unknown
    try {
      value = (from as Record<PropertyKey, unknown>)[key]
    }
    catch {
      throw new Uncopyable({ pointer: at, message: `could not be read to be copied. ${SENDABLE}` })
    }
    if (typeof value === 'function' || typeof value === 'symbol')
      throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)}). ${SENDABLE}` })
    if (value === null || typeof value !== 'object') {
      put(target, key, value)
      continue
    }
    let copy = copies.get(value)
    if (!copy) {
      try {
        const kind = kindOf(value)
        if (!kind)
          throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)}). ${SENDABLE}` })
        copy = copyObject(value, kind, at, stack, fills)
      }
      catch (reason) {
        throw reason instanceof Uncopyable ? reason : new Uncopyable({ pointer: at, message: `could not be read to be copied. ${SENDABLE}` })
      }
      copies.set(value, copy)
    }
    put(target, key, copy)
  }
  for (const fill of fills)
    fill()
  return holder.root
}

/**
 * The call's own copy of `args` (`faithfulCopy`), taken before anything
 * awaits; or, for arguments it cannot hold as they are, the refusal the
 * agent reads: the call never runs with the caller's own object. Never throws.
 */
export function copyArguments(args: unknown, tool: string): CopiedArguments {
  try {
    return { args: faithfulCopy(args) }
  }
  catch (reason) {
    const problem = reason instanceof Uncopyable ? reason.problem : { pointer: '', message: `could not be copied. ${SENDABLE}` }
    return { refused: new ToolInputError(`Invalid arguments for tool "${tool}":\n${formatProblems([problem])}`) }
  }
}

/** Freezes `copy` at every level, and returns it. */
function frozen(copy: unknown): unknown {
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

/** A copy of what cannot be copied faithfully, to show the person: a structured clone, else JSON. */
function shownCopy(args: unknown): unknown {
  try {
    return structuredClone(args)
  }
  catch {
    const json = safeStringify(args)
    return json === undefined ? undefined : JSON.parse(json)
  }
}

/**
 * The frozen copy of the checked `args`, which `execute` gets too. A
 * Standard Schema's output that cannot be copied faithfully (a transform
 * made a class instance or a function) is fresh from the schema, built from
 * the call's own copy: no caller holds it, and it goes to `execute` as the
 * schema made it, the person being shown the closest copy.
 */
export function freezeArguments(args: unknown): FrozenArguments {
  let copy: unknown
  try {
    copy = faithfulCopy(args)
  }
  catch {
    return { shown: frozen(shownCopy(args)), run: args }
  }
  const shown = frozen(copy)
  return { shown, run: shown }
}
