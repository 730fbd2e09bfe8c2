import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Paths from the project's root, where vitest runs.
const read = (path: string) => readFileSync(resolve(path), 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>
  exports: Record<string, string | { import?: { types?: string } }>
}
const steps = (script: string) => pkg.scripts[script]!.split('&&').map(step => step.trim())

// `vue-webmcp/browser` is the main entry's code for import maps, under the main entry's types.
const typedEntries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.import?.types)
  .map(([subpath, target]) => ({ subpath, types: (target as { import: { types: string } }).import.types }))

describe('the public API is reviewed', () => {
  it('each entry with its own types has a checked-in report that the script writes', () => {
    expect(typedEntries.map(e => e.subpath)).toEqual(['.', './testing'])
    const script = read('scripts/api-report.mjs')
    for (const { subpath, types } of typedEntries) {
      const report = `vue-webmcp${subpath === '.' ? '' : `-${subpath.slice(2)}`}.api.md`
      expect(existsSync(resolve('etc', report)), `etc/${report}`).toBe(true)
      expect(script).toContain(`entry: '${types.slice(2)}', report: '${report}'`)
    }
  })

  it('npm test compares the build with the reports and runs arethetypeswrong on the package', () => {
    const dist = steps('test:dist')
    expect(dist).toContain('npm run api:check')
    expect(dist).toContain('npm run attw')
    expect(pkg.scripts['api:check']).toBe('node scripts/api-report.mjs')
    expect(steps('api:update')).toEqual(['npm run build', 'node scripts/api-report.mjs --update'])
    expect(pkg.scripts.attw).toMatch(/^attw --pack \. --profile node16 /)
    const test = steps('test')
    expect(test.indexOf('npm run test:dist')).toBeGreaterThan(test.indexOf('npm run build'))
  })

  it('the reports name no hashed file of the build', () => {
    for (const report of ['vue-webmcp.api.md', 'vue-webmcp-testing.api.md'])
      expect(read(`etc/${report}`)).not.toMatch(/dist\/|\.d\.[cm]?ts:\d/)
  })
})
