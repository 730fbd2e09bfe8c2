// `npm run compare`: vue-webmcp's useWebMCPTool and VueUse 15's useWebMCP side
// by side on the same scenarios, in Chromium 156 with its own WebMCP, and again
// in Chromium 150 (fetched into .cache as for `npm run test:compat`), whose
// registerTool throws at once instead of rejecting. An agent calls the tools
// through Playwright's page.webmcp; the page records what the app sees (the
// composable's refs, every registerTool call and how it ended, unhandled
// rejections). A report, like `npm run bench`: nothing fails on a figure; it
// fails when it cannot measure (no Chromium, no registry for VueUse).
//
// VueUse 15 declares Node >= 22, so it is not a dependency of this repository
// (which installs on Node 20): `npm pack` fetches the pinned tarballs into
// .cache/vueuse-<version>/node_modules once, checked against their integrity,
// and the page and the size app load it from there. It runs in the browser.
//
// Prints markdown tables; writes the raw observations to .cache/compare-vueuse.json.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { chromium150Env, findChromium150, MISSING_CHROMIUM_150 } from './chromium-150.mjs'
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from './chromium.mjs'
import { bundlePage, servePage } from './page-server.mjs'
import { cleanMeasure, measure } from './size-measure.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const VUEUSE_VERSION = '15.0.0'
// `npm view @vueuse/<name>@15.0.0 dist.integrity`
const VUEUSE_PACKAGES = {
  '@vueuse/core': 'sha512-Zv67h5mrk7YHDJsRObx+DXaCBz6RKBUpxqLesJ+3xZNPG6yuQs7ja7kg3veFrrouYLWAqydQ7CwGEbLVxB43Ng==',
  '@vueuse/shared': 'sha512-vbNXhGrbV53xPOMSyOzMHQRvhMgZf7oNDw2RChUetVxwTIEkInQ1joZ9JbT0G3z2n2AJNjvmCWeM9ySYrnvogA==',
}
const VUEUSE_MODULES = join(root, '.cache', `vueuse-${VUEUSE_VERSION}`, 'node_modules')
const OUTPUT = join(root, '.cache', 'compare-vueuse.json')
// A Vite build's bytes depend on the working directory (run from /tmp, both
// apps came out 15 to 30 B larger): measure from the root, as `npm run size` does.
process.chdir(root)

function fail(message) {
  console.error(`compare: ${message}`)
  process.exit(1)
}

/** VueUse 15 in .cache, as npm would install it (core finds shared beside it). */
function fetchVueUse() {
  for (const [name, integrity] of Object.entries(VUEUSE_PACKAGES)) {
    const target = join(VUEUSE_MODULES, name)
    if (existsSync(join(target, 'package.json')))
      continue
    const work = mkdtempSync(join(tmpdir(), 'vueuse-'))
    try {
      let packed
      try {
        packed = JSON.parse(execFileSync('npm', ['pack', `${name}@${VUEUSE_VERSION}`, '--pack-destination', work, '--json', '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))
      }
      catch (error) {
        fail(`could not fetch ${name}@${VUEUSE_VERSION} with \`npm pack\` (it needs the npm registry, or a mirror in npm config):\n${error.stderr || error.message}`)
      }
      const file = join(work, packed[0].filename)
      const actual = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`
      if (actual !== integrity)
        fail(`${name}@${VUEUSE_VERSION}: the tarball's integrity is ${actual}, expected ${integrity}`)
      const staging = `${target}.partial`
      rmSync(staging, { recursive: true, force: true })
      mkdirSync(staging, { recursive: true })
      execFileSync('tar', ['-xzf', file, '-C', staging, '--strip-components=1'])
      renameSync(staging, target)
      console.error(`fetched ${name}@${VUEUSE_VERSION} into ${target}`)
    }
    finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
}

/** Fails unless every VueUse module bundled is the 15.x copy in .cache (the repository may hold another major). */
function checkVueUseCopy(modules, what) {
  const vueuse = modules.filter(id => id.includes('/@vueuse/'))
  const stray = vueuse.filter(id => !id.startsWith(VUEUSE_MODULES))
  if (!vueuse.length || stray.length)
    fail(`${what} bundled ${vueuse.length ? `another copy of VueUse: ${stray[0]}` : 'no VueUse module'}`)
}

async function bundleComparePage(dir) {
  const { metafile } = await bundlePage(
    fileURLToPath(new URL('./compare/page.js', import.meta.url)),
    dir,
    // By path: this repository may depend on another major of @vueuse/core.
    { '@vueuse/core': join(VUEUSE_MODULES, '@vueuse/core/dist/index.js'), 'vue-webmcp': `${root}dist/index.mjs` },
    { absWorkingDir: root },
  )
  checkVueUseCopy(Object.keys(metafile.inputs).map(id => join(root, id)), 'the comparison page')
}

function serve(dir) {
  const server = http.createServer((req, res) => servePage(req, res, dir, { title: 'compare' }))
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const firstLine = text => String(text).split('\n').find(line => line.trim())?.trim() ?? ''

/** A fresh page for one library, with what it logs to the console collected. */
async function openPage(browser, url, lib) {
  const page = await browser.newPage()
  const console_ = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console_.push(`${message.type()}: ${firstLine(message.text())}`)
  })
  page.on('pageerror', error => console_.push(`pageerror: ${firstLine(error.message)}`))
  await page.goto(`${url}?lib=${lib}`)
  await page.waitForFunction(() => window.compare)
  const quiet = async () => {
    if (!await page.evaluate(() => window.compare.quiet()))
      fail('the page never settled within 10 s')
  }
  const agentTools = async () => (await page.webmcp.tools({ timeout: 10_000 })).map(t => t.name)
  const state = key => page.evaluate(k => window.compare.state(k), key)
  const log = () => page.evaluate(() => window.compare.log())
  /** An agent's call, and which components' `execute` ran for it. */
  const call = async (name, input) => {
    const before = (await log()).executions.length
    let outcome
    try {
      outcome = { returned: await page.webmcp.callTool(name, input, { timeout: 10_000 }) }
    }
    catch (error) {
      outcome = { threw: firstLine(error.message) }
    }
    await quiet()
    return { input, ...outcome, ranBy: (await log()).executions.slice(before).map(e => e.key) }
  }
  return { page, console: console_, quiet, agentTools, call, state, log }
}

const SCENARIOS = {
  async duplicateName(p) {
    const spec = { name: 'shared_name' }
    await p.page.evaluate(s => window.compare.show('first', s), spec)
    await p.quiet()
    await p.page.evaluate(s => window.compare.show('second', s), spec)
    await p.quiet()
    const bothMounted = {
      agentTools: await p.agentTools(),
      first: await p.state('first'),
      second: await p.state('second'),
      call: await p.call('shared_name', {}),
    }
    await p.page.evaluate(() => window.compare.hide('first'))
    await p.quiet()
    const afterFirstUnmounts = {
      agentTools: await p.agentTools(),
      second: await p.state('second'),
      call: await p.call('shared_name', {}),
    }
    return { bothMounted, afterFirstUnmounts, log: await p.log(), console: p.console }
  },

  async pendingUnmount(p) {
    const spec = { name: 'pending_tool' }
    await p.page.evaluate(s => window.compare.showAndHideOnRegister('pending', s), spec)
    await p.quiet()
    const afterUnmount = {
      agentTools: await p.agentTools(),
      pageTools: await p.page.evaluate(() => window.compare.pageTools()),
      call: await p.call('pending_tool', {}),
    }
    // A new component wanting the same name: a leaked registration would block it.
    await p.page.evaluate(s => window.compare.show('again', s), spec)
    await p.quiet()
    const remount = { agentTools: await p.agentTools(), again: await p.state('again') }
    return { afterUnmount, remount, log: await p.log(), console: p.console }
  },

  async throwingTool(p) {
    await p.page.evaluate(() => window.compare.show('thrower', { name: 'throwing_tool', kind: 'throw' }))
    await p.quiet()
    const call = await p.call('throwing_tool', {})
    return { call, thrower: await p.state('thrower'), log: await p.log(), console: p.console }
  },

  async schemaMiss(p) {
    await p.page.evaluate(() => window.compare.show('tasks', { name: 'add_task', schema: 'task' }))
    await p.quiet()
    const calls = {}
    for (const [label, input] of Object.entries({ 'valid': { title: 'Buy milk' }, 'required field missing': {}, 'wrong type': { title: 42 }, 'out of range': { title: 'Buy milk', priority: 9 } })) {
      calls[label] = await p.call('add_task', input)
    }
    return { calls, tasks: await p.state('tasks'), log: await p.log(), console: p.console }
  },
}

const LIBS = {
  'vue-webmcp': { label: 'vue-webmcp `useWebMCPTool`' },
  'vueuse': { label: `VueUse ${VUEUSE_VERSION} \`useWebMCP\`` },
}

async function runScenarios(chromiumPath, env) {
  const dir = mkdtempSync(join(tmpdir(), 'vue-webmcp-compare-'))
  const server = await serve(dir)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true, env: env && { ...process.env, ...env } })
  try {
    await bundleComparePage(dir)
    const url = `http://localhost:${server.address().port}/`
    const results = {}
    for (const lib of Object.keys(LIBS)) {
      results[lib] = {}
      for (const [name, run] of Object.entries(SCENARIOS)) {
        const p = await openPage(browser, url, lib)
        if (!await p.page.evaluate(() => !!document.modelContext))
          fail(`document.modelContext is missing in ${chromiumPath}: it needs Chromium 156+ with --enable-features=WebMCP`)
        try {
          results[lib][name] = await run(p)
          const { registerCalls, unmountedWhilePending } = results[lib][name].log
          if (name === 'pendingUnmount' && registerCalls[0]?.outcome?.settled !== 'returned' && !unmountedWhilePending.length)
            fail(`${lib}: the pending-unmount scenario did not unmount while registerTool was pending; nothing was measured`)
        }
        finally {
          await p.page.close()
        }
      }
    }
    return { version: browser.version(), results }
  }
  finally {
    await browser.close()
    server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

// A minimal app with one tool (with a schema), as an app would write it.
const SIZE_APPS = {
  'vue-webmcp': {
    source: 'import { useWebMCPTool } from "vue-webmcp"\nexport const setup = () => useWebMCPTool({ name: "add_task", description: "Adds a task.", inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] }, execute: ({ title }) => title })',
    packages: { 'vue-webmcp': root },
  },
  'vueuse': {
    source: 'import { useWebMCP } from "@vueuse/core"\nexport const setup = () => useWebMCP({ name: "add_task", description: "Adds a task.", inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] }, execute: ({ title }) => title })',
    packages: Object.fromEntries(Object.keys(VUEUSE_PACKAGES).map(name => [name, join(VUEUSE_MODULES, name)])),
  },
}

async function measureSizes() {
  const sizes = {}
  try {
    for (const [lib, { source, packages }] of Object.entries(SIZE_APPS)) {
      const { modules, ...bytes } = await measure(source, packages)
      if (lib === 'vueuse')
        checkVueUseCopy(modules, 'the size app')
      sizes[lib] = bytes
    }
  }
  finally {
    await cleanMeasure()
  }
  return sizes
}

// ---- the table: each cell says what was observed, from the raw results ----

const oneLine = text => String(text).replace(/\s*\n\s*/g, ' ')
const err = e => `\`${e.name}\`${e.message ? ` "${oneLine(e.message)}"` : ''}`
const refs = s => s ? `\`isRegistered\` ${s.isRegistered}, \`error\` ${s.error ? err(s.error) : 'null'}` : 'not mounted'
const count = (list, name) => list.filter(n => n === name).length
const period = text => /[.!?]$/.test(text) ? text : `${text}.`

/** What the agent got from one call, and whose `execute` ran. */
function agentResult(call) {
  const ran = call.ranBy.length ? `\`execute\` of "${call.ranBy.join('", "')}" ran` : '`execute` did not run'
  if ('threw' in call)
    return `${ran}; the agent's call throws: "${oneLine(call.threw)}"`
  const r = call.returned
  if (r && typeof r === 'object' && Array.isArray(r.content)) {
    const text = oneLine(r.content.map(c => c.text).join(' '))
    const code = r._meta?.['vue-webmcp/code']
    return `${ran}; the agent gets ${r.isError ? 'an `isError` result' : 'a result'}${code ? ` (code \`${code}\`)` : ''}: "${text.length > 140 ? `${text.slice(0, 140)}…` : text}"`
  }
  return `${ran}; the agent gets ${JSON.stringify(r)}`
}

function rejections(log) {
  const list = log.unhandledRejections
  if (!list.length)
    return 'No unhandled rejection'
  return `${list.length} unhandled rejection${list.length > 1 ? 's' : ''} in the page (${list.map(err).join(', ')})`
}

function describeDuplicate({ bothMounted: b, afterFirstUnmounts: a, log }) {
  return [
    `Both mounted: the agent sees ${count(b.agentTools, 'shared_name')} \`shared_name\`. First: ${refs(b.first)}. Second: ${refs(b.second)}. ${rejections(log)}.`,
    `After the first unmounts: the agent sees ${count(a.agentTools, 'shared_name')}; second: ${refs(a.second)}; ${period(agentResult(a.call))}`,
  ].join('<br>')
}

function describePending({ afterUnmount: a, remount: r, log }) {
  const call = log.registerCalls.find(c => c.name === 'pending_tool')
  const outcome = !call?.outcome ? 'never settled' : call.outcome.name ? `${call.outcome.settled === 'threw' ? 'threw' : 'rejected with'} ${err(call.outcome)}` : call.outcome.settled
  const pending = call?.outcome?.settled === 'returned'
    ? '`registerTool` returned no promise, so nothing was pending; unmounted right after it'
    : log.unmountedWhilePending.length ? `Unmounted while \`registerTool\` was pending; that registration then ${outcome}` : 'NOT pending at unmount: the scenario did not happen'
  return `${pending}. Tool left registered: ${count(a.agentTools, 'pending_tool') ? '**yes**' : 'no'}. ${rejections(log)}. `
    + `A component mounted afterwards with the same name: ${refs(r.again)}.`
}

function describeThrowing({ call, thrower, log }) {
  return `${period(agentResult(call))} App: ${refs(thrower)}. ${rejections(log)}.`
}

function describeSchema({ calls }) {
  return Object.entries(calls)
    .filter(([label]) => label !== 'valid')
    .map(([label, c]) => `${label}, \`${JSON.stringify(c.input)}\`: ${period(agentResult(c))}`)
    .join('<br>')
}

function table(results, sizes) {
  const libs = Object.keys(LIBS)
  const rows = [
    ['1. Duplicate name: two components register `shared_name`', r => describeDuplicate(r.duplicateName)],
    ['2. Unmount while `registerTool` is pending', r => describePending(r.pendingUnmount)],
    ['3. `execute` throws `new Error(\'boom\')`', r => describeThrowing(r.throwingTool)],
    ['4. Arguments that miss the schema (`title` string required, `priority` integer 1-5)', r => describeSchema(r.schemaMiss)],
  ]
  const out = [`| scenario | ${libs.map(l => LIBS[l].label).join(' | ')} |`, `| --- |${libs.map(() => ' --- |').join('')}`]
  for (const [label, cell] of rows)
    out.push(`| ${label} | ${libs.map(l => cell(results[l]).replaceAll('|', '\\|')).join(' | ')} |`)
  const size = (s) => {
    const later = s.lazy + s.validator
    return `${s.startup.toLocaleString('en')} B at start-up${later ? `; ${s.lazy.toLocaleString('en')} B more once the page is idle after the tool registered (on its first call, with \`warmUp: false\`), and at most ${s.validator.toLocaleString('en')} B for the schema code: the validators with their checks, of which a page loads the part its schemas need (loaded with \`import()\`)` : '; nothing loaded later'}`
  }
  if (sizes)
    out.push(`| 5. Size: gzip bytes, one tool with a schema, Vite production build, \`vue\` external | ${libs.map(l => size(sizes[l])).join(' | ')} |`)
  return out.join('\n')
}

// ---- main ----

const chromiumPath = findChromium()
if (!chromiumPath)
  fail(MISSING_CHROMIUM)
const chromium150Path = findChromium150()
if (!chromium150Path)
  fail(MISSING_CHROMIUM_150)
if (!existsSync(`${root}dist/index.mjs`))
  fail('dist/ is missing: run `npm run compare` (it builds first), or `npm run build`')
fetchVueUse()

const sizes = await measureSizes()
const main = await runScenarios(chromiumPath)
// Chromium 150 (the origin trial's first builds): registerTool returns nothing
// and throws at once on a duplicate, the API VueUse's useWebMCP types describe.
const older = await runScenarios(chromium150Path, chromium150Env())
function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  }
  catch {
    return 'no git'
  }
}
const versionOf = name => JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, 'utf8')).version
const versions = {
  'vue-webmcp': `${JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version} (${gitHead()})`,
  '@vueuse/core': VUEUSE_VERSION,
  'vue': versionOf('vue'),
  'vite': versionOf('vite'),
  'chromium': `${main.version} and ${older.version}`,
  'playwright': versionOf('playwright'),
  'node': process.version,
}
mkdirSync(join(root, '.cache'), { recursive: true })
writeFileSync(OUTPUT, `${JSON.stringify({
  date: new Date().toISOString(),
  versions,
  sizes,
  results: { [main.version]: main.results, [older.version]: older.results },
}, null, 2)}\n`)

console.log(`Chromium ${main.version}, WebMCP on\n`)
console.log(table(main.results, sizes))
console.log(`\nChromium ${older.version} (registerTool returns nothing and throws on a duplicate)\n`)
console.log(table(older.results))
console.log(`\nMeasured ${new Date().toISOString().slice(0, 10)}: ${Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', ')}.`)
console.log(`Raw observations: ${OUTPUT.slice(root.length)}`)
