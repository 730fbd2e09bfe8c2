// Chromium 150 for the compatibility lane: the origin-trial build Debian
// bookworm's main archive carries, unpacked into .cache/chromium-150 (never
// installed system-wide, so the system Chromium 156 stays as it is).
//
// `node scripts/chromium-150.mjs --fetch`  downloads and unpacks it (apt-get download + dpkg -x), once;
// `node scripts/chromium-150.mjs --check`  exits 1 with how to get it when it is missing.

import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const CHROMIUM_150_VERSION = '150.0.7871.100-1~deb12u1'
const root = fileURLToPath(new URL('..', import.meta.url))
export const CHROMIUM_150_DIR = join(root, '.cache', 'chromium-150')
export const CHROMIUM_150_PATH = join(CHROMIUM_150_DIR, 'usr/lib/chromium/chromium')

export const MISSING_CHROMIUM_150 = `Chromium 150 not found at ${CHROMIUM_150_PATH}: run \`node scripts/chromium-150.mjs --fetch\` `
  + `(needs apt-get on Debian bookworm: it runs \`apt-get download chromium=${CHROMIUM_150_VERSION} chromium-common=${CHROMIUM_150_VERSION}\` `
  + 'and unpacks them with dpkg -x; run `apt-get update` first if apt cannot find that version).'

/** The environment Chromium 150 needs to find its own libraries. */
export function chromium150Env() {
  const lib = join(CHROMIUM_150_DIR, 'usr/lib/chromium')
  return { LD_LIBRARY_PATH: [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') }
}

export function findChromium150() {
  return existsSync(CHROMIUM_150_PATH) ? CHROMIUM_150_PATH : undefined
}

function fetchChromium150() {
  if (findChromium150()) {
    console.log(`Chromium 150: ${CHROMIUM_150_PATH} (cached)`)
    return
  }
  const work = mkdtempSync(join(tmpdir(), 'chromium-150-'))
  chmodSync(work, 0o755) // apt's download user must be able to write there
  const packages = [`chromium=${CHROMIUM_150_VERSION}`, `chromium-common=${CHROMIUM_150_VERSION}`]
  const download = () => execFileSync('apt-get', ['download', '-qq', ...packages], { cwd: work, stdio: 'inherit' })
  try {
    try {
      download()
    }
    catch {
      // The package lists may predate the version, or be absent on a fresh machine.
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
      download()
    }
    const staging = `${CHROMIUM_150_DIR}.partial`
    rmSync(staging, { recursive: true, force: true })
    mkdirSync(staging, { recursive: true })
    for (const deb of readdirSync(work).filter(f => f.endsWith('.deb')))
      execFileSync('dpkg', ['-x', join(work, deb), staging], { stdio: 'inherit' })
    rmSync(CHROMIUM_150_DIR, { recursive: true, force: true })
    execFileSync('mv', [staging, CHROMIUM_150_DIR])
    console.log(`Chromium 150: ${CHROMIUM_150_PATH}`)
  }
  finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--fetch')) {
    try {
      fetchChromium150()
    }
    catch (error) {
      console.error(`${MISSING_CHROMIUM_150}\n${error.message}`)
      process.exit(1)
    }
  }
  else if (process.argv.includes('--check')) {
    if (!findChromium150()) {
      console.error(MISSING_CHROMIUM_150)
      process.exit(1)
    }
    console.log(`Chromium 150: ${CHROMIUM_150_PATH}`)
  }
}
