// The error a tool definition is refused with. A module of its own: the
// registration checks use it at start-up, the call's error classes load with the call.

/** Raised for a definition that cannot be registered: the spec's rules, a schema that cannot be used, the budgets in `'error'` mode. */
export class WebMCPDefinitionError extends Error {
  override name = 'WebMCPDefinitionError'
}
