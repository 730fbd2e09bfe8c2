// Benchmark 7: from mount to registered on a slow network. A production Vite
// build of a small app with two tools, one with a JSON Schema and one with a
// Zod schema, served with a delay on every response, in Chromium with WebMCP
// on and no DevTools client attached. The page times from just before
// `app.mount()` to the moment `getTools()` lists both tools (polled), counts
// the script files it requested in between, and posts its figures back.
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { CHROMIUM_ARGS, requireChromium } from '../chromium.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Inside the repository, so `vue` and `zod` resolve from its node_modules; not inside node_modules,
// which a git worktree may link to another checkout's (where `vue-webmcp` would resolve to that checkout).
const work = `${root}.cache/vue-webmcp-startup/`

const MAIN = `import { createApp, h } from 'vue'
import { useWebMCPTool } from 'vue-webmcp'
import { z } from 'zod'

const App = {
  setup() {
    useWebMCPTool({
      name: 'search_json',
      description: 'Searches the catalog.',
      inputSchema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['q'] },
      execute: () => [],
    })
    useWebMCPTool({
      name: 'search_zod',
      description: 'Searches the catalog.',
      inputSchema: z.object({ q: z.string(), limit: z.number().int().min(1).optional() }),
      execute: () => [],
    })
    return () => h('p', 'app')
  },
}

const mc = document.modelContext
const mountedAt = performance.now()
createApp(App).mount('#app')
const wanted = ['search_json', 'search_zod']
for (;;) {
  const names = (await mc.getTools()).map(tool => tool.name)
  if (wanted.every(name => names.includes(name)))
    break
  await new Promise(resolve => setTimeout(resolve, 2))
}
const ms = performance.now() - mountedAt
const scripts = performance.getEntriesByType('resource').filter(entry => entry.startTime >= mountedAt && /\\.js$/.test(new URL(entry.name).pathname))
await fetch('/report', { method: 'POST', body: JSON.stringify({ ms, requestsAfterMount: scripts.map(entry => new URL(entry.name).pathname) }) })
`

/** Builds the app as `vite build` does for production, vue-webmcp as installed (dist/ through its package.json). */
async function buildApp() {
  await rm(work, { recursive: true, force: true })
  await mkdir(`${work}node_modules`, { recursive: true })
  await symlink(root, `${work}node_modules/vue-webmcp`)
  await writeFile(`${work}index.html`, '<!doctype html><meta charset="utf-8"><title>start-up</title><div id="app"></div><script type="module" src="/main.js"></script>')
  await writeFile(`${work}main.js`, MAIN)
  await build({ root: work, configFile: false, logLevel: 'silent', build: { outDir: `${work}dist`, target: 'es2022' } })
  return `${work}dist`
}

/** Serves `dir`, answering every request `delayMs` late; resolves each report posted to /report. */
function serveSlowly(dir, delayMs) {
  let onReport
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        res.end()
        onReport?.(JSON.parse(body))
      })
      return
    }
    setTimeout(async () => {
      const path = req.url === '/' ? '/index.html' : req.url.split('?')[0]
      try {
        const file = await readFile(join(dir, path))
        res.setHeader('content-type', extname(path) === '.js' ? 'text/javascript' : extname(path) === '.html' ? 'text/html' : 'application/octet-stream')
        res.setHeader('cache-control', 'no-store')
        res.end(file)
      }
      catch {
        res.statusCode = 404
        res.end()
      }
    }, delayMs)
  })
  server.nextReport = () => new Promise(resolve => (onReport = resolve))
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** `runs` page loads, each in a fresh headless Chromium: the time from mount to registered and the scripts requested meanwhile. */
export async function mountToRegistered({ runs = 15, delayMs = 150 } = {}) {
  const dir = await buildApp()
  const server = await serveSlowly(dir, delayMs)
  const results = []
  try {
    for (let run = 0; run < runs; run++) {
      const report = server.nextReport()
      const child = spawn(requireChromium(), [
        ...CHROMIUM_ARGS,
        '--headless',
        '--no-sandbox',
        `--user-data-dir=${join(work, `profile-${run}`)}`,
        `http://127.0.0.1:${server.address().port}/`,
      ], { stdio: 'ignore' })
      try {
        results.push(await Promise.race([
          report,
          new Promise((_, reject) => setTimeout(() => reject(new Error('the start-up page sent no figures within 60 s')), 60_000).unref()),
        ]))
      }
      finally {
        child.kill()
      }
    }
  }
  finally {
    server.close()
    // Chromium's helper processes may still write to a profile just after close.
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
  return results
}
