import vue from '@vitejs/plugin-vue'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vue()],
  test: {
    projects: [
      {
        // Components in happy-dom, on vue-webmcp/testing's in-memory document.modelContext.
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        // The same kind of test in Chromium with its own WebMCP: what the browser really accepts.
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { args: ['--enable-features=WebMCP'] } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
