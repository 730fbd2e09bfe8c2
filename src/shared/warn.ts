// Development warnings. No Vue import.

const warned = new Set<string>()

/** One console warning per distinct message, so a re-render does not repeat it. */
export function warnOnce(message: string): void {
  if (warned.has(message))
    return
  warned.add(message)
  console.warn(`[vue-webmcp] ${message}`)
}
