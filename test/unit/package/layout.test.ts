// The shape of src/ a reader relies on (docs/contributing.md, "Where things are"):
// no import cycles between modules or between folders, type-only imports
// included, since a cycle makes load order matter and hides which part is the
// lower layer; folders small enough to read; functions and files short enough to
// read. The graph is built with TypeScript's own import scanner (static
// `import`/`export ... from`, `import()` and `import('...')` types), relative
// specifiers only.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = `${process.cwd()}/src/` // vitest runs from the project's root

/** The module specifiers a source text imports or re-exports from. */
function specifiers(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map(f => f.fileName)
}

/** The files of `dir`, recursively, that TypeScript resolves imports to. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(f => /\.(?:ts|vue)$/.test(f) && !f.endsWith('.d.ts'))
    .map(f => join(dir, f))
}

/** The file a relative specifier names, as the bundler resolves it. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, join(base, 'index.ts')].find(f => files.has(f))
}

/** Each module's imports of other modules of `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  const files = sources(dir)
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const edges = new Set<string>()
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.'))
        continue
      const target = resolveImport(file, specifier, known)
      if (target)
        edges.add(target)
    }
    graph.set(file, [...edges])
  }
  return graph
}

/** Every cycle found by a depth-first walk, each as the list of files along it (first = last). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next))
        visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) {
    if (!state.has(file))
      visit(file)
  }
  return cycles
}

const named = (cycle: string[]): string => cycle.map(f => relative(root, f) || '.').join(' -> ')

/** The folder graph: an edge from each file's folder to each folder it imports from. */
export function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>()
  for (const [file, targets] of files) {
    const from = dirname(file)
    const edges = folders.get(from) ?? new Set<string>()
    for (const target of targets) {
      if (dirname(target) !== from)
        edges.add(dirname(target))
    }
    folders.set(from, edges)
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]))
}

/** Lines a node spans in its file. */
function lineSpan(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.end).line - source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
}

/** A function's name as a reader searches for it: its own, or the variable or property it is assigned to. */
function functionName(node: ts.SignatureDeclaration): string {
  const parent = node.parent
  if (node.name)
    return node.name.getText()
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText()
  return `(function at line ${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1})`
}

/** Every function in `file` longer than `limit` lines, as "file: name (lines)". */
function longFunctions(file: string, limit: number): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineSpan(source, node)
      if (lines > limit)
        found.push(`${relative(root, file)}: ${functionName(node)} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Functions not yet split to the limit, each named; the list only shrinks. */
const LONG_FUNCTIONS_LEFT: string[] = [
]
/** Files not yet split to the limit; the list only shrinks. */
const LONG_FILES_LEFT: string[] = []

describe('import graph of src/', () => {
  it('has no cycles', () => {
    const cycles = findCycles(importGraph(root)).map(named)
    expect(cycles, `import cycles in src/:\n${cycles.join('\n')}`).toEqual([])
  })

  it('has no cycles between folders: no two folders import each other, directly or through others', () => {
    const cycles = findCycles(folderGraph(importGraph(root))).map(named)
    expect(cycles, `folder cycles in src/:\n${cycles.join('\n')}`).toEqual([])
  })

  it('finds a folder cycle that runs through a third folder', () => {
    const file = (path: string) => join(root, path)
    const graph = new Map([[file('a/x.ts'), [file('b/y.ts')]], [file('b/y.ts'), [file('c/z.ts')]], [file('c/z.ts'), [file('a/w.ts')]], [file('a/w.ts'), []]])
    expect(findCycles(folderGraph(graph)).map(named)).toEqual(['a -> b -> c -> a'])
  })

  it('sees every kind of import: a cycle through a type-only import, a re-export or import() is found', () => {
    const a = join(root, 'a.ts')
    const b = join(root, 'b.ts')
    const c = join(root, 'c.ts')
    expect(findCycles(new Map([[a, [b]], [b, [c]], [c, [a]]])).map(named)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts'])
    // The parser, on the forms src/ uses.
    const forms = [
      `import type { X } from './x'`,
      `import { y } from "./y"`,
      `export { z } from './z'`,
      `export * from './w'`,
      `import './side'`,
      `const m = () => import('./lazy')`,
      `type T = typeof import('./typeonly')`,
      `import {\n  a,\n  b,\n} from './multi'`,
      `// import { c } from './comment'`,
    ].join('\n')
    const found = specifiers(forms)
    expect(found).toEqual(['./x', './y', './z', './w', './side', './lazy', './typeonly', './multi'])
  })
})

describe('src/ reads in small pieces', () => {
  const files = sources(root).filter(file => file.endsWith('.ts'))

  it('no folder holds more than 12 source files directly', () => {
    const counts = new Map<string, number>()
    for (const file of sources(root))
      counts.set(relative(root, dirname(file)) || '.', (counts.get(relative(root, dirname(file)) || '.') ?? 0) + 1)
    const crowded = [...counts].filter(([, count]) => count > 12).map(([folder, count]) => `${folder}: ${count}`)
    expect(crowded).toEqual([])
  })

  it('no file is longer than 450 lines', () => {
    const long = files.filter(file => readFileSync(file, 'utf8').split('\n').length > 450).map(file => relative(root, file))
    expect(long.filter(file => !LONG_FILES_LEFT.includes(file))).toEqual([])
  })

  it('no function is longer than 100 lines', () => {
    const long = files.flatMap(file => longFunctions(file, 100))
    expect(long.filter(entry => !LONG_FUNCTIONS_LEFT.includes(entry.replace(/ \(\d+ lines\)$/, '')))).toEqual([])
  })

  it('the development check is written once: src/ reads __DEV__, never process.env.NODE_ENV', () => {
    const readers = files.filter(file => /process\.env\.NODE_ENV/.test(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '')))
    expect(readers.map(file => relative(root, file))).toEqual([])
  })
})

/** The relative specifiers `file` imports statically at run time: no `import type`, no `import()`. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const bindings = clause?.namedBindings
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements : []
      const onlyTypeNames = !clause?.name && names.length > 0 && names.every(element => element.isTypeOnly)
      const onlyTypes = clause && (clause.isTypeOnly || onlyTypeNames)
      if (!onlyTypes)
        found.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
    else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return found.filter(specifier => specifier.startsWith('.'))
}

/**
 * The chunk plan (docs/contributing.md, "What a production app loads, and when"): what a
 * production page loads with its composables, before any tool is called. The walk follows static
 * run-time imports from src/composables/ and stops at development-only modules, which production
 * builds drop (they are called only behind `__DEV__`).
 */
const DEVELOPMENT_ONLY = ['devtools/', 'definitions/eagerDefinitionChecks.ts']
/**
 * Loaded with import() on a first call (or with budgets on, or on Firefox's own context): never
 * reached statically at start-up. The spec's rules run before registering in development builds only.
 */
const LAZY = ['call/', 'results/', 'schemas/', 'definitions/definitionBudgets.ts', 'definitions/specChecks.ts', 'platform/byNameRegistration.ts']
/** Modules of the lazy folders that are start-up code on purpose, and why. */
const START_UP_ON_PURPOSE = [
  // A Standard Schema's JSON Schema is part of the definition registerTool gets, at setup.
  'schemas/standard-schema/toJsonSchema.ts',
]

function startUpModules(): string[] {
  const known = new Set(sources(root))
  const reached = new Set<string>()
  const stack = sources(join(root, 'composables'))
  while (stack.length) {
    const file = stack.pop()!
    const name = relative(root, file)
    if (reached.has(name) || DEVELOPMENT_ONLY.some(prefix => name.startsWith(prefix)))
      continue
    reached.add(name)
    for (const specifier of runtimeImports(file)) {
      const target = resolveImport(file, specifier, known)
      if (target)
        stack.push(target)
    }
  }
  return [...reached].sort()
}

describe('what loads when', () => {
  it('start-up files never import lazily loaded ones statically', () => {
    const lazyAtStartUp = startUpModules().filter(name => LAZY.some(prefix => name.startsWith(prefix)) && !START_UP_ON_PURPOSE.includes(name))
    expect(lazyAtStartUp, 'lazily loaded modules reached by static imports from src/composables/').toEqual([])
  })

  it('the registration checks are start-up code, so nothing loads between setup and registration', () => {
    const startUp = startUpModules()
    for (const name of ['registration/registrations.ts', 'definitions/definitionChecks.ts', 'definitions/description.ts', 'schemas/standard-schema/toJsonSchema.ts'])
      expect(startUp).toContain(name)
  })

  it('sees a lazy module reached through a start-up one, and not through a type import or import()', () => {
    const parsed = runtimeImports(join(root, 'registration/checksByBuild.ts'))
    expect(parsed).toContain('../definitions/definitionChecks')
    expect(parsed).not.toContain('../call/budgets')
    expect(parsed).not.toContain('../types')
  })
})
