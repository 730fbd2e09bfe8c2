// What a page loads with import() on its first tool call, or at setup when
// budgets are switched on in a production build: the call path (with a tool's
// call state around it) and the budget check of tool definitions. One module,
// so both import() calls load the same chunk and get it as it is.
export { definitionError } from '../definitions/definitionBudgets'
export { callTool } from './callTool'
export { callTrackedTool } from './trackedCall'
