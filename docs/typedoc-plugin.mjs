// The API reference's own conventions, as a TypeDoc plugin (docs/typedoc.json loads it).
import { Converter, ReflectionKind } from 'typedoc'

/** Each entry point under the name it is imported by, not its file's ("index", "testing"). */
const ENTRY_NAMES = { 'src/index.ts': 'vue-webmcp', 'src/testing/index.ts': 'vue-webmcp/testing' }

/**
 * Functions and constants have one page each under /functions/ and /testing/, written by hand
 * with usage, a demo and options; the reference keeps the types they take and return.
 */
const DOCUMENTED_BY_HAND = ReflectionKind.Function | ReflectionKind.Variable

export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project
    for (const module of project.children ?? []) {
      const file = module.sources?.[0]?.fileName
      module.name = ENTRY_NAMES[file] ?? module.name
      for (const child of [...(module.children ?? [])]) {
        if (child.kindOf(DOCUMENTED_BY_HAND))
          project.removeReflection(child)
      }
    }
  })
}
