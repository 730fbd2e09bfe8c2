// Keeps the shipped agent skill (skills/vue-webmcp/SKILL.md) and the
// documentation site (docs/) true: every export is documented and every
// function, class and constant has a page, and every name the skill and the
// site put in code exists in the package, read from the real exports and
// option types with the TypeScript checker.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = `${process.cwd()}/` // vitest runs from the project's root
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const ENTRIES = { 'vue-webmcp': 'src/index.ts', 'vue-webmcp/testing': 'src/testing/index.ts' } as const
type Entry = keyof typeof ENTRIES

// Functions whose first argument is an options object, and the type that lists its keys.
const OPTIONS_OF: Record<string, string> = {
  useWebMCPTool: 'UseWebMCPToolOptions',
  defineWebMCPTool: 'UseWebMCPToolOptions',
  useWebMCPForm: 'UseWebMCPFormOptions',
  useRegisteredTools: 'UseRegisteredToolsOptions',
  install: 'InstallOptions',
}

// Platform and HTML names the skill may mention: not the package's, checked by the browser.
const PLATFORM = new Set([
  'document',
  'modelContext',
  'registerTool',
  'getTools',
  'executeTool',
  'toolchange',
  'toolactivated',
  'toolcancel',
  'agentInvoked',
  'respondWith',
  'toolname',
  'tooldescription',
  'toolautosubmit',
  'toolparamdescription',
  'name',
  'required',
  'reset',
  'addInitScript',
  'evaluateOnNewDocument',
  'fetch',
  'signal',
  'isError',
  'content',
  'provide',
  'page',
  'webmcp',
  'form',
  'app',
  'event',
  'InvalidStateError',
  'NotAllowedError',
  'SecurityError',
  'AbortError',
])

interface Known {
  exports: Record<Entry, Set<string>>
  /** The exports that exist at run time (functions, classes, constants), not only as types. */
  values: Record<Entry, Set<string>>
  /** Property names of every exported interface, class and type. */
  properties: Set<string>
  /** Keys of each exported options type. */
  keysOf: Map<string, Set<string>>
  /** String literal values found in exported types and their properties. */
  literals: Set<string>
}

function loadKnown(): Known {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!
  const program = ts.createProgram(Object.values(ENTRIES).map(f => `${root}${f}`), config.options)
  const checker = program.getTypeChecker()
  const known: Known = { exports: { 'vue-webmcp': new Set(), 'vue-webmcp/testing': new Set() }, values: { 'vue-webmcp': new Set(), 'vue-webmcp/testing': new Set() }, properties: new Set(), keysOf: new Map(), literals: new Set() }
  const addLiterals = (type: ts.Type) => {
    for (const member of type.isUnion() ? type.types : [type]) {
      if (member.isStringLiteral())
        known.literals.add(member.value)
    }
  }
  for (const [entry, file] of Object.entries(ENTRIES) as [Entry, string][]) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(`${root}${file}`)!)!
    for (let symbol of checker.getExportsOfModule(module)) {
      known.exports[entry].add(symbol.name)
      if (symbol.flags & ts.SymbolFlags.Alias)
        symbol = checker.getAliasedSymbol(symbol)
      if (symbol.flags & ts.SymbolFlags.Value)
        known.values[entry].add(symbol.name)
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias)))
        continue
      const type = checker.getDeclaredTypeOfSymbol(symbol)
      addLiterals(type)
      const keys = new Set<string>()
      for (const property of checker.getPropertiesOfType(type)) {
        keys.add(property.name)
        known.properties.add(property.name)
        const declaration = property.valueDeclaration ?? property.declarations?.[0]
        if (declaration)
          addLiterals(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration)))
      }
      known.keysOf.set(symbol.name, keys)
    }
  }
  return known
}

/** Inline code spans outside fenced blocks, and the fenced blocks. */
function codeOf(markdown: string): { spans: string[], blocks: string[] } {
  const blocks: string[] = []
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```$/gm, (_, body: string) => {
    blocks.push(body)
    return ''
  })
  return { spans: [...prose.matchAll(/`([^`\n]+)`/g)].map(m => m[1]!), blocks }
}

/**
 * The names in `text` that the package does not have; empty when all is well. With
 * `spans: false`, only the code blocks: the site's prose names platform and JavaScript
 * names freely, its examples must import and configure what exists.
 */
function unknownNames(markdown: string, known: Known, { spans: checkSpans = true } = {}): string[] {
  const all = new Set([...known.exports['vue-webmcp'], ...known.exports['vue-webmcp/testing'], ...known.properties, ...PLATFORM])
  const problems: string[] = []
  const { spans, blocks } = codeOf(markdown)
  for (const span of checkSpans ? spans : []) {
    const literal = span.match(/^'([^']*)'$/)
    // `name`, `a.b.c`, `fn(args)`, `a[key]`: the first and the last name must exist.
    const name = literal ? null : span.match(/^([A-Z_$][\w$]*(?:\.[A-Z_$][\w$]*)*)(?:\(.*\)|\[.*\])*$/i)
    if (literal) {
      if (!known.literals.has(literal[1]!))
        problems.push(`${span}: no such value in the package's types`)
    }
    else if (name) {
      const parts = name[1]!.split('.')
      for (const part of new Set([parts[0]!, parts.at(-1)!])) {
        if (!all.has(part) && !known.literals.has(part))
          problems.push(`${span}: ${part} is not an export, an option or a member of the package`)
      }
    }
  }
  for (const block of blocks) {
    for (const [, names, entry] of block.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      for (const name of names!.split(',').map(n => n.trim().replace(/^type\s+/, '')).filter(Boolean)) {
        // Other packages' imports (vue, vitest) are theirs to check.
        if (entry! in ENTRIES && !known.exports[entry as Entry].has(name))
          problems.push(`import { ${name} } from '${entry}': not exported`)
      }
    }
    // The top-level keys of `useX({ ... })`: options of that function.
    for (const [, fn, body] of block.matchAll(/\b(\w+)(?:<[^(]*>)?\(\{\n([\s\S]*?)\n\}\)/g)) {
      const keys = known.keysOf.get(OPTIONS_OF[fn!] ?? '')
      if (!keys)
        continue
      for (const [, key] of body!.matchAll(/^ {2}(\w+):/gm)) {
        if (!keys.has(key!))
          problems.push(`${fn}({ ${key} }): not an option of ${OPTIONS_OF[fn!]}`)
      }
    }
  }
  return problems
}

/** Where each entry's pages are: `docs/functions/useWebMCPTool.md`, `docs/testing/install.md`. */
const PAGE_FOLDER: Record<Entry, string> = { 'vue-webmcp': 'functions', 'vue-webmcp/testing': 'testing' }

/** The site's hand-written pages (the API reference is generated from the types at build). */
function sitePages(dir = 'docs'): string[] {
  return readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory())
      return entry.name.startsWith('.') || path === 'docs/api' || entry.name === 'public' ? [] : sitePages(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

let known: Known
beforeAll(() => {
  known = loadKnown()
}, 60_000)

describe('docs', () => {
  it('the checker sees the real exports and option types', () => {
    expect(known.exports['vue-webmcp']).toContain('useWebMCPForm')
    expect(known.exports['vue-webmcp/testing']).toContain('initScript')
    expect(known.keysOf.get('UseWebMCPFormOptions')).toContain('resetAfter')
    expect(known.literals).toContain('success')
    expect(known.literals).toContain('OUTPUT_TOO_LARGE')
  })

  it('every name in the skill\'s code exists in the package', () => {
    expect(unknownNames(read('skills/vue-webmcp/SKILL.md'), known)).toEqual([])
  })

  it('the check catches a wrong export, option, member or value', () => {
    const wrong = [
      '`useWebMCPTools` and `useWebMCPToolz`, `resetAfter` and `resetOn`, `event.agentInvoked` and `modelContext.fooBar()`, `\'success\'` and `\'sucess\'`',
      '```ts\nimport { install, installAll } from \'vue-webmcp/testing\'\nuseWebMCPForm({\n  name: \'x\',\n  resetWhen: \'never\',\n})\n```',
    ].join('\n')
    expect(unknownNames(wrong, known)).toEqual([
      '`useWebMCPToolz`'.slice(1, -1).concat(': useWebMCPToolz is not an export, an option or a member of the package'),
      'resetOn: resetOn is not an export, an option or a member of the package',
      'modelContext.fooBar(): fooBar is not an export, an option or a member of the package',
      '\'sucess\': no such value in the package\'s types',
      'import { installAll } from \'vue-webmcp/testing\': not exported',
      'useWebMCPForm({ resetWhen }): not an option of UseWebMCPFormOptions',
    ])
  })

  it('the package ships the skill', () => {
    expect(JSON.parse(read('package.json')).files).toContain('skills')
  })

  it('the site names every export of both entries', () => {
    const site = sitePages().map(read).join('\n')
    const missing = Object.values(known.exports).flatMap(names => [...names]).filter(name => !site.includes(`\`${name}\``) && !new RegExp(`[\`,] ?${name}[,\`(]`).test(site))
    expect(missing).toEqual([])
  })

  it('every function, class and constant has a page of its own, in the sidebar', () => {
    const sidebar = read('docs/.vitepress/config.ts')
    const missing = (Object.entries(known.values) as [Entry, Set<string>][]).flatMap(([entry, names]) => [...names].map(name => `${PAGE_FOLDER[entry]}/${name}.md`)).filter(page => !existsSync(`${root}docs/${page}`) || !sidebar.includes(`'${page.split('/')[1]!.slice(0, -3)}'`))
    expect(known.values['vue-webmcp']).toContain('useWebMCPTool')
    expect(known.values['vue-webmcp']).not.toContain('UseWebMCPToolOptions')
    expect(missing).toEqual([])
  })

  it('every import and option in the site\'s code examples exists in the package', () => {
    const problems = sitePages().flatMap(page => unknownNames(read(page), known, { spans: false }).map(problem => `${page}: ${problem}`))
    expect(problems).toEqual([])
  })
})
