import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Paths from the project's root, where vitest runs.
const read = (path: string) => readFileSync(resolve(path), 'utf8')
const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts

describe('the linter is part of the tests', () => {
  it('npm test runs npm run lint, right after the type check', () => {
    const steps = scripts.test!.split('&&').map(step => step.trim())
    expect(steps.slice(0, 2)).toEqual(['npm run typecheck', 'npm run lint'])
    expect(scripts.lint).toMatch(/^eslint \.( |$)/)
    expect(scripts['lint:fix']).toMatch(/^eslint \. --fix( |$)/)
  })

  it('CI runs npm test', () => {
    const ci = read('.ci/run')
    expect(ci.split('\n').some(line => /^npm test\b/.test(line))).toBe(true)
  })
})
