// `npm run size`: gzip bytes an app ships for each way of using vue-webmcp,
// measured the way a Vue app is built: Vite (production) bundling a one-line
// app that imports the package as installed (dist/, through its package.json
// "exports" and "sideEffects"), vue external. `@vueuse/core` is bundled, as an
// app bundles it: it is a dependency of the package, not a peer the app has
// already (an app that uses VueUse 14 pays less). The React reference `usewebmcp`
// (with its polyfill dependency) is measured the same way, react external.
//
// The report leads with what a page loads before its tools are registered, in
// bytes and in requests. "start-up" is what the page loads before any tool
// runs; "1st call" is what vue-webmcp loads with import() once the browser is
// idle after tools registered, or when an agent first calls a tool (the call
// pipeline, and the argument validator for tools with a schema).
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { cleanMeasure, measure } from './size-measure.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

// Every runtime export of the entry, by name, as an app that uses them all imports them.
const exported = Object.keys(await import(`${root}dist/index.mjs`))
const everything = exported.join(', ')
// The same without the two synchronous normalization functions, which are
// start-up code wherever they are imported.
const composablesOnly = exported.filter(name => !/^to(?:Tool|Error)Response$/.test(name)).join(', ')

// [label, app source, target for start-up gzip bytes]
const ROWS = [
  ['(a) whole public entry', `import { ${everything} } from "vue-webmcp"; globalThis.keep = [${everything}]`, 4000],
  ['    everything but toToolResponse + toErrorResponse', `import { ${composablesOnly} } from "vue-webmcp"; globalThis.keep = [${composablesOnly}]`],
  ['(b) only useWebMCPTool', 'import { useWebMCPTool } from "vue-webmcp"; globalThis.keep = useWebMCPTool', 3400],
  ['(c) only useWebMCPForm', 'import { useWebMCPForm } from "vue-webmcp"; globalThis.keep = useWebMCPForm'],
  ['    only useWebMCPTools + defineWebMCPTool', 'import { useWebMCPTools, defineWebMCPTool } from "vue-webmcp"; globalThis.keep = [useWebMCPTools, defineWebMCPTool]'],
  ['    only useRegisteredTools', 'import { useRegisteredTools } from "vue-webmcp"; globalThis.keep = useRegisteredTools'],
  ['    only toToolResponse + toErrorResponse', 'import { toToolResponse, toErrorResponse } from "vue-webmcp"; globalThis.keep = [toToolResponse, toErrorResponse]'],
  ['(d) vue-webmcp/testing', 'import * as t from "vue-webmcp/testing"; globalThis.keep = t'],
  ['React: usewebmcp 5.1.0 (+ @mcp-b/webmcp-polyfill/schema)', 'import * as r from "usewebmcp"; globalThis.keep = r'],
]

// A page with one tool, as an app writes it: what it loads before the tool is registered. In a
// production build every check a tool passes before registering is start-up code (the spec's rules,
// a Standard Schema's own JSON Schema), so nothing loads between mount and registration; only
// budgets switched on ('error' mode) load the call path first. `npm run bench` (7) times it in Chromium.
const TOOL = 'name: "search", description: "Searches the catalog.", execute: () => []'
const BEFORE_REGISTERED = [
  ['a tool without a schema', `import { useWebMCPTool } from "vue-webmcp"; globalThis.setup = () => useWebMCPTool({ ${TOOL} })`],
  ['a tool with a JSON Schema', `import { useWebMCPTool } from "vue-webmcp"; globalThis.setup = () => useWebMCPTool({ ${TOOL}, inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } })`],
  ['a tool with a Zod schema (zod itself not counted)', `import { useWebMCPTool } from "vue-webmcp"; import { z } from "zod"; globalThis.setup = () => useWebMCPTool({ ${TOOL}, inputSchema: z.object({ q: z.string() }) })`, ['zod']],
]
const beforeRows = []
for (const [label, source, external] of BEFORE_REGISTERED)
  beforeRows.push({ label, ...await measure(source, undefined, external) })
const pad = (v, n) => String(v).padStart(n)
const beforeWidth = Math.max(...beforeRows.map(r => r.label.length), 46)
console.log('What a page loads before its tools are registered (useWebMCPTool, Vite production build, gzip -9)')
console.log(`${'the page has'.padEnd(beforeWidth)}  ${pad('bytes', 6)}  requests`)
for (const r of beforeRows)
  console.log(`${r.label.padEnd(beforeWidth)}  ${pad(r.startup, 6)}  ${r.startupFiles} with the page, 0 between mount and registration`)
// What loads with a lazily loaded part of `row`: the chunk built from dist/chunks/<name>.mjs for
// each of `parts`, with the chunks it imports statically, start-up chunks aside.
function loadedWith(row, parts) {
  const byFile = new Map(row.lazyChunks.map(c => [c.fileName, c]))
  const loaded = new Set()
  const load = (c) => {
    if (!c || loaded.has(c))
      return
    loaded.add(c)
    c.imports.forEach(file => load(byFile.get(file)))
  }
  row.lazyChunks.filter(c => parts.some(name => c.modules.some(id => id.endsWith(`/chunks/${name}.mjs`)))).forEach(load)
  return { bytes: [...loaded].reduce((n, c) => n + c.gzip, 0), files: loaded.size }
}
const withBudgets = loadedWith(beforeRows[1], ['budgets'])
console.log(`${'with budgets: \'error\' (the budgets load first)'.padEnd(beforeWidth)}  ${pad(beforeRows[1].startup + withBudgets.bytes, 6)}  ${beforeRows[1].startupFiles} with the page, ${withBudgets.files} after setup (the budgets, with what they import)`)
console.log('requests: files of the app\'s build, the package\'s included; vue is external. The call path and the validators load once the page\n          is idle after its tools registered (the warm-up), or on a tool\'s first call.\n')

const rows = []
for (const [label, source, target] of ROWS)
  rows.push({ label, target, ...await measure(source) })
await cleanMeasure()

const width = Math.max(...rows.map(r => r.label.length))
console.log(`${'the app imports'.padEnd(width)}  ${pad('start-up', 8)}  ${pad('1st call', 8)}  ${pad('+schema', 7)}  ${pad('+confirm', 8)}  ${pad('total', 6)}  start-up target`)
for (const r of rows) {
  const verdict = r.target === undefined ? '' : `${r.startup <= r.target ? 'met' : 'MISSED'} (<= ${r.target})`
  console.log(`${r.label.padEnd(width)}  ${pad(r.startup, 8)}  ${pad(r.lazy || '-', 8)}  ${pad(r.validator || '-', 7)}  ${pad(r.confirm || '-', 8)}  ${pad(r.startup + r.lazy + r.validator + r.confirm, 6)}  ${verdict}`)
}
// (b) by the schemas its tools use: what such a page can load in all, start-up included.
// A chunk is known by the module it was built from (dist/chunks/<name>.mjs).
// The confirmation step (with the queue it brings) loads only for a tool that
// asks the person (`confirm`), whatever its schema; the budgets only on a page that
// turns them on; the marking of untrusted() values only with a result that holds
// one; the registration by name only on Firefox's own context: counted in none of
// these rows, and listed after them.
const onlyTool = rows.find(r => r.label.startsWith('(b)'))
const inChunk = (modules, name) => modules.some(id => id.endsWith(`/chunks/${name}.mjs`))
const chunkOf = (c, name) => inChunk(c.modules, name)
const WHEN_USED = ['confirm', 'budgets', 'untrustedMarking', 'byNameRegistration']
// A chunk only the ones used when needed import (the spec's rules: the budgets and the registration
// by name) loads with whichever of them loads first.
const importedOnlyBy = (c, names) => c.importedBy.length > 0 && c.importedBy.every(modules => names.some(name => inChunk(modules, name)))
const onlyWhenUsed = c => importedOnlyBy(c, WHEN_USED)
function loadable(without) {
  // A chunk only the parts left out import (the `$ref` resolution the JSON Schema validator brings) is left out with them.
  return onlyTool.startup + onlyTool.lazyChunks
    .filter(c => !without.some(name => chunkOf(c, name)) && !onlyWhenUsed(c) && !importedOnlyBy(c, without))
    .reduce((n, c) => n + c.gzip, 0)
}
const BY_SCHEMA = [
  ['(b) JSON Schema tools without format: in all', loadable([...WHEN_USED, 'formats', 'standardSchemaValidator']), 15000],
  ['    JSON Schema tools with format: in all', loadable([...WHEN_USED, 'standardSchemaValidator'])],
  ['    Standard Schema tools (Zod, Valibot, ArkType): in all', loadable([...WHEN_USED, 'jsonSchemaValidator', 'formats'])],
]
console.log(`\n${'useWebMCPTool, by the schemas its tools use'.padEnd(width)}  ${pad('bytes', 8)}  target`)
for (const [label, bytes, target] of BY_SCHEMA)
  console.log(`${label.padEnd(width)}  ${pad(bytes, 8)}  ${target === undefined ? '' : `${bytes <= target ? 'met' : 'MISSED'} (<= ${target})`}`)
function whenUsed(name) {
  return onlyTool.lazyChunks
    .filter(c => chunkOf(c, name) || (onlyWhenUsed(c) && c.importedBy.some(modules => inChunk(modules, name))))
    .reduce((n, c) => n + c.gzip, 0)
}
for (const [label, name] of [['+ a tool that asks the person (the confirmation step)', 'confirm'], ['+ budgets on (at setup: definitions and results)', 'budgets'], ['+ a result with untrusted() values (the marking)', 'untrustedMarking'], ['+ Firefox\'s own context (its registration by name)', 'byNameRegistration']])
  console.log(`${label.padEnd(width)}  ${pad(whenUsed(name), 8)}`)
// Once the browser is idle after its tools registered, the warm-up has loaded what their calls can
// need (call/warmUp.ts): the call path, and the parts of the kinds of tools the page has.
const afterIdle = parts => onlyTool.startup + loadedWith(onlyTool, parts).bytes
const AFTER_IDLE = [
  ['a tool without a schema', ['pipeline']],
  ['a tool with a JSON Schema using format, and an outputSchema', ['pipeline', 'jsonSchemaValidator', 'formats']],
  ['a tool with a Standard Schema (Zod; zod itself not counted)', ['pipeline', 'standardSchemaValidator']],
  ['a tool that asks the person', ['pipeline', 'confirm']],
  ['one tool of each kind above', ['pipeline', 'jsonSchemaValidator', 'formats', 'standardSchemaValidator', 'confirm']],
]
const idleWidth = Math.max(...AFTER_IDLE.map(([label]) => label.length), width)
console.log(`\n${'useWebMCPTool: loaded once idle (the warm-up), start-up included'.padEnd(idleWidth)}  ${pad('bytes', 8)}`)
for (const [label, parts] of AFTER_IDLE)
  console.log(`${label.padEnd(idleWidth)}  ${pad(afterIdle(parts), 8)}`)
console.log('With WEBMCP_CONFIG.warmUp: false, each part loads on the first call that needs it instead.')

console.log('\ngzip -9 bytes of Vite 8 production output, minified whole (whitespace too, as an app build does); vue and react external, @vueuse/core bundled.')
console.log('start-up: loaded with the page, all a tool needs to register. 1st call: loaded by import() once the browser')
console.log('         is idle after tools registered, or on the first tool call (the call path; at setup instead when')
console.log('         budgets are on, with the budget check).')
console.log('+schema: the validators, loaded likewise for a tool with such a schema: the JSON Schema validator with')
console.log('         the check that a schema can be enforced (its format checkers only for a schema with format), the')
console.log('         Standard Schema adapter. A page loads the part its tools use (rows below).')
console.log('+confirm: the confirmation step, loaded likewise for a tool that asks the person.')

// The files a page without a bundler loads as they are (dist/vue-webmcp.esm-browser*.js):
// the entry and the chunks it imports statically at start-up, the rest by import().
const dist = `${root}dist/`
function browserFiles(entry) {
  const read = file => readFileSync(`${dist}${file}`, 'utf8')
  const resolveFrom = (file, spec) => posix.join(posix.dirname(file), spec)
  const startup = new Set()
  const visit = (file) => {
    if (startup.has(file))
      return
    startup.add(file)
    for (const [, spec] of read(file).matchAll(/(?:^|[;\n}])\s*import(?:[^'"()]*?from)?\s*["'](\.[^"']+)["']/g))
      visit(resolveFrom(file, spec))
  }
  visit(entry)
  const lazy = new Set()
  for (const file of startup) {
    for (const [, spec] of read(file).matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)) {
      const before = new Set(startup)
      const queue = [resolveFrom(file, spec)]
      while (queue.length) {
        const next = queue.pop()
        if (before.has(next) || lazy.has(next))
          continue
        lazy.add(next)
        for (const [, stat, dyn] of read(next).matchAll(/(?:^|[;\n}])\s*import(?:[^'"()]*?from)?\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g))
          queue.push(resolveFrom(next, stat ?? dyn))
      }
    }
  }
  const gzip = files => [...files].reduce((n, f) => n + gzipSync(readFileSync(`${dist}${f}`), { level: 9 }).length, 0)
  return { files: startup.size, startup: gzip(startup), lazy: gzip(lazy) }
}
console.log('\nwithout a bundler (import map), gzip -9 bytes      files  start-up     later')
for (const file of ['vue-webmcp.esm-browser.prod.js', 'vue-webmcp.esm-browser.js']) {
  const r = browserFiles(file)
  console.log(`${`dist/${file}`.padEnd(48)}  ${pad(r.files, 5)}  ${pad(r.startup, 8)}  ${pad(r.lazy, 8)}`)
}
console.log('files: loaded with the page. later: every chunk import() can load (the call path, the validators).')
