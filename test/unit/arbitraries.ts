// Values a tool may return or throw, for the property tests: the ordinary, the
// exotic, and objects that look like MCP results with anything inside.
import fc from 'fast-check'

export const circular: Record<string, unknown> = { a: 1 }
circular.self = circular
export const throwingToJSON = { ok: 1, bad: { toJSON() { throw new Error('no JSON for you') } } }
export const throwingGetter = Object.defineProperty({ ok: 1 }, 'bad', { enumerable: true, get() { throw new Error('getter broke') } })
export const cyclicBlock: Record<string, unknown> = { type: 'text', text: 'c' }
cyclicBlock.self = cyclicBlock

// A Proxy that refuses every read, as a revoked one does; it answers `has`, which
// fast-check asks of every value it generates.
export const hostile = new Proxy({}, {
  get() { throw new TypeError('hostile get') },
  getPrototypeOf() { throw new TypeError('hostile getPrototypeOf') },
  ownKeys() { throw new TypeError('hostile ownKeys') },
  getOwnPropertyDescriptor() { throw new TypeError('hostile getOwnPropertyDescriptor') },
  has: () => false,
})
export const unreadableMessage = Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('getter broke') } })

export const exotic = fc.constantFrom<unknown>(10n, circular, throwingToJSON, throwingGetter, hostile, cyclicBlock, () => 'source', Symbol('s'), new Object('x'), new Object(10n), '\uD800')
const anyBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string({ unit: 'binary' }), exotic) }),
  fc.record({ type: fc.constantFrom('image', 'audio'), data: fc.string(), mimeType: fc.string() }),
  fc.record({ type: fc.string(), extra: fc.oneof(fc.anything(), exotic) }),
  fc.anything({ withBigInt: true }),
  exotic,
)
/** Objects that look like MCP results, with anything in their blocks and fields. */
export const mcpShaped = fc.record({
  content: fc.array(anyBlock, { maxLength: 5 }),
  structuredContent: fc.oneof(fc.anything({ withBigInt: true, withBoxedValues: true }), exotic),
  _meta: fc.oneof(fc.anything(), exotic),
  isError: fc.oneof(fc.boolean(), fc.anything()),
  other: fc.oneof(fc.anything({ withBigInt: true }), exotic),
}, { requiredKeys: ['content'] })

/** The kinds of `fc.anything` that JSON.stringify writes without throwing (no BigInt). */
export const JSON_WRITABLE_KINDS = {
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withBoxedValues: true,
} as const

/** Anything a tool may return or throw. */
export const anyValue = fc.oneof(
  fc.anything({ ...JSON_WRITABLE_KINDS, withBigInt: true, withObjectString: true }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary', minLength: 1000, maxLength: 5000 }),
  fc.constantFrom<unknown>(undefined, null, Symbol('s'), () => 'source', circular, throwingToJSON, throwingGetter, new DOMException('x', 'AbortError'), new Error('e'), hostile, unreadableMessage, cyclicBlock, new Error('"'.repeat(5000)), 'Use <head> for metadata'),
  fc.array(fc.record({ id: fc.nat(), title: fc.string() }), { maxLength: 300 }),
  fc.record({ id: fc.nat(), body: fc.string({ unit: 'binary', maxLength: 6000 }) }),
  fc.array(fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 600 }) }), { maxLength: 20 }).map(content => ({ content })),
  fc.string({ maxLength: 3000 }).map(data => ({ content: [{ type: 'image', data, mimeType: 'image/png' }, { type: 'text', text: data }], _meta: { data } })),
  fc.string({ maxLength: 3000 }).map(t => ({ content: [{ type: 'text', text: t }], isError: true })),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 200 }), { maxKeys: 20 }).map(sc => ({ content: [{ type: 'text', text: JSON.stringify(sc) }], structuredContent: sc })),
  mcpShaped,
)

// Hostile values, built fresh for each case (a getter may count its reads).
// fast-check asks `has` (its clone marker) of every value an arbitrary yields,
// which a revoked Proxy refuses: one is only ever yielded inside something else.

export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** A Proxy whose `trap` throws; the others behave. */
function throwingTrap(trap: 'get' | 'ownKeys' | 'getOwnPropertyDescriptor' | 'getPrototypeOf'): object {
  return new Proxy({ a: 1, b: 'x' }, { [trap]: () => { throw new TypeError(`${trap} trap`) }, has: () => false })
}

/** A Proxy that lies: `ownKeys` lists keys its descriptors deny, and `get` disagrees with the descriptors. */
function lyingProxy(value: unknown): object {
  return new Proxy({}, {
    ownKeys: () => ['said', 'denied'],
    getOwnPropertyDescriptor: (_, k) => (k === 'said' ? { value: 'small', enumerable: true, configurable: true, writable: true } : undefined),
    get: (_, k) => (k === 'said' || k === 'denied' ? value : undefined),
    has: () => false,
  })
}

/** An object whose enumerable getter throws, under a string or a symbol key. */
function throwingGetterAt(key: string | symbol): object {
  return Object.defineProperty({ ok: 1 }, key, { enumerable: true, get() { throw new Error('getter broke') } })
}

/** An object whose enumerable getter answers `first` on its first `reads` reads, `later` after. */
function varyingGetter(reads: number, first: unknown, later: unknown): object {
  let n = 0
  return Object.defineProperty({}, 'v', { enumerable: true, get: () => (n++ < reads ? first : later) })
}

/** `{ a: { a: ... } }` or `[[...]]`, `depth` levels, built without recursion. */
export function nested(depth: number, array: boolean, leaf: unknown = 1): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++)
    v = array ? [v] : { a: v }
  return v
}

/** Shared references: each level holds the one below twice (2^depth leaves once serialized). */
function diamond(depth: number, leaf: unknown): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++)
    v = { l: v, r: v }
  return v
}

function cycle(inner: unknown): object {
  const o: Record<string, unknown> = { inner }
  o.self = [o]
  return o
}

const withToJSON = (toJSON: () => unknown) => ({ keep: 1, toJSON })
function selfToJSON() {
  const o: Record<string, unknown> = { keep: 1 }
  o.toJSON = () => o
  return o
}

/** A sparse array: holes, and a few values far apart. */
function sparse(length: number, value: unknown) {
  const a: unknown[] = []
  a.length = length
  a[Math.floor(length / 2)] = value
  return a
}

/** A key JSON and objects treat specially, or write with escapes. */
export const hostileKey = fc.constantFrom('__proto__', 'constructor', 'toJSON', '', ' ', '\uD800', 'k\uDC00', '"', 'content', 'structuredContent', 'a'.repeat(60))

const longText = fc.oneof(
  fc.integer({ min: 1000, max: 12_000 }).map(n => 'x'.repeat(n)),
  fc.string({ unit: 'binary', minLength: 500, maxLength: 4000 }),
  fc.integer({ min: 300, max: 3000 }).map(n => '"\\\n\u0001😀\uD800'.repeat(n)),
)

/** One value JSON.stringify chokes on, or reads more than once, or reads differently each time. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.bigInt(),
  fc.constantFrom<() => unknown>(
    () => new Object(10n),
    () => new Object('boxed'),
    () => new Object(1),
    () => new Object(false),
    () => Object.create(null),
    () => Object.assign(Object.create(null), { n: 1n }),
    () => JSON.parse('{"__proto__":{"content":[]},"x":1}'),
    () => [revokedProxy()],
    () => ({ revoked: revokedProxy() }),
    () => throwingTrap('get'),
    () => throwingTrap('ownKeys'),
    () => throwingTrap('getOwnPropertyDescriptor'),
    () => throwingTrap('getPrototypeOf'),
    () => lyingProxy('y'.repeat(5000)),
    () => lyingProxy(10n),
    () => throwingGetterAt('bad'),
    () => throwingGetterAt(Symbol('bad')),
    () => throwingGetterAt('then'),
    () => varyingGetter(1, 'short', 'y'.repeat(50_000)),
    () => varyingGetter(2, 'short', 'y'.repeat(50_000)),
    () => varyingGetter(3, 1, [10n]),
    () => withToJSON(() => { throw new Error('no JSON') }),
    () => withToJSON(() => undefined),
    () => withToJSON(() => 10n),
    () => withToJSON(() => 'z'.repeat(5000)),
    () => withToJSON(() => ({ content: [{ type: 'text', text: 'q'.repeat(5000) }] })),
    selfToJSON,
    () => cycle(1n),
    () => diamond(10, 'ab'),
    () => sparse(100_000, 1n),
  ).map(make => make()),
  fc.constantFrom<unknown>(undefined, () => 'source', Symbol('s'), '\uD800', '\uDC00x'),
)

/**
 * Values nested 3,000 to 20,000 levels, built once (each costs the serializer
 * its whole stack, tens of milliseconds: kept out of `hostileValue`, drawn on their own).
 */
export const deepValue = fc.constantFrom<unknown>(nested(12_000, false), nested(12_000, true), nested(3000, false, 1n), nested(20_000, true, revokedProxy()))

/** An object with its fields under hostile keys too, `__proto__` as an own key. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  return o
}

const key = fc.oneof(fc.string({ maxLength: 4 }), hostileKey)

/** A long field beside small hostile ones: the shortening path. */
const smallFields = fc.array(fc.tuple(key, fc.oneof(hostileLeaf, fc.anything({ withBigInt: true }))), { minLength: 1, maxLength: 3 })
export const longBesideHostile = fc.tuple(key, longText, smallFields, fc.boolean())
  .map(([k, long, rest, first]) => objectOf(first ? [[k, long], ...rest] : [...rest, [k, long]]))

const hostileBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.oneof(longText, hostileLeaf) }),
  fc.tuple(longText, hostileLeaf).map(([text, bad]) => ({ type: 'text', text, bad })),
  hostileLeaf.map(bad => ({ type: 'image', data: 'AAAA', mimeType: 'image/png', bad })),
  hostileLeaf,
  longText.map(text => Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: () => text })),
)

/** MCP-shaped objects with hostile blocks, structuredContent (and its text mirror), and fields. */
export const hostileMcp = fc.oneof(
  fc.record({
    content: fc.array(hostileBlock, { maxLength: 4 }),
    structuredContent: fc.oneof(hostileLeaf, longBesideHostile),
    _meta: hostileLeaf,
    isError: fc.oneof(fc.boolean(), hostileLeaf),
  }, { requiredKeys: ['content'] }),
  longBesideHostile.map(sc => ({ content: [{ type: 'text', text: safeText(sc) }], structuredContent: sc })),
  fc.tuple(hostileKey, hostileLeaf, fc.array(hostileBlock, { maxLength: 3 })).map(([k, v, content]) => objectOf([['content', content], [k, v]])),
)

function safeText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  }
  catch {
    return '{}'
  }
}

/** Everything above, alone, in arrays and objects, and nested up to 200 levels down. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileLeaf, weight: 3 },
  { arbitrary: longBesideHostile, weight: 4 },
  { arbitrary: hostileMcp, weight: 4 },
  { arbitrary: fc.array(hostileLeaf, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(key, fc.oneof(hostileLeaf, longBesideHostile), { maxKeys: 4 }).map(d => objectOf(Object.entries(d))), weight: 1 },
  { arbitrary: fc.tuple(fc.oneof(longBesideHostile, hostileMcp), fc.integer({ min: 1, max: 200 })).map(([v, depth]) => nested(depth, false, v)), weight: 1 },
)

/** Result limits, tiny ones included: 0 up to 5,000, often small. */
export const anyLimit = fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 5000 }))
