// `npm run bench`: measured figures, each as a ratio taken side by side in one
// run so they hold on a noisy machine. Benchmarks, not tests: nothing here
// fails a build. docs/guide/size-and-speed.md gives figures of one run on a quiet machine.

import os from 'node:os'
import process from 'node:process'
import { finite, runBrowserBenchmarks } from './bench/browser.mjs'
import { loadBudgets, makeInput, naiveBudget, timeIt } from './bench/budgets.mjs'
import { mountToRegistered } from './bench/startup.mjs'

// --quick (CI, `npm run bench:quick`): every section with few rounds, so a broken
// section fails the build; its figures are printed, never compared with a target.
const quick = process.argv.includes('--quick')
const only = process.argv.slice(2).filter(arg => !arg.startsWith('--'))
const want = n => !only.length || only.includes(String(n))
const fmt = ms => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3))

console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`)

if (want(1)) {
  const { shapeWithinBudget } = await loadBudgets()
  const LIMIT = 1500
  const ours = value => shapeWithinBudget(value, LIMIT, false)
  console.log('1. Result budgeting (limit 1,500), median ms per call: vue-webmcp vs binary search over JSON.stringify')
  console.log(`   ${'input'.padEnd(22)} ${'size'.padStart(6)}  ${'ours'.padStart(8)}  ${'naive'.padStart(9)}  naive/ours`)
  for (const kind of (process.env.BENCH_KINDS?.split(',') ?? ['plain text', 'quotes + backslashes', 'two-byte text', 'nested JSON', 'one large field', 'MCP text block', 'MCP image block'])) {
    const times = {}
    const sizes = quick ? [['10 KB', 1e4], ['1 MB', 1e6]] : [['10 KB', 1e4], ['1 MB', 1e6], ['10 MB', 1e7]]
    for (const [label, bytes] of sizes) {
      const input = makeInput(kind, bytes)
      const t = timeIt(() => ours(input), quick ? 10 : bytes >= 1e7 ? 1500 : 300)
      const n = timeIt(() => naiveBudget(input, LIMIT), quick ? 10 : bytes >= 1e7 ? 1500 : 300, quick ? 3 : bytes >= 1e7 ? 5 : 50)
      finite(`1 (${kind}, ${label})`, t, n)
      times[label] = t
      console.log(`   ${kind.padEnd(22)} ${label.padStart(6)}  ${fmt(t).padStart(8)}  ${fmt(n).padStart(9)}  ${(n / t).toFixed(1)}x`)
    }
    if (!quick)
      console.log(`   ${kind.padEnd(22)} 10 MB / 1 MB time ratio: ${(times['10 MB'] / times['1 MB']).toFixed(1)} (linear is ~10)`)
  }
  console.log()
}

if (want(2) || want(3) || want(4) || want(5) || want(6))
  await runBrowserBenchmarks({ registration: want(2), calls: want(3), memory: want(4), args: want(5), devMemory: want(6), quick })

if (want(7)) {
  const runs = await mountToRegistered({ runs: quick ? 2 : 15, delayMs: 150 })
  finite('7', ...runs.map(r => r.ms))
  const times = runs.map(r => r.ms).sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  const requests = runs.map(r => r.requestsAfterMount.length)
  console.log('7. From mount to registered, every response 150 ms late: a production Vite app with a JSON Schema tool and a')
  console.log('   Zod tool, fresh headless Chromium per page load (no DevTools client), getTools() polled until both are listed')
  console.log(`   ${runs.length} loads: median ${median.toFixed(1)} ms, range ${times[0].toFixed(1)} to ${times.at(-1).toFixed(1)} ms; scripts requested between mount and registered: ${Math.min(...requests)} to ${Math.max(...requests)}${requests.some(n => n) ? ` (${[...new Set(runs.flatMap(r => r.requestsAfterMount))].join(', ')})` : ''}\n`)
}
