import process from 'node:process'
import { pathToFileURL } from 'node:url'
// Worst-case timings of the result path (issue #30): two versions of
// src/call/callTool.ts side by side, with budgets 'error' and off, on hostile
// results (megabytes, deep nesting, many small strings). Not part of CI.
// Usage: node scripts/bench/results.mjs <before/src/call/callTool.ts> <after/src/call/callTool.ts> [case filter]
import { build } from 'esbuild'

const impls = {}
for (const [label, entry] of [['before', process.argv[2]], ['after', process.argv[3]]]) {
  const out = `/tmp/vue-webmcp-results-bench-${label}-${process.pid}.mjs`
  await build({ entryPoints: [entry], bundle: true, format: 'esm', outfile: out, define: { __DEV__: 'false' }, platform: 'neutral', logLevel: 'error' })
  impls[label] = (await import(pathToFileURL(out).href)).runToolCall
}

const text = t => ({ type: 'text', text: t })
function nested(depth) {
  let value = 'leaf'
  for (let i = 0; i < depth; i++)
    value = { a: value }
  return value
}
function nestedArr(depth) {
  let value = ['leaf']
  for (let i = 0; i < depth; i++)
    value = [value]
  return value
}
const cases = {
  '10 MB string': () => 'ab"\\'.repeat(2_500_000),
  '10 MB text block': () => ({ content: [text('x'.repeat(10_000_000))] }),
  'object, one 10 MB field': () => ({ id: 1, body: 'x'.repeat(10_000_000) }),
  'object, 1 MB field + 5,000 items': () => ({ body: 'x'.repeat(1_000_000), items: Array.from({ length: 5000 }, (_, i) => ({ i })) }),
  '10 MB image block': () => ({ content: [{ type: 'image', data: 'A'.repeat(10_000_000), mimeType: 'image/png' }] }),
  'structuredContent, 10 MB field': () => ({ content: [text('done')], structuredContent: { ok: true, log: 'z'.repeat(10_000_000) } }),
  '1,000,000 small strings': () => Array.from({ length: 1_000_000 }, (_, i) => `s${i % 10}`),
  '100,000 keys of small strings': () => Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'v'])),
  '100,000 text blocks': () => ({ content: Array.from({ length: 100_000 }, () => text('ab')) }),
  'nested 5,000 deep object': () => nested(5000),
  'nested 5,000 deep array': () => nestedArr(5000),
  'object, 20 fields of 500 KB': () => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'y'.repeat(500_000)])),
}
const settingsFor = budgets => ({ validateArgs: false, budgets, timeoutMs: undefined })
async function once(callTool, make, budgets) {
  const value = make()
  const started = performance.now()
  await callTool({ name: 't', settings: settingsFor(budgets), execute: () => value, signals: [] }, {})
  return performance.now() - started
}
const median = ms => ms.sort((a, b) => a - b)[ms.length >> 1]
const only = process.argv[4]
const rounds = 7
console.log(`${'case'.padEnd(36)} | 'error' before | 'error' after | off before | off after   (median of ${rounds}, ms)`)
for (const [name, make] of Object.entries(cases)) {
  if (only && !name.includes(only))
    continue
  const times = { 'error before': [], 'error after': [], 'off before': [], 'off after': [] }
  for (let r = 0; r < rounds; r++) {
    for (const label of ['before', 'after']) {
      times[`error ${label}`].push(await once(impls[label], make, 'error'))
      times[`off ${label}`].push(await once(impls[label], make, false))
    }
  }
  console.log(`${name.padEnd(36)} | ${Object.values(times).map(t => median(t).toFixed(1).padStart(12)).join(' | ')}`)
}
