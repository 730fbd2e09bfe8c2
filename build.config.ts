import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineBuildConfig } from 'unbuild'

const REFERENCE = '/// <reference types="webmcp-types" />\n'

export default defineBuildConfig({
  entries: ['src/index', { input: 'src/testing/index', name: 'testing' }],
  declaration: true,
  clean: true,
  externals: ['vue', 'webmcp-types'],
  rollup: {
    emitCJS: true,
    esbuild: { target: 'es2022' },
  },
  hooks: {
    // rollup-plugin-dts drops triple-slash references. Without this one a
    // consumer's `document.modelContext` and the `WebMCP` namespace are untyped.
    async 'build:done'(ctx) {
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
