import { defineBuildConfig } from 'unbuild'

// The module itself is bundled; the runtime files stay separate modules that
// the app's bundler compiles (they import `#app` and `#build/...`, which only
// exist inside a Nuxt build).
export default defineBuildConfig({
  entries: [
    'src/module',
    { builder: 'mkdist', input: 'src/runtime', outDir: 'dist/runtime', ext: 'js' },
  ],
  declaration: true,
  clean: true,
  externals: ['@nuxt/kit', '@nuxt/schema', 'nuxt', '#app', 'vue', 'vue-webmcp'],
  rollup: { esbuild: { target: 'es2022' } },
})
