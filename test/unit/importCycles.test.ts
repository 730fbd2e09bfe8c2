// No import cycles in src/, type-only imports included: a cycle makes the load
// order of modules matter and hides which module is the lower layer. The graph
// is built with TypeScript's own import scanner (static `import`/`export ...
// from`, `import()` and `import('...')` types), relative specifiers only.
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

const named = (cycle: string[]): string => cycle.map(f => relative(root, f)).join(' -> ')

describe('import graph of src/', () => {
  it('has no cycles', () => {
    const cycles = findCycles(importGraph(root)).map(named)
    expect(cycles, `import cycles in src/:\n${cycles.join('\n')}`).toEqual([])
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
