/**
 * JSON with every object's keys sorted (the root's excepted: callers build it
 * in a fixed order), so equal content gives an equal text whatever the key order.
 */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === '' || v === null || typeof v !== 'object' || Array.isArray(v))
      return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort())
      sorted[k] = (v as Record<string, unknown>)[k]
    return sorted
  })
}
