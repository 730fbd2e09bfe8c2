// How `npm run size` and `npm run compare` measure an app: Vite (production)
// bundles a small app that imports packages as installed, `vue` and `react`
// external; each chunk is minified whole (Vite's library mode, used here to
// keep the app's chunks free of Vite's own preload helper, leaves whitespace
// in ES output on purpose, which no app build ships, so esbuild's minifier
// finishes the job, as size-limit measures); gzip -9 of the chunks the page
// loads at start-up, and of those it loads later with import().
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { transform } from 'esbuild'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
// Inside the repository, so packages resolve from its node_modules; not inside node_modules, which a
// git worktree may link to another checkout's (where `vue-webmcp` would resolve to that checkout's dist/).
const work = `${root}.cache/vue-webmcp-size/`

/**
 * Gzip bytes of `source` bundled as an app. `packages` maps a package name to
 * the folder the app's node_modules links it to (default: this repository as
 * `vue-webmcp`); anything else resolves from this repository's node_modules.
 * `external`: more packages left out, as `vue` is (a schema library the app has anyway).
 */
export async function measure(source, packages = { 'vue-webmcp': root }, external = []) {
  const dir = `${work}app/`
  await rm(`${dir}node_modules`, { recursive: true, force: true })
  await mkdir(`${dir}node_modules`, { recursive: true })
  await writeFile(`${dir}app.js`, source)
  // Each package as an app installs it: resolved through node_modules, so its
  // package.json ("exports", "sideEffects": false) is what the bundler reads.
  for (const [name, folder] of Object.entries(packages)) {
    await mkdir(dirname(`${dir}node_modules/${name}`), { recursive: true })
    await symlink(folder, `${dir}node_modules/${name}`)
  }
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      lib: { entry: `${dir}app.js`, formats: ['es'] },
      rollupOptions: { external: ['vue', 'react', 'react/jsx-runtime', ...external] },
    },
  })
  const chunks = (Array.isArray(result) ? result[0] : result).output.filter(o => o.type === 'chunk')
  const byName = new Map(chunks.map(c => [c.fileName, c]))
  const minified = new Map()
  for (const c of chunks)
    minified.set(c, (await transform(c.code, { minify: true, format: 'esm', target: 'es2022' })).code)
  const gzip = c => gzipSync(minified.get(c), { level: 9 }).length
  const startup = new Set()
  const visit = (chunk) => {
    if (startup.has(chunk))
      return
    startup.add(chunk)
    chunk.imports.map(name => byName.get(name)).filter(Boolean).forEach(visit)
  }
  visit(chunks.find(c => c.isEntry))
  // What import() can load from there: the bundler may also emit chunks that no
  // code left in the app can reach (an import() in code it shook out), not counted.
  const reachable = new Set(startup)
  const reach = (chunk) => {
    if (reachable.has(chunk))
      return
    reachable.add(chunk)
    ;[...chunk.imports, ...chunk.dynamicImports].map(name => byName.get(name)).filter(Boolean).forEach(reach)
  }
  for (const chunk of startup)
    chunk.dynamicImports.map(name => byName.get(name)).filter(Boolean).forEach(reach)
  const lazy = chunks.filter(c => reachable.has(c) && !startup.has(c))
  // The schema code: the JSON Schema validator with its schema check (and its format checkers),
  // the Standard Schema adapter with its converter.
  const isValidatorEntry = c => Object.keys(c.modules).some(id => /chunks\/(?:jsonSchemaValidator|standardSchemaValidator|formats)\./.test(id))
  // The confirmation step, loaded on the first call of a tool that asks the person; the budgets,
  // loaded only by a page that turns them on; the marking of untrusted() values, loaded with the
  // first result that holds one; the registration by name, loaded only on Firefox's own context.
  // Counted in none of the other columns.
  const isConfirm = c => Object.keys(c.modules).some(id => /chunks\/confirm\./.test(id))
  const isWhenUsedEntry = c => Object.keys(c.modules).some(id => /chunks\/(?:budgets|untrustedMarking|byNameRegistration)\./.test(id))
  // A chunk that only such chunks import (the spec's rules, which the budgets and the registration
  // by name share) loads with them, never on a first call.
  const importersOf = c => lazy.filter(other => other.imports.includes(c.fileName))
  const isWhenUsed = c => isWhenUsedEntry(c) || (importersOf(c).length > 0 && importersOf(c).every(isWhenUsedEntry))
  // What only the validators import (with the budgets: `$ref` resolution) loads with them.
  const isValidator = (c) => {
    const importers = importersOf(c)
    return isValidatorEntry(c) || (importers.some(isValidatorEntry) && importers.every(other => isValidatorEntry(other) || isWhenUsedEntry(other)))
  }
  const sum = list => [...list].reduce((n, c) => n + gzip(c), 0)
  return {
    startup: sum(startup),
    /** Files the page loads with the app's entry: it and the chunks it imports statically. */
    startupFiles: startup.size,
    lazy: sum(lazy.filter(c => !isValidator(c) && !isConfirm(c) && !isWhenUsed(c))),
    validator: sum(lazy.filter(isValidator)),
    confirm: sum(lazy.filter(isConfirm)),
    /** Each lazy chunk: its file, the files it imports statically, its gzip bytes, the modules in it, and those of each lazy chunk that imports it. */
    lazyChunks: lazy.map(c => ({
      fileName: c.fileName,
      imports: c.imports,
      gzip: gzip(c),
      modules: Object.keys(c.modules),
      importedBy: importersOf(c).map(other => Object.keys(other.modules)),
    })),
    /** Every module bundled, so a caller can check which copy of a package was used. */
    modules: chunks.flatMap(c => Object.keys(c.modules)),
    /** The modules in the files the page loads with the app's entry. */
    startupModules: [...startup].flatMap(c => Object.keys(c.modules)),
    /** The modules each import() in start-up code loads first: the chunk it names. */
    importTargets: [...startup].flatMap(c => c.dynamicImports).map(name => Object.keys(byName.get(name)?.modules ?? {})),
  }
}

/** Removes the app folder `measure` builds in. */
export function cleanMeasure() {
  return rm(work, { recursive: true, force: true })
}
