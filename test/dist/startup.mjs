// What an app's start-up holds: each composable alone, built by Vite from dist/
// as an app builds it (scripts/size-measure.mjs, the size report's build). The
// call path, the validators and the confirmation step (dist/chunks/) load with
// import() on a first call; a static import of any of them from start-up code
// (a re-export from the entry, a module both sides import put in their chunk)
// brings them to every page. Which modules load when, not how many bytes.
import assert from 'node:assert/strict'
import { cleanMeasure, measure } from '../../scripts/size-measure.mjs'

const APPS = [
  ['useWebMCPTool', 'import { useWebMCPTool } from "vue-webmcp"; globalThis.keep = useWebMCPTool'],
  ['useWebMCPTools', 'import { useWebMCPTools, defineWebMCPTool } from "vue-webmcp"; globalThis.keep = [useWebMCPTools, defineWebMCPTool]'],
  ['useWebMCPForm', 'import { useWebMCPForm } from "vue-webmcp"; globalThis.keep = useWebMCPForm'],
]
const lazyChunk = id => /\/dist\/chunks\/[^/]+\.mjs$/.test(id)
const shortName = id => id.slice(id.lastIndexOf('/dist/') + 1)

try {
  for (const [composable, source] of APPS) {
    const { startupModules, importTargets } = await measure(source)
    assert.ok(startupModules.some(id => id.endsWith('/dist/index.mjs')), `${composable}: the build holds the package's entry`)
    const early = startupModules.filter(lazyChunk).map(shortName)
    assert.deepEqual(early, [], `${composable}: an app importing only ${composable} loads none of the lazy chunks at start-up`)
    // The call path's import() must name a chunk of its own: one the page has already loaded would mean it is start-up code.
    assert.ok(importTargets.length > 0, `${composable}: start-up code loads the call path with import()`)
    for (const target of importTargets) {
      const atStartUp = target.filter(id => startupModules.includes(id)).map(shortName)
      assert.deepEqual(atStartUp, [], `${composable}: what import() loads is not start-up code already`)
    }
    console.log(`dist start-up: an app importing only ${composable} loads the call path on its first call, not with the page`)
  }
}
finally {
  await cleanMeasure()
}
