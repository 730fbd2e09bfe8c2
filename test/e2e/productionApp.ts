// A fixture app of test/fixtures built by Vite for production against dist/,
// as an app consumes the package, served by Vite's preview server, and a
// native Chromium to open it in (scripts/chromium.mjs).
import type { Browser } from 'playwright'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { chromium } from 'playwright'
import { build, preview } from 'vite'
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs'

export interface ProductionApp {
  url: string
  /** Where the build went: `index.html` and `assets/`. */
  outDir: string
  browser: Browser
  close: () => Promise<void>
}

/** Builds `test/fixtures/<fixture>` for production, serves it, and launches Chromium. */
export async function openProductionApp(fixture: string): Promise<ProductionApp> {
  const root = fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url))
  const outDir = mkdtempSync(join(tmpdir(), `vue-webmcp-${fixture}-`))
  const config = {
    root,
    configFile: false as const,
    logLevel: 'error' as const,
    plugins: [vue()],
    resolve: { alias: { 'vue-webmcp': fileURLToPath(new URL('../../dist/index.mjs', import.meta.url)) } },
    build: { outDir, emptyOutDir: true },
  }
  // A production build: Vite takes NODE_ENV from the process when set (vitest sets 'test', which
  // would keep the package's and Vue's development code in).
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ ...config, mode: 'production' })
  }
  finally {
    process.env.NODE_ENV = nodeEnv
  }
  const server = await preview({ ...config, preview: { host: 'localhost', port: 0, strictPort: false } })
  const { port } = server.httpServer.address() as { port: number }
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS })
  return {
    url: `http://localhost:${port}/`,
    outDir,
    browser,
    close: async () => {
      await browser.close()
      await new Promise<void>(resolve => server.httpServer.close(() => resolve()))
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
