import { defineConfig } from 'vitest/config'

// Its own Vitest config: the root's projects never pick these files up, and
// these never see the root's Vue plugin or aliases (the fixture is built by Nuxt).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // expect.poll gives up after 1 s by default: a route change that loads its page's code, or a
    // tool list read through Playwright, can take seconds on two loaded cores. A bound on a hang.
    expect: { poll: { timeout: 30_000 } },
  },
})
