// Where a schema's `$ref`s lead: every resource (`$id`), anchor and
// subschema of one schema, by URI. No Vue import. Shared by the validator
// and the setup check, so both resolve a reference the same way.
import { escapePointer } from '../problems'

/** Draft 7 (and earlier) or draft 2020-12, from the root's `$schema`. */
export type Dialect = 7 | 2020

/** The base URI of a schema without `$id`. Never fetched: nothing is. */
const DEFAULT_BASE = 'https://vue-webmcp.invalid/schema.json'

/** Keywords whose value is one subschema. */
const SINGLE = 'items additionalItems additionalProperties not if then else contains propertyNames unevaluatedProperties unevaluatedItems'.split(' ')
/** Keywords whose value is a list of subschemas. */
const LISTS = 'allOf anyOf oneOf prefixItems items'.split(' ')
/** Keywords whose value maps names to subschemas. */
const MAPS = '$defs definitions properties patternProperties dependentSchemas dependencies'.split(' ')

export type SchemaNode = Record<string, unknown>

export interface SchemaIndex {
  dialect: Dialect
  /** Resources and anchors by absolute URI. */
  byUri: Map<string, unknown>
  /** Names of `$dynamicAnchor`s, by the URI of their resource. */
  dynamicAnchors: Map<string, Set<string>>
  /** Each subschema's base URI. */
  baseOf: Map<object, string>
  /** Each subschema's JSON pointer from the root. */
  pointerOf: Map<object, string>
  rootBase: string
}

export function isSchemaObject(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href
  }
  catch {
    return undefined
  }
}

function splitFragment(uri: string): [string, string] {
  const [doc, ...fragment] = uri.split('#')
  return [doc!, fragment.join('#')]
}

/** Whether `node` starts a resource of its own, and its URI if so. */
export function ownId(node: SchemaNode, dialect: Dialect): string | undefined {
  const id = node.$id
  // Draft 7 ignores every keyword beside `$ref`, `$id` included; a fragment-only `$id` is an anchor there.
  if (typeof id !== 'string' || id.startsWith('#') || (dialect === 7 && '$ref' in node))
    return undefined
  return id
}

/** Indexes `root`. Follows only keywords that hold subschemas, so an `$id` inside `const` or `enum` is data. */
export function indexSchema(root: unknown): SchemaIndex {
  const declared = (root as SchemaNode | null)?.$schema
  const dialect: Dialect = typeof declared === 'string' && /draft-0[3-7]/.test(declared) ? 7 : 2020
  const byUri = new Map<string, unknown>([[DEFAULT_BASE, root]])
  const dynamicAnchors = new Map<string, Set<string>>()
  const baseOf = new Map<object, string>()
  const pointerOf = new Map<object, string>()
  // An explicit queue, read as it grows: an author's schema may be nested deeper
  // than the call stack allows. Breadth first, so each subschema keeps its shallowest pointer.
  const queue: [unknown, string, string][] = [[root, DEFAULT_BASE, '']]
  for (const [node, inherited, pointer] of queue) {
    if (!isSchemaObject(node) || baseOf.has(node))
      continue
    let base = inherited
    let fragment: string | undefined
    const id = ownId(node, dialect)
    const { $id, $anchor, $dynamicAnchor } = node
    if (id !== undefined) {
      [base, fragment] = splitFragment(resolveUri(id, base) ?? base)
      byUri.set(base, node)
    }
    else if (dialect === 7 && typeof $id === 'string' && !('$ref' in node)) {
      // Draft 7's `$id: "#name"` is an anchor (an `$id` not so is the node's own).
      fragment = $id.slice(1)
    }
    // `doc#` for an `$id` without a fragment resolves to the same node as `doc`.
    for (const anchor of [fragment, $anchor, $dynamicAnchor]) {
      if (typeof anchor === 'string')
        byUri.set(`${base}#${anchor}`, node)
    }
    if (typeof $dynamicAnchor === 'string')
      dynamicAnchors.set(base, (dynamicAnchors.get(base) ?? new Set()).add($dynamicAnchor))
    baseOf.set(node, base)
    pointerOf.set(node, pointer)
    forEachSubschema(node, (sub, path) => queue.push([sub, base, pointer + path]))
  }
  // The root's `$id`, resolved against the default base like any other.
  return { dialect, byUri, dynamicAnchors, baseOf, pointerOf, rootBase: baseOf.get(root as object) ?? DEFAULT_BASE }
}

/** Calls `visit` with each direct subschema of `node` and its pointer relative to `node`. */
export function forEachSubschema(node: SchemaNode, visit: (sub: unknown, path: string) => void): void {
  for (const k of SINGLE) {
    if (k in node && !(k === 'items' && Array.isArray(node[k])))
      visit(node[k], `/${k}`)
  }
  for (const k of LISTS) {
    const list = node[k]
    if (Array.isArray(list))
      list.forEach((sub, i) => visit(sub, `/${k}/${i}`))
  }
  for (const k of MAPS) {
    const map = node[k]
    if (isSchemaObject(map)) {
      for (const name of Object.keys(map)) {
        // `dependencies` mixes subschemas and lists of required names.
        if (!Array.isArray(map[name]))
          visit(map[name], `/${k}/${escapePointer(name)}`)
      }
    }
  }
}

/** The schema `ref` leads to from a subschema whose base is `base`, with its own base; undefined when nothing does. */
export function resolveRef(index: SchemaIndex, ref: string, base: string): { target: unknown, base: string, uri: string } | undefined {
  // A URI that does not parse, or a fragment that does not decode, resolves to nothing.
  try {
    const uri = new URL(ref, base).href
    const [doc, fragment] = splitFragment(uri)
    let node = index.byUri.get(uri)
    if (node === undefined) {
      node = index.byUri.get(doc)
      const pointer = decodeURIComponent(fragment)
      // An unknown document, or an anchor that does not exist.
      if (node === undefined || (pointer && pointer[0] !== '/'))
        return
      for (const raw of pointer.split('/').slice(1)) {
        const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
        if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key))
          return
        node = (node as SchemaNode)[key]
      }
    }
    return { target: node, base: (isSchemaObject(node) && index.baseOf.get(node)) || doc, uri }
  }
  catch {}
}
