/**
 * A JSON key that is equal for equal content, whatever the key order, so a
 * new but equal schema or annotations object causes no re-registration.
 */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort())
      sorted[k] = (v as Record<string, unknown>)[k]
    return sorted
  }) ?? ''
}
