export { checksFor } from '../definitions/lazyDefinitions'
// What a page loads with import() on its first tool call, or before its first
// tool with a schema (or with budgets on) registers: the call path and the
// production build's definition checks. One module, so both import() calls
// load the same chunk and get it as it is.
export { callTool } from './callTool'
