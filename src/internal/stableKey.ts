/**
 * A JSON key that is equal for equal content, whatever the key order, so a
 * new but equal schema or annotations object causes no re-registration.
 */
function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort())
      sorted[k] = (v as Record<string, unknown>)[k]
    return sorted
  }) ?? ''
}

/** The key of what an agent sees of a tool: equal exactly when that content is. */
export function definitionKey(
  tool: { name: string, description: string, title?: string, inputSchema?: object, annotations?: object },
  exposedTo: readonly string[] | undefined,
): string {
  // Only a schema or annotations need their keys sorted; the rest is plain JSON.
  return JSON.stringify([tool.name, tool.title ?? '', tool.description, exposedTo ?? null])
    + (tool.inputSchema ? stableKey(tool.inputSchema) : '-')
    + (tool.annotations ? stableKey(tool.annotations) : '-')
}
