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

/** Anything a tool may return or throw. */
export const anyValue = fc.oneof(
  fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withObjectString: true,
  }),
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
