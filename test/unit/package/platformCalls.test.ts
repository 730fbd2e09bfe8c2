// One folder speaks to a ModelContext (docs/contributing.md, "Where things are"):
// src/platform/ holds one adapter per engine, so supporting a new engine touches
// that folder only. Every other file of src/ (the test helpers of src/testing/ and
// the declarations of src/types/ aside) asks an adapter and never calls the
// platform itself. Comments may name the platform's members; code may not.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(process.cwd(), 'src') // vitest runs from the project's root
const ASIDE = ['testing', 'types', 'platform']
const PLATFORM_WORDS = /registerTool|unregisterTool|getTools|executeTool|invokeTool|toolchange|\.modelContext\b/

/** `code` without its comments, read with TypeScript's scanner (a `//` inside a string stays). */
export function withoutComments(code: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, code)
  let kept = ''
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia)
      kept += scanner.getTokenText()
  }
  return kept
}

/** The platform words `code` uses outside its comments, each once. */
export function platformWords(code: string): string[] {
  return [...new Set(withoutComments(code).match(new RegExp(PLATFORM_WORDS, 'g')) ?? [])]
}

describe('one folder speaks to the platform', () => {
  it('no file of src/ outside platform/, testing/ and types/ calls a ModelContext itself', () => {
    const offenders: Record<string, string[]> = {}
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(?:ts|vue)$/.test(file) || ASIDE.some(folder => file.startsWith(`${folder}/`)))
        continue
      const words = platformWords(readFileSync(join(root, file), 'utf8'))
      if (words.length)
        offenders[file] = words
    }
    expect(offenders).toEqual({})
  })

  it('reads code, not comments: a call is found, a comment or a word inside another is not', () => {
    expect(platformWords('// registerTool here\n/* getTools() */ const a = 1')).toEqual([])
    expect(platformWords('mc.registerTool(tool) // then getTools')).toEqual(['registerTool'])
    expect(platformWords('addEventListener(\'toolchange\', f)')).toEqual(['toolchange'])
    expect(platformWords('const c = document.modelContext')).toEqual(['.modelContext'])
    expect(platformWords('const c = slot.modelContexts')).toEqual([])
  })
})
