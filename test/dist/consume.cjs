// CJS consumer: requires the package by its name, resolved through "exports" to dist/.
require('./dom-globals.cjs')
const vue = require('vue')
const main = require('vue-webmcp')
const testing = require('vue-webmcp/testing')

import('./check.mjs').then(({ check }) => check('CJS', main, testing, vue)).catch((error) => {
  console.error(error)
  process.exit(1)
})
