// `$ref` and `$dynamicRef`: the check of the subschema a reference leads to,
// entering its resource, which `$dynamicRef` searches. No Vue import.
import type { Check, Scope } from './checks'
import type { SchemaIndex, SchemaNode } from './schemaIndex'
import { enter, fail, show } from './checks'
import { resolveRef } from './schemaIndex'

/** Compiles `schema` in the resource whose base URI is `base`. */
export type CompileAt = (schema: unknown, base: string) => Check

/** The check of the reference `uri`, written in a subschema whose base URI is `base`. */
export function referenceCheck(uri: string, dynamic: boolean, index: SchemaIndex, base: string, compileAt: CompileAt): Check {
  const found = resolveRef(index, uri, base)
  if (!found) {
    // The setup check refuses such a schema; a direct caller still gets no silent pass.
    return (_value, pointer, problems) => fail(problems, pointer, `cannot be checked: the schema's reference ${show(uri)} does not resolve`)
  }
  const targetBase = found.base
  const compiledTarget = compileAt(found.target, targetBase)
  // Following a reference enters the target's resource: the dynamic scope records it.
  const target: Check = (value, pointer, problems, scope, annotations) => compiledTarget(value, pointer, problems, enter(scope, targetBase), annotations)
  const fragment = uri.slice(uri.indexOf('#') + 1)
  // A $dynamicRef is dynamic only when it lands on a matching $dynamicAnchor.
  if (!dynamic || !uri.includes('#') || (found.target as SchemaNode | null)?.$dynamicAnchor !== fragment)
    return target
  return (value, pointer, problems, scope, annotations) => {
    // The outermost resource in scope with that anchor.
    let outermost: ReturnType<typeof resolveRef>
    for (let resource: Scope | undefined = scope; resource; resource = resource.up) {
      if (index.dynamicAnchors.get(resource.base)?.has(fragment))
        outermost = resolveRef(index, `#${fragment}`, resource.base)
    }
    return (outermost ? compileAt(outermost.target, outermost.base) : target)(value, pointer, problems, scope, annotations)
  }
}
