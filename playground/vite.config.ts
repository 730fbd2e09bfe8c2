import process from 'node:process'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// `npm run dev` serves the package's sources, so edits show at once; the demo
// and the end-to-end test build against dist/, the way an app consumes it.
const fromDist = process.env.PLAYGROUND_FROM_DIST === '1'
const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig(({ mode }) => ({
  root: entry('.'),
  // One page: any other path that is not a file answers 404, as a static host does, never the
  // app's HTML (which agents and Lighthouse would read as /llms.txt or /.well-known/ai-catalog.json).
  appType: 'mpa',
  plugins: [vue()],
  resolve: {
    alias: {
      'vue-webmcp': entry(fromDist ? '../dist/index.mjs' : '../src/index.ts'),
    },
  },
  define: {
    // The package's development flag (src/shared/dev.ts), which its own build replaces.
    __DEV__: JSON.stringify(mode !== 'production'),
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  build: { outDir: entry('./dist'), emptyOutDir: true },
  server: { host: 'localhost', port: 5173 },
}))
