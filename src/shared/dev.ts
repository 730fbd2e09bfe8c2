// The development flag, declared once. `__DEV__` is a build-time constant, as in
// Vue and Pinia: the package's build (build.config.ts) turns it into
// `process.env.NODE_ENV !== 'production'`, which the app's bundler replaces, so
// development-only code (warnings, the definition checks at setup, the DevTools
// observer) drops out of production bundles. The no-bundler files get `true` or
// `false`. Tests read it through a getter on globalThis (test/setup/dev.ts), so a
// test can switch NODE_ENV at run time.

declare global {
  // eslint-disable-next-line vars-on-top
  var __DEV__: boolean
}

export {}
