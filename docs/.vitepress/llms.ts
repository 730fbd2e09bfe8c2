import type { DefaultTheme, SiteConfig } from 'vitepress'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join, posix } from 'node:path'

/** One `## section` of llms.txt: a sidebar group's title and its pages, in the sidebar's order. */
export interface LlmsSection { title: string, items: DefaultTheme.SidebarItem[] }

/** The page a sidebar link opens, as VitePress names its source (`guide/install.md`). */
function pageOf(link: string): string {
  const path = link.replace(/^\//, '').replace(/[#?].*$/, '').replace(/\.(?:md|html)$/, '')
  return `${path === '' || path.endsWith('/') ? `${path}index` : path}.md`
}

function linksOf(items: DefaultTheme.SidebarItem[]): string[] {
  return items.flatMap(item => [...(item.link ? [pageOf(item.link)] : []), ...linksOf(item.items ?? [])])
}

/**
 * A `<<< @/file` snippet import as the code block it renders: the file's text (or its `#region`),
 * in a fence longer than any run of backticks inside it, titled with its name.
 */
function snippet(srcDir: string, page: string, line: string): string {
  const [, path, region, title] = line.match(/^<<<\s*([^\s#{[]+)(?:#([\w-]+))?(?:\{[^}]*\})?\s*(?:\[([^\]]*)\]\s*)?$/) ?? []
  const file = path?.startsWith('@/') ? join(srcDir, path.slice(2)) : join(srcDir, dirname(page), path ?? '')
  if (!path || !existsSync(file))
    return line
  let code = readFileSync(file, 'utf8').replace(/\n$/, '')
  if (region) {
    const inside = code.match(new RegExp(`#region ${region}\\b.*\\n([\\s\\S]*?)\\n.*#endregion ${region}\\b`))
    code = inside?.[1] ?? code
  }
  const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map(m => m[0].length + 1)))
  return `${fence}${extname(file).slice(1)} [${title ?? basename(file)}]\n${code}\n${fence}`
}

/**
 * Each link of `page` to the site as the path of the built page, from the host's root: a reader of
 * llms-full.txt has no page to resolve `../functions/useWebMCPTool` against.
 */
function absoluteLinks(text: string, page: string, base: string): string {
  return text.replace(/\]\((?![a-z][\w+.-]*:|#)([^)\s]+)\)/gi, (_, target: string) => {
    const [path = '', hash] = target.split('#')
    const resolved = (path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(page), path)).replace(/\.md$/, '')
    const file = path.endsWith('/') || resolved === '.' ? `${resolved.replace(/\/?\.?$/, '')}/index.html` : extname(resolved) ? resolved : `${resolved}.html`
    return `](${base}${file.replace(/^\//, '')}${hash ? `#${hash}` : ''})`
  })
}

/**
 * A page's markdown as a reader of plain text wants it: no front matter, no `<script>` or
 * `<style>` block, no live demo (a Vue component alone on its line), snippet imports inlined,
 * links from the site's root. Code blocks are left as they are.
 */
function pageText(srcDir: string, page: string, base: string): string {
  const fences: string[] = []
  const prose = readFileSync(join(srcDir, page), 'utf8')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(`{3,}|~{3,})[^`~\n]*\n[\s\S]*?^\1[ \t]*$/gm, (fence) => {
      fences.push(fence)
      return `\0${fences.length - 1}\0`
    })
    .replace(/^<(script|style)\b[^>]*>[\s\S]*?<\/\1>\n*/gm, '')
    .replace(/^\s*(?:<ClientOnly>\s*)?<[A-Z][\w-]*\b[^>]*\/>\s*(?:<\/ClientOnly>\s*)?\n/gm, '')
    .replace(/^<<<.*$/gm, line => snippet(srcDir, page, line))
  return absoluteLinks(prose, page, base).replace(/\0(\d+)\0/g, (_, i: string) => fences[Number(i)]!).trim()
}

/** The page's `# title`, without inline markup. */
function titleOf(text: string, page: string): string {
  return text.match(/^# (.+)$/m)?.[1]?.replace(/[`*_]|<\/?[a-z][^>]*>/g, '').replace(/\\(.)/g, '$1').trim() ?? page
}

/** The first sentence of the page's first paragraph of prose, for the line that links it. */
function summaryOf(text: string): string {
  const paragraph = text.split(/\n{2,}/).find(block => /^[A-Z`*[]/.test(block) && !/^(?:# |::: |Defined in:)/.test(block)) ?? ''
  const sentence = paragraph.replace(/\s*\n\s*/g, ' ').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').match(/^.+?[.:](?=\s|$)/)?.[0] ?? ''
  const ended = sentence.replace(/:$/, '.')
  return ended.length > 240 ? `${ended.slice(0, 239)}…` : ended
}

/**
 * Writes llms.txt (every page of the site, linked, by sidebar section: https://llmstxt.org) and
 * llms-full.txt (the text of every page, in the same order) into the built site. Pages in no
 * section (the generated API reference, the contributors' page) go under "Optional", the
 * section a reader short of context may skip. The home page is left out: its hero and features are
 * front matter, the site's description says it.
 */
export function writeLlmsFiles(config: SiteConfig, sections: LlmsSection[]): void {
  const { srcDir, outDir, site } = config
  const pages = new Set(config.pages)
  const listed = new Set<string>()
  const groups = sections.map(({ title, items }) => ({
    title,
    pages: linksOf(items).filter(page => pages.has(page) && !listed.has(page) && listed.add(page)),
  }))
  groups.push({ title: 'Optional', pages: [...pages].filter(page => !listed.has(page) && page !== 'index.md').sort() })
  const url = (page: string) => `${site.base}${page.replace(/\.md$/, '.html')}`
  const texts = new Map([...pages].map(page => [page, pageText(srcDir, page, site.base)]))

  const index = [`# ${site.title}`, `> ${site.description}`, `The text of every page, in one file: [llms-full.txt](${site.base}llms-full.txt).`]
  for (const group of groups.filter(g => g.pages.length)) {
    const lines = group.pages.map((page) => {
      const summary = summaryOf(texts.get(page)!)
      return `- [${titleOf(texts.get(page)!, page)}](${url(page)})${summary ? `: ${summary}` : ''}`
    })
    index.push(`## ${group.title}\n\n${lines.join('\n')}`)
  }
  writeFileSync(join(outDir, 'llms.txt'), `${index.join('\n\n')}\n`)

  const full = [`# ${site.title}\n\n> ${site.description}`]
  for (const page of groups.flatMap(group => group.pages))
    full.push(`Source: ${url(page)}\n\n${texts.get(page)}`)
  writeFileSync(join(outDir, 'llms-full.txt'), `${full.join('\n\n---\n\n')}\n`)
}
