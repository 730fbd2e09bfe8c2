import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runToolCall } from '../../../src/call/callTool'
import { isToolResponse } from '../../../src/results/isToolResponse'
import { MAX_ERROR_TEXT, sanitizeErrorText, toErrorResponse, toToolResponse } from '../../../src/results/normalize'
import { safeStringify } from '../../../src/results/serialize'
import { serializedLength } from '../../../src/shared/text'
import { circular, cyclicBlock, deepValue, hostileValue, JSON_WRITABLE_KINDS, anyValue as sharedAnyValue, throwingGetter, throwingToJSON, unreadableMessage } from '../arbitraries'

/** A valid MCP CallToolResult: a content array whose text blocks carry string text. */
function expectValid(result: unknown): void {
  expect(result).toBeTypeOf('object')
  const { content } = result as { content: unknown }
  expect(Array.isArray(content)).toBe(true)
  for (const block of content as Record<string, unknown>[]) {
    expect(typeof block.type).toBe('string')
    if (block.type === 'text')
      expect(typeof block.text).toBe('string')
  }
  const json = JSON.stringify(result)
  // Nothing left for the browser to choke on or the agent to misread: no lone
  // surrogate (written as an escape), no function's source.
  expect(json).not.toMatch(/(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/)
  expect(json).not.toMatch(/=> '?source|return 'source'/)
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] })
const error = (t: string) => ({ content: [{ type: 'text', text: t }], isError: true })

const shared = { x: 1 }
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
})()
const messageToStringThrows = Object.assign(new Error('x'), { message: { toString() { throw new Error('toString broke') } } })

// MCP-shaped results that JSON.stringify (and so the browser) cannot take as they are.
const unserializableMcp: [string, unknown, unknown][] = [
  ['BigInt in structuredContent', { content: [], structuredContent: { n: 10n } }, { content: [], structuredContent: { n: '10' } }],
  ['BigInt in an extra field', { content: [], total: 10n }, { content: [], total: '10' }],
  ['a cycle inside a block', { content: [cyclicBlock] }, { content: [{ type: 'text', text: 'c', self: '[Circular]' }] }],
  ['a block whose toJSON throws', { content: [{ type: 'text', text: 'x', toJSON() { throw new Error('no') } }] }, { content: [{ type: 'text', text: '[Unserializable: no]' }] }],
  ['a block with a throwing getter', { content: [Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get() { throw new Error('getter broke') } })] }, { content: [{ type: 'text', text: '[Unserializable: getter broke]' }] }],
  ['a non-boolean isError (dropped)', { content: [], isError: 'yes' }, { content: [] }],
  ['a content getter that throws (not MCP-shaped: its JSON)', { get content() { throw new Error('no content') } }, text('{"content":"[Unserializable: no content]"}')],
  ['a revoked Proxy', revoked, text(expect.stringMatching(/^"\[Unserializable: Cannot perform '\w+' on a proxy that has been revoked\]"$/) as unknown as string)],
]

// toToolResponse: [row label, input, expected]. Rows marked † differ from
// use-webmcp-tool, which yields no valid result (or throws) for them.
const results: [string, unknown, unknown][] = [
  ['string', 'hello', text('hello')],
  ['empty string', '', text('')],
  ['undefined', undefined, { content: [] }],
  ['null', null, { content: [] }],
  ['number', 42, text('42')],
  ['NaN (as JSON)', Number.NaN, text('null')],
  ['boolean', true, text('true')],
  ['plain object', { a: 1, b: 'x' }, text('{"a":1,"b":"x"}')],
  ['array', [1, 'two'], text('[1,"two"]')],
  ['Date (its toJSON)', new Date(0), text('"1970-01-01T00:00:00.000Z"')],
  ['object with functions and undefined (dropped, as JSON does)', { a: 1, f: () => 1, u: undefined }, text('{"a":1}')],
  ['shared, non-circular references (kept)', { a: shared, b: shared }, text('{"a":{"x":1},"b":{"x":1}}')],
  ['† BigInt', 10n, text('10')],
  ['† BigInt inside an object (a string, no precision lost)', { id: 12345678901234567890n }, text('{"id":"12345678901234567890"}')],
  ['† circular object', circular, text('{"a":1,"self":"[Circular]"}')],
  ['† toJSON that throws', throwingToJSON, text('{"ok":1,"bad":"[Unserializable: no JSON for you]"}')],
  ['† getter that throws', throwingGetter, text('{"ok":1,"bad":"[Unserializable: getter broke]"}')],
  ['† function', () => 1, { content: [] }],
  ['† symbol', Symbol('s'), { content: [] }],
  ['† lone surrogate in a string (U+FFFD)', 'a\uD800b', text('a\uFFFDb')],
  ['an array with a content property (data, not an MCP result)', Object.assign([1, 2], { content: [{ type: 'text', text: 'hi' }] }), text('[1,2]')],
  ['a plain { name, message, stack } (data, not an Error)', { name: 'Ada', message: 'hello', stack: 'top' }, text('{"name":"Ada","message":"hello","stack":"top"}')],
  ['† boxed primitives, where JSON alone fails (a cycle)', (() => {
    const o: Record<string, unknown> = { s: new Object('x'), n: new Object(2), b: new Object(false), big: new Object(10n) }
    o.self = o
    return o
  })(), text('{"s":"x","n":2,"b":false,"big":"10","self":"[Circular]"}')],
]

describe('toToolResponse', () => {
  it.each(results)('%s', (_, input, expected) => {
    const result = toToolResponse(input)
    expect(result).toEqual(expected)
    expectValid(result)
  })

  it('passes an MCP result on as an equal copy (nothing the tool keeps can change the answer later)', () => {
    const mcp = { content: [{ type: 'text', text: 'x' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }], structuredContent: { x: 1 }, _meta: { a: 1 } }
    expect(toToolResponse(mcp)).toEqual(mcp)
    expect(toToolResponse(mcp)).not.toBe(mcp)
    const failed = { content: [{ type: 'text', text: 'nope' }], isError: true }
    expect(toToolResponse(failed)).toEqual(failed)
  })

  it.each(unserializableMcp)('† an MCP result that cannot be serialized as it is: %s', (_, input, expected) => {
    const result = toToolResponse(input)
    expect(result).toEqual(expected)
    expectValid(result)
  })

  it('† repairs a lone surrogate anywhere in a passed-on result, keys included', () => {
    const result = toToolResponse({
      content: [{ type: 'text', text: 'a\uD800' }, { type: 'resource', resource: { uri: 'x:', text: ['\uDC00'] } }],
      structuredContent: { 'deep': { deeper: ['ok \uD83D'] }, 'k\uD800': 1, 'escaped': '\\ud800 stays text' },
      _meta: { note: '\uDFFF' },
    })
    expect(result).toEqual({
      content: [{ type: 'text', text: 'a\uFFFD' }, { type: 'resource', resource: { uri: 'x:', text: ['\uFFFD'] } }],
      structuredContent: { 'deep': { deeper: ['ok \uFFFD'] }, 'k\uFFFD': 1, 'escaped': '\\ud800 stays text' },
      _meta: { note: '\uFFFD' },
    })
    expect(JSON.stringify(result)).not.toMatch(/[^\\]\\ud[89a-f]/)
  })

  it('† never shows a function as source, even inside content', () => {
    const result = toToolResponse({ content: [function secret() { return 'source' }, { type: 'text', text: 'ok' }] })
    expect(JSON.stringify(result)).not.toContain('source')
    expectValid(result)
  })

  it('† repairs an MCP result whose blocks are invalid instead of passing it on', () => {
    const result = toToolResponse({ content: [{ type: 'text', text: 42 }, 'loose', { type: 'text' }] })
    expect(result.content).toEqual([{ type: 'text', text: '42' }, { type: 'text', text: 'loose' }, { type: 'text', text: '' }])
    expectValid(result)
  })
})

class CustomError extends Error {
  override name = 'CustomError'
}

const foreignError = (() => {
  // An Error from another realm fails `instanceof Error` but says [object Error].
  const e = Object.create(null) as Record<string | symbol, unknown>
  e.name = 'Error'
  e.message = 'from an iframe'
  e.stack = 'Error: from an iframe'
  e[Symbol.toStringTag] = 'Error'
  return e
})()

const failures: [string, unknown, unknown][] = [
  ['Error', new Error('boom'), error('boom')],
  ['Error subclass (message only)', new CustomError('custom'), error('custom')],
  ['thrown string', 'plain failure', error('plain failure')],
  ['thrown object (its JSON)', { code: 7 }, error('{"code":7}')],
  ['thrown number', 404, error('404')],
  ['thrown null', null, error('null')],
  ['thrown Date (its JSON, quotes kept)', new Date(0), error('"1970-01-01T00:00:00.000Z"')],
  ['thrown boxed String (its JSON, quotes kept)', new Object('x'), error('"x"')],
  ['thrown object whose toJSON is a string (its JSON, quotes kept)', { toJSON: () => 'later' }, error('"later"')],
  ['thrown duck-typed { name, message, stack } (its JSON: not an Error)', { name: 'TypeError', message: 'm', stack: 's' }, error('{"name":"TypeError","message":"m","stack":"s"}')],
  ['† thrown undefined', undefined, error('The tool failed without saying why (it threw undefined).')],
  ['† DOMException (name kept: it tells AbortError from NotAllowedError)', new DOMException('no access', 'NotAllowedError'), error('NotAllowedError: no access')],
  ['† error from another realm', foreignError, error('from an iframe')],
  ['† circular thrown object', circular, error('{"a":1,"self":"[Circular]"}')],
  ['† thrown BigInt', 5n, error('5')],
  ['† thrown revoked Proxy', revoked, error(expect.stringMatching(/^\[Unserializable: Cannot perform '\w+' on a proxy that has been revoked\]$/) as unknown as string)],
  ['† Error whose message getter throws', unreadableMessage, error('Error (its message could not be read: getter broke)')],
  ['† Error whose message is an object with a throwing toString', messageToStringThrows, error('{}')],
  ['† thrown function (never its source)', function secret() { return 'source' }, error('The tool failed without saying why (it threw a function).')],
  ['† Error whose message is a function (never its source)', Object.assign(new Error('x'), { message: () => 'source' }), error('a function')],
  ['a message naming an HTML tag in prose (not a page)', new Error('Use <head> for metadata'), error('Use <head> for metadata')],
  ['a message with <html> in prose, never closed', new Error('Wrap it in <html> and <body>'), error('Wrap it in <html> and <body>')],
]

describe('what counts as an MCP result or an Error', () => {
  it('isToolResponse: an array carrying a content array is data', () => {
    expect(isToolResponse(Object.assign([], { content: [] }))).toBe(false)
    expect(isToolResponse({ content: [] })).toBe(true)
    expect(isToolResponse(revoked)).toBe(false)
  })

  it('a tool returning a plain { name, message, stack } succeeds with it; a returned Error fails', async () => {
    const run = (value: unknown) => runToolCall({ name: 't', settings: { budgets: false, validateArgs: false }, execute: () => value, signals: [] }, {})
    expect(await run({ name: 'Ada', message: 'hello', stack: 'top' })).toMatchObject({ ok: true, response: text('{"name":"Ada","message":"hello","stack":"top"}') })
    expect(await run(new TypeError('bad'))).toMatchObject({ ok: false, code: 'TOOL_ERROR' })
  })
})

describe('toErrorResponse', () => {
  it.each(failures)('%s', (_, input, expected) => {
    const result = toErrorResponse(input)
    expect(result).toEqual(expected)
    expectValid(result)
  })

  it('replaces an HTML error page inside a message with a short note', () => {
    const page = `<!DOCTYPE html><html><head><title>502</title></head><body>${'<p>Bad gateway</p>'.repeat(200)}</body></html>`
    const { content } = toErrorResponse(new Error(`Upstream failed: 502 ${page}`))
    const message = (content[0] as { text: string }).text
    expect(message).toMatch(/^Upstream failed: 502 \[HTML error page omitted, \d+ characters\]$/)
  })

  it('replaces an HTML page without a doctype when its tags are closed', () => {
    const { content } = toErrorResponse(new Error('Bad gateway: <html><body><h1>502</h1></body></html>'))
    expect((content[0] as { text: string }).text).toBe('Bad gateway: [HTML error page omitted, 39 characters]')
  })

  it('starts the page at the earliest tag that is closed further on, whatever the tags\' order', () => {
    // <body> opens first but is never closed; <head> (before <html>) is.
    expect(sanitizeErrorText('a <body> b <head>c</head> d <html>e</html>')).toBe('a <body> b [HTML error page omitted, 32 characters]')
    expect(sanitizeErrorText('a <html> b <body>c</body>')).toBe('a <html> b [HTML error page omitted, 15 characters]')
  })

  it('shortens a long error body and says how much there was', () => {
    const body = 'x'.repeat(5000)
    const message = sanitizeErrorText(body)
    expect([...message].length).toBeLessThanOrEqual(MAX_ERROR_TEXT)
    expect(message).toContain('of 5000 characters')
  })

  it('measures error text after JSON escaping: 5,000 quotes stay within 1,000 as sent', () => {
    const message = sanitizeErrorText('"'.repeat(5000))
    expect(serializedLength(message)).toBeLessThanOrEqual(MAX_ERROR_TEXT)
    expect(serializedLength(message)).toBeGreaterThan(MAX_ERROR_TEXT - 60)
    expect(message).toContain('of 5000 characters')
  })
})

describe('safeStringify', () => {
  it('writes what JSON writes wherever JSON can, even when something else sends it down the slow path', () => {
    const values = fc.anything(JSON_WRITABLE_KINDS)
    fc.assert(fc.property(values, (value) => {
      const holder: Record<string, unknown> = { v: value }
      holder.self = holder
      expect(safeStringify(holder)).toBe(JSON.stringify({ v: value, self: '[Circular]' }))
    }), { numRuns: 1000 })
  })
})

describe('normalization properties', () => {
  // The shared values, and the two errors only this file builds.
  const anyValue = fc.oneof(sharedAnyValue, fc.constantFrom<unknown>(foreignError, messageToStringThrows))

  it('any returned value gives a valid, serializable result and never throws', () => {
    fc.assert(fc.property(anyValue, (value) => {
      expectValid(toToolResponse(value))
    }), { numRuns: 2000 })
  })

  it('any thrown value gives a valid isError result and never throws', () => {
    fc.assert(fc.property(anyValue, (value) => {
      const result = toErrorResponse(value)
      expectValid(result)
      expect(result.isError).toBe(true)
    }), { numRuns: 2000 })
  })

  it('hostile values, returned or thrown, and values nested thousands of levels: valid, plain data, never a throw', () => {
    fc.assert(fc.property(fc.oneof({ arbitrary: hostileValue, weight: 30 }, { arbitrary: deepValue, weight: 1 }), (value) => {
      for (const result of [toToolResponse(value), toErrorResponse(value)]) {
        expectValid(result)
        // What the browser receives is cloned: no getter, Proxy or toJSON may be left in it.
        expect(structuredClone(result)).toEqual(JSON.parse(JSON.stringify(result)))
      }
    }), { numRuns: 500 })
  })

  it('text in every result is well formed (no lone surrogate)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      for (const result of [toToolResponse(s), toErrorResponse(s), toToolResponse({ s })]) {
        const t = (result.content[0] as { text: string }).text
        expect(t.isWellFormed()).toBe(true)
      }
    }))
  })
})

describe('data with a content member', () => {
  it('is data unless its content holds an MCP content block: an article\'s paragraphs are sent as JSON, not refused or repaired', () => {
    const article = { title: 'Release notes', content: ['First paragraph.', 'Second paragraph.'] }
    expect(isToolResponse(article)).toBe(false)
    expect(toToolResponse(article)).toEqual({ content: [{ type: 'text', text: JSON.stringify(article) }] })
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text_run', text: 'hi' }] }] }
    expect(toToolResponse(doc)).toEqual({ content: [{ type: 'text', text: JSON.stringify(doc) }] })
  })

  it('is an MCP result when its content is empty or holds a block of a type MCP defines', () => {
    expect(isToolResponse({ content: [] })).toBe(true)
    for (const type of ['text', 'image', 'audio', 'resource', 'resource_link'])
      expect(isToolResponse({ content: [{ type }] })).toBe(true)
    expect(isToolResponse({ content: ['loose', { type: 'text', text: 'x' }] })).toBe(true)
  })
})
