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

/** A value still to copy (an object, or what cannot be copied), where its copy goes, and the pointer of the object it is in. */
type Slot = [value: unknown, to: Record<PropertyKey, unknown>, key: PropertyKey, parent: string]

const READ_FAILED = `could not be read to be copied. ${SENDABLE}`

/**
 * Puts `item` at `to[key]`: a primitive at once, anything else as a slot,
 * its place in the key order kept.
 */
function place(item: unknown, to: Record<PropertyKey, unknown>, key: PropertyKey, at: string, slots: Slot[]): void {
  const later = item !== null && (typeof item === 'object' || typeof item === 'function' || typeof item === 'symbol')
  put(to, key, later ? undefined : item)
  if (later)
    slots.push([item, to, key, at])
}

/**
 * The copy of a plain object or an array, each value read once: a
 * primitive copied at once (100,000 numbers cost no slot and no pointer).
 */
function copyEntries(value: object, kind: 'object' | 'array', at: string, slots: Slot[]): object {
  const source = value as Record<PropertyKey, unknown>
  let key: PropertyKey = ''
  try {
    if (kind === 'array') {
      const copy: unknown[] = []
      const { length } = value as unknown[]
      for (key = 0; key < length; key++) {
        if (key in value)
          place(source[key], copy as never, key, at, slots)
      }
      copy.length = length // trailing holes stay holes
      return copy
    }
    const copy = (Object.getPrototypeOf(value) === null ? Object.create(null) : {}) as Record<PropertyKey, unknown>
    for (key of Object.keys(value))
      place(source[key], copy, key, at, slots)
    return copy
  }
  catch (reason) {
    throw reason instanceof Uncopyable ? reason : new Uncopyable({ pointer: `${at}/${escapePointer(String(key))}`, message: READ_FAILED })
  }
}

/**
 * The copy of one object, what it holds that is not a primitive going to
 * `slots`; a Map or a Set is filled through `fills` once its entries have
 * their copies.
 */
function copyObject(value: object, kind: Kind, at: string, slots: Slot[], fills: (() => void)[]): object {
  if (kind === 'object' || kind === 'array')
    return copyEntries(value, kind, at, slots)
  if (kind === 'binary')
    return structuredClone(value)
  if (Object.keys(value).length)
    throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)} with properties of its own). ${SENDABLE}` })
  if (kind === 'date')
    return new Date(Date.prototype.getTime.call(value))
  const entries: unknown[][] = kind === 'map' ? [...Map.prototype.entries.call(value)] : [...Set.prototype.values.call(value)].map(item => [item])
  const copied = entries.map(() => [] as unknown[])
  entries.forEach((entry, i) => entry.forEach((item, j) => place(item, copied[i] as never, j, at, slots)))
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
  if (root === null || (typeof root !== 'object' && typeof root !== 'function' && typeof root !== 'symbol'))
    return root
  const copies = new Map<object, object>()
  const fills: (() => void)[] = []
  const holder: Record<PropertyKey, unknown> = {}
  const stack: Slot[] = [[root, holder, 'root', '']]
  const slots: Slot[] = []
  while (stack.length) {
    const [value, target, key, parent] = stack.pop()!
    const at = target === holder ? '' : `${parent}/${escapePointer(String(key))}`
    if (typeof value !== 'object' || value === null)
      throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)}). ${SENDABLE}` })
    let copy = copies.get(value)
    if (!copy) {
      try {
        const kind = kindOf(value)
        if (!kind)
          throw new Uncopyable({ pointer: at, message: `cannot be copied faithfully (${described(value)}). ${SENDABLE}` })
        copy = copyObject(value, kind, at, slots, fills)
      }
      catch (reason) {
        throw reason instanceof Uncopyable ? reason : new Uncopyable({ pointer: at, message: READ_FAILED })
      }
      copies.set(value, copy)
      // Last first, so they are copied in order.
      while (slots.length)
        stack.push(slots.pop()!)
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
