// Holds every type the two entries export to the naming rule in
// docs/contributing.md ("Names of public types"), read from the real exports
// with the TypeScript checker: a new type that breaks it fails here, naming it.
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = `${process.cwd()}/` // vitest runs from the project's root
const ENTRIES = { 'vue-webmcp': 'src/index.ts', 'vue-webmcp/testing': 'src/testing/index.ts' } as const
type Entry = keyof typeof ENTRIES

interface Exported {
  /** Exports that are only types (interfaces and type aliases), with their declarations. */
  types: Map<string, ts.Declaration>
  functions: Set<string>
  classes: Set<string>
}

function loadExports(): Record<Entry, Exported> {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!
  const program = ts.createProgram(Object.values(ENTRIES).map(f => `${root}${f}`), config.options)
  const checker = program.getTypeChecker()
  const result = {} as Record<Entry, Exported>
  for (const [entry, file] of Object.entries(ENTRIES) as [Entry, string][]) {
    const exported: Exported = { types: new Map(), functions: new Set(), classes: new Set() }
    const module = checker.getSymbolAtLocation(program.getSourceFile(`${root}${file}`)!)!
    for (const alias of checker.getExportsOfModule(module)) {
      const symbol = alias.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(alias) : alias
      if (symbol.flags & ts.SymbolFlags.Function)
        exported.functions.add(alias.name)
      else if (symbol.flags & ts.SymbolFlags.Class)
        exported.classes.add(alias.name)
      else if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))
        exported.types.set(alias.name, symbol.declarations![0]!)
    }
    result[entry] = exported
  }
  return result
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1)

/** Which clause of the rule a type name follows, or `null` when none. */
function clauseOf(name: string, declaration: ts.Declaration, exported: Exported): string | null {
  // 1. The platform's own types, as the spec (`webmcp-types`) names them, and under no other name.
  const aliased = ts.isTypeAliasDeclaration(declaration) && /^WebMCP\.\w+$/.test(declaration.type.getText()) ? declaration.type.getText() : undefined
  if (aliased)
    return aliased === `WebMCP.${name}` ? 'platform' : null
  // 2. A function's or a class's options and return, named after it.
  for (const fn of exported.functions) {
    if (name.startsWith(pascal(fn)) && /Options|Return/.test(name.slice(fn.length)))
      return `options of ${fn}`
  }
  for (const cls of exported.classes) {
    if (name === `${cls}Options`)
      return `options of ${cls}`
    if (name.endsWith('EventInit') && cls.endsWith('Event') && cls.startsWith(name.slice(0, -'EventInit'.length)))
      return `init of ${cls}`
  }
  // 3. A type computed from the types it is given.
  if (/^Infer[A-Z]/.test(name) && ts.isTypeAliasDeclaration(declaration) && declaration.typeParameters?.length)
    return 'type helper'
  // 4. Everything else of the package's own.
  if (/^WebMCP[A-Z]/.test(name))
    return 'prefixed'
  return null
}

describe('the names of exported types', () => {
  let exports: Record<Entry, Exported>
  beforeAll(() => {
    exports = loadExports()
  }, 60_000)

  for (const entry of Object.keys(ENTRIES) as Entry[]) {
    it(`every type ${entry} exports follows the rule in docs/contributing.md`, () => {
      const { types } = exports[entry]
      expect(types.size).toBeGreaterThan(entry === 'vue-webmcp' ? 40 : 3)
      const breaking = [...types].filter(([name, declaration]) => !clauseOf(name, declaration, exports[entry])).map(([name]) => name)
      expect(breaking).toEqual([])
    })
  }

  it('a platform type is the spec\'s own, unchanged: one the package adds to carries the prefix', () => {
    const { types } = exports['vue-webmcp']
    for (const name of ['ModelContext', 'ModelContextTool', 'RegisteredTool', 'ToolExecuteCallbackOptions'])
      expect(clauseOf(name, types.get(name)!, exports['vue-webmcp'])).toBe('platform')
    // The spec's annotations with MCP's `destructiveHint` added: the package's own.
    expect(clauseOf('WebMCPToolAnnotations', types.get('WebMCPToolAnnotations')!, exports['vue-webmcp'])).toBe('prefixed')
  })
})
