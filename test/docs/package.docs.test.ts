// What npm's page shows: package.json's metadata, and a README whose links work there. npm shows
// the README without the docs/ folder beside it, so a link into the site uses its address, the
// package's homepage (the one place it is set).
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const root = `${process.cwd()}/` // vitest runs from the project's root
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as Record<string, unknown>
const homepage = pkg.homepage as string

/** The targets of a Markdown file's links: `[text](target)` and `<a href="target">`. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)|href="([^"]+)"/g)].map(m => (m[1] ?? m[2])!)
}

describe('the package as npm shows it', () => {
  it('package.json names its repository, homepage, issue tracker and keywords', () => {
    expect(pkg.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/) })
    expect(homepage).toMatch(/^https:\/\/.+\/$/)
    expect(pkg.bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\/github\.com\/.+\/issues$/) })
    expect(pkg.keywords).toEqual(expect.arrayContaining(['vue', 'webmcp', 'mcp']))
  })

  it.each(['README.md', 'nuxt/README.md'])('%s links the site by its address, never by a path into docs/', (file) => {
    const targets = linkTargets(readFileSync(`${root}${file}`, 'utf8'))
    const relative = targets.filter(target => !/^(?:https?:|mailto:|#)/.test(target))
    expect(relative).toEqual([])
    // The site's pages: at the homepage's address, as the built site names them (`.html`).
    const site = targets.filter(target => target.includes('github.io'))
    expect(site.length).toBeGreaterThan(file === 'README.md' ? 10 : 0)
    expect(site.filter(target => !target.startsWith(homepage) || !/(?:\/|\.html)(?:#.*)?$/.test(target))).toEqual([])
    // Each leads to a page the site has: its Markdown source is under docs/.
    const source = (target: string) => `docs/${target.slice(homepage.length).split('#')[0]!.replace(/\.html$/, '.md').replace(/(?:^|\/)$/, m => `${m}index.md`)}`
    expect(site.map(source).filter(path => !existsSync(`${root}${path}`))).toEqual([])
  })
})
