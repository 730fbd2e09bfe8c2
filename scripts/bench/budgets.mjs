// Benchmark 1: keeping results within budget, ours against the naive approach
// (a binary search over JSON.stringify, as tool-guard-style code does).

import { Buffer } from 'node:buffer'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import vm from 'node:vm'
import { build } from 'esbuild'

// A full collection before each measurement, so no side pays for the garbage
// the other left (the reference's binary search leaves megabytes of strings).
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc')

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Compiles the result budget (what `'error'` mode loads, src/results/resultBudgets.ts) for Node, as production builds run it. */
export async function loadBudgets() {
  const out = await build({
    entryPoints: [`${root}src/results/resultBudgets.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    outdir: '/bench',
    define: { __DEV__: 'false' },
    logLevel: 'silent',
  })
  const load = async file => import(`data:text/javascript;base64,${Buffer.from(file.text).toString('base64')}`)
  return load(out.outputFiles[0])
}

const MARK = '\n…[truncated]'

/** The naive reference: measure with JSON.stringify, binary search the cut. */
export function naiveBudget(value, limit) {
  const whole = JSON.stringify(value)
  const size = JSON.stringify(typeof value === 'string' ? value : whole).length - 2
  if (size <= limit)
    return whole
  if (typeof value === 'string')
    return JSON.stringify(value.slice(0, longestFitting(k => JSON.stringify(value.slice(0, k) + MARK).length - 2 <= limit, value.length)) + MARK)
  // An object: cut its largest top-level string field, re-serializing the whole object each step.
  const key = Object.keys(value).filter(k => typeof value[k] === 'string').sort((a, b) => value[b].length - value[a].length)[0]
  if (key) {
    const fits = k => JSON.stringify(JSON.stringify({ ...value, [key]: value[key].slice(0, k) + MARK })).length - 2 <= limit
    return JSON.stringify({ ...value, [key]: value[key].slice(0, longestFitting(fits, value[key].length)) + MARK })
  }
  // Anything else: an envelope around a prefix of the JSON text.
  const fits = k => JSON.stringify(JSON.stringify({ partial: whole.slice(0, k), truncated: true })).length - 2 <= limit
  return JSON.stringify({ partial: whole.slice(0, longestFitting(fits, whole.length)), truncated: true })
}

function longestFitting(fits, max) {
  let lo = 0
  let hi = max
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid))
      lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Inputs of about `bytes` characters, by kind. */
export function makeInput(kind, bytes) {
  if (kind === 'plain text')
    return 'lorem ipsum dolor sit amet '.repeat(Math.ceil(bytes / 27)).slice(0, bytes)
  if (kind === 'quotes + backslashes')
    return 'say "hi" \\ c:\\path\\ '.repeat(Math.ceil(bytes / 21)).slice(0, bytes)
  if (kind === 'two-byte text')
    return 'Привет, мир! "ёлка" \\ 😀 '.repeat(Math.ceil(bytes / 24)).slice(0, bytes)
  if (kind === 'nested JSON') {
    const items = []
    let size = 0
    for (let i = 0; size < bytes; i++) {
      const item = { id: i, title: `Task ${i}`, tags: ['a', 'b'], owner: { name: 'Ada', email: 'ada@example.com' }, done: i % 2 === 0 }
      items.push(item)
      size += 110
    }
    return { items }
  }
  // MCP results: copied (serialized and read back) and measured whole, as the agent receives them.
  if (kind === 'MCP text block')
    return { content: [{ type: 'text', text: 'lorem "ipsum" \\ dolor '.repeat(Math.ceil(bytes / 22)).slice(0, bytes) }] }
  if (kind === 'MCP image block')
    return { content: [{ type: 'image', data: 'iVBORw0KGgo'.repeat(Math.ceil(bytes / 11)).slice(0, bytes), mimeType: 'image/png' }] }
  if (kind === 'one large field')
    return { id: 1, title: 'Notes', body: 'note "text" \\ '.repeat(Math.ceil(bytes / 15)).slice(0, bytes) }
  throw new Error(kind)
}

export function timeIt(fn, minMs = 300, maxRuns = 50) {
  fn() // warm
  gc()
  const times = []
  const start = performance.now()
  while ((performance.now() - start < minMs || times.length < 3) && times.length < maxRuns) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}
