// ESM consumer: imports the package by its name, resolved through "exports" to dist/.
import './dom-globals.mjs'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import * as vue from 'vue'
import * as main from 'vue-webmcp'
import * as testing from 'vue-webmcp/testing'
import { check } from './check.mjs'

await check('ESM', main, testing, vue)

// The build for pages without a bundler (dist/vue-webmcp.esm-browser*.js):
// the same public entry, and no `process` left for a browser to trip on.
const browser = await import('vue-webmcp/browser')
assert.deepEqual(Object.keys(browser).sort(), Object.keys(main).sort(), 'vue-webmcp/browser exports what vue-webmcp does')
const dist = new URL('../../dist/', import.meta.url)
for (const file of ['vue-webmcp.esm-browser.js', 'vue-webmcp.esm-browser.prod.js', ...readdirSync(new URL('browser/', dist)).map(f => `browser/${f}`)])
  assert.doesNotMatch(readFileSync(new URL(file, dist), 'utf8'), /\bprocess\b/, `dist/${file} does not read process`)
console.log('dist ESM: vue-webmcp/browser exports the public entry, and no browser file reads process')
