// The official JSON Schema Test Suite (draft 2020-12 and draft 7), in both lanes, through the
// validator and the setup check, as a tool sees them: a schema the setup check
// refuses registers no tool, so every call of it counts as rejected.
// Groups that need remote documents (`refRemote.json`, `localhost:1234`, the
// published meta-schemas) are left out; everything else is counted, optional
// files and formats included.
import { describe, expect, it } from 'vitest'
import { FORMATS } from '../../src/schemas/json-schema/formats'
import { schemaProblem } from '../../src/schemas/json-schema/schemaCheck'
import { addFormats, validateValue } from '../../src/schemas/json-schema/validate'

// The call path loads the format checkers for a schema that uses `format`; these tests call the validator directly.
addFormats(FORMATS)

interface Case { description: string, data: unknown, valid: boolean }
interface Group { description: string, schema: unknown, tests: Case[] }

// Vite bundles the suite's files into the test, so this runs in both lanes. As
// text, parsed here: a JSON module would turn a `__proto__` key into a prototype.
const texts = import.meta.glob<string>('../fixtures/json-schema-test-suite/**/*.json', { eager: true, query: '?raw', import: 'default' })
const files = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, JSON.parse(text) as Group[]]))

const REMOTE = /localhost:1234|"\$(?:dynamicRef|ref)":"https?:\/\/json-schema\.org\//

const DIALECT: Record<string, string> = {
  'draft2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft7': 'http://json-schema.org/draft-07/schema#',
}

export function runSuite(draft: string) {
  let total = 0
  let agree = 0
  const falseAccepts: string[] = []
  const falseRejects: string[] = []
  for (const [path, groups] of Object.entries(files)) {
    const file = path.split(`/${draft}/`)[1]
    if (!file || file === 'refRemote.json')
      continue
    for (const group of groups) {
      if (REMOTE.test(JSON.stringify(group.schema)))
        continue
      // Draft-7 files do not name their dialect; a tool author would.
      const schema = group.schema && typeof group.schema === 'object' && !('$schema' in group.schema)
        ? { $schema: DIALECT[draft], ...group.schema }
        : group.schema
      const broken = schemaProblem(schema)
      for (const test of group.tests) {
        total++
        const valid = !broken && validateValue(test.data, schema).length === 0
        if (valid === test.valid)
          agree++
        else
          (valid ? falseAccepts : falseRejects).push(`${file} | ${group.description} | ${test.description}`)
      }
    }
  }
  return { total, agree, percent: (100 * agree) / total, falseAccepts, falseRejects }
}

describe.each(['draft2020-12', 'draft7'])('JSON Schema Test Suite, %s', (draft) => {
  const result = runSuite(draft)

  it('agrees on at least 97% of the cases', () => {
    // eslint-disable-next-line no-console
    console.log(`${draft}: ${result.agree} of ${result.total} (${result.percent.toFixed(1)}%), ${result.falseAccepts.length} false accepts, ${result.falseRejects.length} false rejects`)
    expect(result.percent).toBeGreaterThanOrEqual(97)
  })

  it('never accepts what a keyword file outside optional/ rejects', () => {
    expect(result.falseAccepts.filter(line => !line.startsWith('optional/'))).toEqual([])
  })
})
