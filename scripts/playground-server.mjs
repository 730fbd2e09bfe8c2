// Builds the playground against the package's dist/ (as an app consumes it)
// and serves it on localhost. Used by `npm run demo` and the end-to-end test.
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'

const configFile = fileURLToPath(new URL('../playground/vite.config.ts', import.meta.url))

/** Resolves to `{ url, close }` once the built playground is served. */
export async function startPlayground({ quiet = true } = {}) {
  process.env.PLAYGROUND_FROM_DIST = '1'
  await build({ configFile, logLevel: quiet ? 'error' : 'info' })
  const server = await preview({ configFile, logLevel: 'error', preview: { host: 'localhost', port: 0, strictPort: false } })
  const address = server.httpServer.address()
  const url = `http://localhost:${address.port}/`
  return { url, close: () => new Promise(resolve => server.httpServer.close(() => resolve())) }
}
