// The package's development flag (src/shared/dev.ts) is replaced at build time; the tests run the
// sources, so it is a getter here: a test that sets process.env.NODE_ENV to 'production' runs the
// production paths from then on. In a browser lane Vite has already replaced process.env.NODE_ENV,
// which is why this reads the global and does not import node:process.
Object.defineProperty(globalThis, '__DEV__', {
  configurable: true,
  // eslint-disable-next-line node/prefer-global/process
  get: () => process.env.NODE_ENV !== 'production',
})
