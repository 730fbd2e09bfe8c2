import type { Plugin } from 'esbuild'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build as esbuild } from 'esbuild'
import { defineBuildConfig } from 'unbuild'
import { initScriptPlugin } from './scripts/init-script-plugin.mjs'

const REFERENCE = '/// <reference types="webmcp-types" />\n'

// Pages without a bundler load the package through an import map, next to
// Vue's own `vue.esm-browser(.prod).js`. Two files, as Vue ships them: a
// development one (warnings, readable) and a minified production one, with
// `process.env.NODE_ENV` replaced (a browser has no `process`). `vue` stays a
// bare import for the page's import map; the lazy code stays in chunks that
// load with import() on the first tool call, as in an app's bundle.
const BROWSER_BUILDS = [
  { name: 'vue-webmcp.esm-browser', env: 'development', minify: false },
  { name: 'vue-webmcp.esm-browser.prod', env: 'production', minify: true },
]

// The registration code imports the definition and schema checks statically
// for development builds only; with splitting, esbuild keeps that import's
// chunk at start-up even when nothing uses it. The production file gets a
// stub there, and loads the real checks with import() as an app's bundle does.
const dropDevelopmentChecks: Plugin = {
  name: 'drop-development-checks',
  setup(build) {
    build.onResolve({ filter: /\/definitions\/eagerDefinitionChecks$/ }, args =>
      args.importer.endsWith('checksByBuild.ts') ? { path: 'eagerDefinitionChecks', namespace: 'development-only' } : undefined)
    build.onLoad({ filter: /.*/, namespace: 'development-only' }, () => ({ contents: 'export const eagerDefinitionChecks = undefined', loader: 'js' }))
  },
}

async function buildForBrowsers(rootDir: string, outDir: string): Promise<void> {
  const { version } = JSON.parse(await readFile(join(rootDir, 'package.json'), 'utf8')) as { version: string }
  for (const { name, env, minify } of BROWSER_BUILDS) {
    await esbuild({
      absWorkingDir: rootDir,
      entryPoints: { [name]: 'src/index.ts' },
      outdir: outDir,
      chunkNames: 'browser/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: ['vue'],
      // Dependencies bundled in (VueUse, the DevTools API) read process.env.NODE_ENV.
      define: { '__DEV__': String(env === 'development'), 'process.env.NODE_ENV': JSON.stringify(env) },
      minify,
      banner: { js: `/*! vue-webmcp v${version} (${env}) | Apache-2.0 */` },
      plugins: env === 'production' ? [dropDevelopmentChecks] : [],
      logLevel: 'warning',
    })
  }
}

export default defineBuildConfig({
  entries: ['src/index', { input: 'src/testing/index', name: 'testing' }],
  declaration: true,
  clean: true,
  externals: ['vue', 'webmcp-types'],
  rollup: {
    emitCJS: true,
    // The one development check (src/shared/dev.ts): the app's bundler replaces it.
    replace: { preventAssignment: true, values: { __DEV__: '(process.env.NODE_ENV !== \'production\')' } },
    esbuild: { target: 'es2022' },
  },
  hooks: {
    // The call pipeline goes in one chunk of its own, loaded with import() on a
    // page's first tool call. Apps that import only composables keep it out of
    // their start-up bundle; `toToolResponse` users import it directly.
    'rollup:options': function (_ctx, options) {
      // `initScript` in vue-webmcp/testing: the in-memory context bundled into a string.
      options.plugins = [initScriptPlugin(), ...(Array.isArray(options.plugins) ? options.plugins : [options.plugins])]
      const outputs = Array.isArray(options.output) ? options.output : [options.output]
      for (const output of outputs) {
        if (output) {
          output.manualChunks = (id: string) => {
            // The call path, with the validation step's dispatch: one chunk.
            // The validators (validate, formats, standardSchema) are chunks of their own, loaded by import().
            if (/src\/call\/(?:callTool|confirmPolicy|validation|parts|warmUp|index)\.ts$|src\/results\/errorResult\.ts$/.test(id))
              return 'pipeline'
            // The budgets, loaded by import() only when a page turns them on: the check of
            // definitions and the result budget of 'error' mode (call/budgets.ts). The check of
            // definitions is a chunk of its own because the development-only eager checks import
            // it statically: in the chunk import() targets, it would make that chunk start-up code.
            if (/src\/call\/budgets\.ts$|src\/results\/(?:resultBudgets|screen)\.ts$/.test(id))
              return 'budgets'
            if (/src\/definitions\/definitionBudgets\.ts$/.test(id))
              return 'definitionBudgets'
            // The spec's rules, which the budgets check too, and the registration by name in every
            // build: a chunk of their own that both import, so neither brings the other, and
            // production start-up code never runs them.
            if (/src\/definitions\/specChecks\.ts$/.test(id))
              return 'specChecks'
            // Registering on a context that removes tools by name (Firefox's own), loaded by
            // import() on the first registration there: no other context needs it.
            if (/src\/platform\/byNameRegistration\.ts$/.test(id))
              return 'byNameRegistration'
            // Marking untrusted() values in a result, loaded by import() once the page has marked one.
            if (/src\/results\/untrusted\.ts$/.test(id))
              return 'untrustedMarking'
            // Statically re-exported and also loaded lazily: in a chunk of their own,
            // an app's bundler can leave them out of its start-up code. With the text
            // measures they need, which the lazy chunks share (named here, or they would
            // join whichever chunk rollup meets them in first, the budgets' say).
            if (/src\/results\/(?:normalize|serialize)\.ts$|src\/shared\/text\.ts$/.test(id))
              return 'normalize'
            // Statically imported by the development-only eager checks, so in chunks of their own
            // that the lazy chunks import (an app's bundler merges each into the lazy chunk that
            // uses it). Were they in a chunk that import() targets, that chunk would be start-up
            // code. The schema index, which the validator and the budgets share, apart from the
            // problems, which the call path uses too, so a call never loads the schema index.
            if (/src\/schemas\/json-schema\/schemaIndex\.ts$/.test(id))
              return 'schemaIndex'
            if (/src\/schemas\/problems\.ts$/.test(id))
              return 'problems'
            // Start-up code that the lazy chunks use too: WebMCPDefinitionError, which a Standard
            // Schema without a JSON Schema is refused with at setup. An app's bundler gives such a
            // module a start-up chunk of its own whatever is done; named here, so the rest of
            // start-up stays in the entry.
            if (/src\/shared\/definitionError\.ts$/.test(id))
              return 'startupShared'
            // The validators, each loaded by import() on the first call of a tool with such a schema;
            // named for the kind of schema (the size report finds them by these names).
            if (/src\/schemas\/json-schema\/validate\.ts$/.test(id))
              return 'jsonSchemaValidator'
            if (/src\/schemas\/standard-schema\/validate\.ts$/.test(id))
              return 'standardSchemaValidator'
            // Loaded with the JSON Schema validator (validate.ts re-exports the check that a schema can be enforced).
            if (/src\/schemas\/json-schema\/schemaCheck\.ts$/.test(id))
              return 'schemaCheck'
            // Public exports that only the lazy chunks use at run time: the call's error
            // classes and the default budgets; and isToolResponse, which apps call at
            // start-up but must not pull the normalize chunk in with it.
            if (/src\/shared\/(?:errors|limits)\.ts$|src\/results\/isToolResponse\.ts$/.test(id))
              return 'support'
            // The queue of calls waiting for the person: start-up code for apps that
            // use useWebMCPConfirmations, loaded with the confirmation step otherwise.
            if (/src\/confirmations\/confirmQueue\.ts$/.test(id))
              return 'confirmQueue'
            // The approvals remembered for the page: likewise start-up code for apps that
            // use useWebMCPConfirmations, loaded with the confirmation step otherwise.
            if (/src\/confirmations\/rememberedApprovals\.ts$/.test(id))
              return 'approvals'
            // Marking third-party text in results: public, and used by the marking. In a chunk
            // of its own, so the re-export from the entry does not bring the call path to start-up.
            if (/src\/results\/(?:untrustedValue|boundary)\.ts$/.test(id))
              return 'untrusted'
            // Whether the page has marked anything: all the call path asks of untrusted(), so
            // apart from it, and the call path never loads the value class and the boundaries.
            if (/src\/results\/anyMarked\.ts$/.test(id))
              return 'anyMarked'
            // Used by the guard and the definition checks only: lazy in every app.
            if (/src\/shared\/warn\.ts$/.test(id))
              return 'warn'
            return undefined
          }
        }
      }
    },
    // rollup-plugin-dts drops triple-slash references. Without this one a
    // consumer's `document.modelContext` and the `WebMCP` namespace are untyped.
    // Before unbuild checks that every file package.json names exists.
    'rollup:done': async function (ctx) {
      await buildForBrowsers(ctx.options.rootDir, ctx.options.outDir)
    },
    'build:done': async function (ctx) {
      const dir = join(ctx.options.outDir)
      const files = await readdir(dir, { recursive: true })
      for (const file of files.filter(f => /\.d\.[mc]?ts$/.test(f))) {
        const path = join(dir, file)
        const text = await readFile(path, 'utf8')
        if (!text.startsWith(REFERENCE))
          await writeFile(path, REFERENCE + text)
      }
    },
  },
})
