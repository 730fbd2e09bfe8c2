// The target of the production build's import() of the definition checks and
// the schema check.
// A module of its own: bundlers merge a lazily imported module into start-up
// code when the same module is also imported statically (the dev-build path).
export { definitionChecks } from '../core/definitionChecks'
