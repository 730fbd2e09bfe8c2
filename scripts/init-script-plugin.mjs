// A Rollup / Vite plugin that gives src/testing/initScriptSource.ts its
// content: src/testing/initScript.ts bundled with esbuild into one
// self-contained IIFE, as a string (`initScript` in vue-webmcp/testing).
// Used by the build (build.config.ts) and the tests (vitest.config.ts).
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url)
const entry = fileURLToPath(new URL('src/testing/initScript.ts', root))
const placeholder = fileURLToPath(new URL('src/testing/initScriptSource.ts', root))

/** The init script's source text, and the files it was built from. */
export async function buildInitScript() {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', minify: true, write: false, metafile: true, target: 'es2022', legalComments: 'none', logLevel: 'silent' })
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs).map(f => fileURLToPath(new URL(f, root))) }
}

export function initScriptPlugin() {
  return {
    name: 'vue-webmcp-init-script',
    async load(id) {
      if (id.split('?')[0] !== placeholder)
        return undefined
      const { code, inputs } = await buildInitScript()
      inputs.forEach(file => this.addWatchFile?.(file))
      return `export default ${JSON.stringify(code)}`
    },
  }
}
