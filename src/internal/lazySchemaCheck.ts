// The target of the production build's import() of the schema check, a
// module of its own for the reason given in lazyDefinitions.ts.
export { schemaError } from '../core/schemaCheck'
