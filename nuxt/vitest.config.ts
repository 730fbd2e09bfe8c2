import { defineConfig } from 'vitest/config'

// Its own Vitest config: the root's projects never pick these files up, and
// these never see the root's Vue plugin or aliases (the fixture is built by Nuxt).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
})
