// The API reference's own conventions, as a TypeDoc plugin (docs/typedoc.json loads it).
import { Converter, ReflectionKind } from 'typedoc'
import { MarkdownPageEvent } from 'typedoc-plugin-markdown'

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
  // A member whose name starts with `_` (MCP's `_meta`) gets the anchor `property-_meta`, but the
  // markdown plugin's links to it (an "inherited from" column) drop the underscore: point them at the anchor.
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    page.contents = page.contents?.replace(/\[`(_+)([A-Za-z0-9$][\w$]*)`\]\(([^)#\s]*)#property-\2\)/g, '[`$1$2`]($3#property-$1$2)')
  })
}
