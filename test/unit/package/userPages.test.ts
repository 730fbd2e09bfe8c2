// What a user reads speaks of their task, not of how the project got here: the
// site's pages (the API reference is generated from the TSDoc in src/), the
// READMEs and the shipped agent skill carry no issue numbers, commit hashes,
// or talk of reviews and passes. That history lives in the git log,
// CHANGELOG.md and docs/contributing.md, which this test leaves alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const root = `${process.cwd()}/` // vitest runs from the project's root

/** Pages for contributors, where the project's history belongs. */
const CONTRIBUTOR_PAGES = new Set(['docs/contributing.md'])

/** Files under `dir` whose name ends in one of `endings`, skipping generated and hidden folders. */
function filesUnder(dir: string, endings: string[]): string[] {
  return readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory())
      return entry.name.startsWith('.') || entry.name === 'node_modules' || path === 'docs/api' ? [] : filesUnder(path, endings)
    return endings.some(ending => entry.name.endsWith(ending)) ? [path] : []
  })
}

/** A component's `<style>` blocks blanked, lines kept: a colour such as `#8884` is no issue number. */
function withoutStyles(text: string): string {
  return text.replace(/<style[\s\S]*?<\/style>/g, block => block.replace(/[^\n]/g, ' '))
}

/** Every page a user reads, with its text: Markdown and demos as written, TypeScript by its TSDoc blocks. */
function userPages(): [path: string, text: string][] {
  const pages = [
    ...filesUnder('docs', ['.md', '.vue']).filter(path => !CONTRIBUTOR_PAGES.has(path)),
    ...['README.md', 'nuxt/README.md', 'skills/vue-webmcp/SKILL.md'].filter(path => existsSync(`${root}${path}`)),
  ].map(path => [path, withoutStyles(readFileSync(`${root}${path}`, 'utf8'))] as [string, string])
  // Only the TSDoc blocks of a source file, each on its own lines, so a mark is found where it is.
  const tsdocOnly = (source: string) => source.replace(/\/\*\*[\s\S]*?\*\/|[^\n]+?(?=\/\*\*|\n|$)/g, text => text.startsWith('/**') ? text : '')
  const tsdoc = filesUnder('src', ['.ts']).map(path => [path, tsdocOnly(readFileSync(`${root}${path}`, 'utf8'))] as [string, string])
  return [...pages, ...tsdoc]
}

/** What tells history rather than use, each with why it does not belong. */
const HISTORY: [RegExp, string][] = [
  // `#12`, `PR #246`; not an HTML entity (`&#123;`), a URL fragment or a colour.
  [/(?<![\w&/#])#\d{1,5}(?![\w-])/g, 'an issue or pull request number'],
  [/\b(?:issues?|PR|pull request)s? \d+\b/gi, 'an issue or pull request number'],
  // Seven or more hex digits with a letter and a digit among them: a commit, not a word or a number.
  [/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g, 'a commit hash'],
  [/\b(?:hostile|code) review of\b|\breview (?:fixes|found)\b|\b(?:this|last|previous|second|first|the day's) pass\b/gi, 'talk of a review or a pass'],
  [/\b(?:on|at) main\b|\bmain at\b|\bthe \w+ branch\b/gi, 'a branch of this repository'],
]

/** Each history mark in `text`, as `path:line: why: "match"`. */
function historyIn(path: string, text: string): string[] {
  return HISTORY.flatMap(([pattern, why]) => [...text.matchAll(pattern)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length
    return `${path}:${line}: ${why}: "${m[0]}"`
  }))
}

describe('user-facing pages', () => {
  it('the check finds issue numbers, commit hashes and review talk, and passes ordinary text', () => {
    const marked = [
      'Before the issue (issue 30), start-up was smaller.',
      'Fixed in #42, from 2a4875c to e66a1f4.',
      'A hostile review of this pass found four weaknesses.',
      'Measured on main at the end of the day.',
    ].join('\n')
    expect(historyIn('x.md', marked).map(found => found.split(': ')[1])).toEqual([
      'an issue or pull request number',
      'an issue or pull request number',
      'a commit hash',
      'a commit hash',
      'talk of a review or a pass',
      'talk of a review or a pass',
      'a branch of this repository',
    ])
    const ordinary = [
      'Live: a hostile review. A review a customer wrote, marked `<untrusted-k3m9x2q7pz4w>`; colour `#3451b2`; `&#123;`.',
      'See [the guard](./guard#error-codes): 1,500 characters, 2^31-1 ms, a 10 MB string, Chrome 160.',
      'Each registration pass reads the options; deadbeef and 1234567 are not commits.',
    ].join('\n')
    expect(historyIn('x.md', ordinary)).toEqual([])
  })

  it('the pages, the READMEs, the skill and the TSDoc the API reference is built from tell no history', () => {
    const pages = userPages()
    expect(pages.map(([path]) => path)).toEqual(expect.arrayContaining(['docs/guide/size-and-speed.md', 'skills/vue-webmcp/SKILL.md', 'README.md', 'src/types/tools.ts']))
    expect(pages.flatMap(([path, text]) => historyIn(path, text))).toEqual([])
  })
})
