// Finds the system Chromium for the browser lanes and the demo.
// `node scripts/chromium.mjs --check` exits 1 with one line on how to install it.

import { existsSync } from 'node:fs'
import process from 'node:process'
import { pathToFileURL } from 'node:url'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** The Chromium to launch: `CHROMIUM_PATH`, else Debian's. Undefined when none exists. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined
  return CANDIDATES.find(path => existsSync(path))
}

export const MISSING_CHROMIUM = `Chromium not found${
  process.env.CHROMIUM_PATH ? ` at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : ` (looked in ${CANDIDATES.join(', ')})`
}: install it with \`sudo apt-get update && sudo apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium 156+ binary.`

/** The path, or an error that says how to get one. */
export function requireChromium() {
  const path = findChromium()
  if (!path)
    throw new Error(MISSING_CHROMIUM)
  return path
}

/** Flags for headless Chromium on a machine with no outside network, WebMCP on. */
export const CHROMIUM_ARGS = [
  '--enable-features=WebMCP',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--check')) {
  const path = findChromium()
  if (!path) {
    console.error(MISSING_CHROMIUM)
    process.exit(1)
  }
  console.log(`Chromium: ${path}`)
}
