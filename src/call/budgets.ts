// What a page loads when it turns budgets on: the budget check of tool
// definitions, and the result budget of `'error'` mode. Production builds load
// it at setup (registration/checksByBuild.ts), so `'error'` mode registers
// nothing before the definitions are checked; the call path loads it before a
// call's tool runs in `'error'` mode. One module, so both import() calls load
// the same chunk, and pages without budgets load neither part.
export { definitionError } from '../definitions/definitionBudgets'
export { shapeWithinBudget } from '../results/resultBudgets'
