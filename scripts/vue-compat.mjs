// `npm run test:vue-3.5`: the happy-dom lane again, against the lower end of
// the `vue` peer range (^3.5.0, what @vueuse/core 14 needs). Runs in a copy of
// the project whose node_modules has that Vue installed in place of the dev
// version, so every package (the tests, @vue/test-utils, pinia, @vueuse/core)
// sees one copy of Vue. Behaviour only: the type tests follow the dev version's types.
// 3.5.5, not 3.5.0: the template compiler of 3.5.0 to 3.5.4 drops static
// content that sits beside other nodes (vuejs/core issue 11879, fixed in 3.5.5),
// and the test fixtures' forms render without their inputs. vue-webmcp's own
// code has nothing to do with it; an app on those versions has the same bug in
// its own templates.

import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const VUE = '3.5.5'
const root = fileURLToPath(new URL('..', import.meta.url))
const work = `${mkdtempSync(join(tmpdir(), `vue-webmcp-vue-${VUE}-`))}/`
// docs/: the unit lane holds the site's pages to the exports; not the built site.
// playground/: the shared recipe tests mount its components.
const BUILT = /docs[\\/](?:api|\.vitepress[\\/](?:dist|cache))$|playground[\\/]dist$/
for (const entry of ['src', 'test', 'scripts', 'skills', 'docs', 'playground', 'etc', '.ci', 'README.md', 'package.json', 'package-lock.json', 'tsconfig.json', 'vitest.config.ts']) {
  if (existsSync(`${root}${entry}`))
    cpSync(`${root}${entry}`, `${work}${entry}`, { recursive: true, filter: source => !BUILT.test(source) })
}
// Only the packages the root package needs, found through the lock file the
// way Node resolves them: the Nuxt workspace's (nuxt/) are half as many again
// and the copy has no use for them.
function rootPackages() {
  const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')).packages
  const needed = new Set()
  const queue = ['']
  while (queue.length) {
    const path = queue.pop()
    const entry = lock[path]
    const names = Object.keys({ ...entry.dependencies, ...entry.devDependencies, ...entry.optionalDependencies, ...entry.peerDependencies })
    for (const name of names) {
      for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
        const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
        if (lock[candidate]) {
          if (!needed.has(candidate))
            queue.push(candidate)
          needed.add(candidate)
          break
        }
        if (!dir)
          break
      }
    }
  }
  return needed
}
const needed = rootPackages()
cpSync(`${root}node_modules`, `${work}node_modules`, {
  recursive: true,
  verbatimSymlinks: true,
  filter: (source) => {
    const top = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source.slice(root.length))?.[1]
    if (!top || top === '.bin' || (top.startsWith('@') && !top.includes('/')))
      return true // node_modules itself, its .bin, a scope folder
    // .cache: not needed; npm's hidden lock file would describe packages left behind.
    if (top === '.cache' || top === '.package-lock.json')
      return false
    return needed.has(`node_modules/${top}`)
  },
})

const run = (command, args) => execFileSync(command, args, { cwd: work, stdio: 'inherit', env: { ...process.env, VUE_WEBMCP_BEHAVIOUR_ONLY: '1' } })
// --legacy-peer-deps: the dev tools' peer ranges name Vue 3.5; the lane is about our own.
run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--legacy-peer-deps', `vue@${VUE}`, `@vue/server-renderer@${VUE}`])
const installed = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify([require("vue/package.json").version, require("@vue/runtime-core/package.json").version])'], { cwd: work, encoding: 'utf8' }))
if (installed.some(version => version !== VUE))
  throw new Error(`expected Vue ${VUE} throughout, found ${installed.join(' and ')}`)
console.log(`Vue ${VUE}: running the unit lane`)
try {
  run('npx', ['vitest', 'run', '--project', 'unit'])
}
finally {
  rmSync(work, { recursive: true, force: true })
}
