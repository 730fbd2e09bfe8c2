// Replaced at build time, and in the tests, by scripts/init-script-plugin.mjs:
// src/testing/initScript.ts bundled into one self-contained IIFE, as text.
const source: string = ''
export default source
