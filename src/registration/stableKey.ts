/**
 * The JSON text `json` with every object's keys sorted, so equal content gives
 * an equal text whatever the key order. Sorted as it is parsed (keys are
 * unique in an object, so the order is total).
 */
export function stableKey(json: string): string {
  return JSON.stringify(JSON.parse(json, (_, v: unknown) => v === null || typeof v !== 'object' || Array.isArray(v)
    ? v
    : Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : 1))))
}
