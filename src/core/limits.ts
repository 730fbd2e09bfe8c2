// Chrome's character budgets as numbers. No Vue import.

/** Chrome's guidance ("WebMCP tool security", "Set character budgets"). */
export interface WebMCPBudgetLimits {
  /** Tool name. Default 30. */
  name: number
  /** Each parameter (property) name anywhere in the input schema. Default 30. */
  parameterName: number
  /** Tool description. Default 500. */
  description: number
  /** Each parameter description anywhere in the input schema. Default 150. */
  parameterDescription: number
  /** Tool result, as serialized for the agent. Default 1,500. */
  result: number
}

export const DEFAULT_BUDGETS: Readonly<WebMCPBudgetLimits> = Object.freeze({
  name: 30,
  parameterName: 30,
  description: 500,
  parameterDescription: 150,
  result: 1500,
})
