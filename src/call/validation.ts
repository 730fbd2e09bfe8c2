// Step 3a of a call (see "How a call flows" in the README): a value checked
// against a tool's schema, arguments before `execute` and the result after
// it. A JSON Schema literal goes to the package's validator (`validate.ts`,
// with the `format` checkers only for a schema that uses `format`); a Standard
// Schema (Zod, Valibot, ArkType) to its own `~standard.validate`
// (`standardSchema.ts`). Each loads on the first call that needs it, so a page
// loads only the one its tools use. No Vue import.
import type { Checked } from '../schemas/standard-schema/validate'
import type { StandardSchemaV1 } from '../types/standardSchema'

export type { Checked }
export { formatProblems } from '../schemas/problems'
export type { ValidationProblem } from '../schemas/problems'

// Kept once loaded: import() of a loaded module still costs Chromium a task hop.
let validator: typeof import('../schemas/json-schema/validate') | undefined
let standard: typeof import('../schemas/standard-schema/validate') | undefined
let formatsLoaded = false

/** Whether a literal schema names `format` anywhere (a property called "format" loads them too: harmless). */
function usesFormat(schema: unknown): boolean {
  try {
    return JSON.stringify(schema).includes('"format":')
  }
  catch {
    return true
  }
}

/**
 * Checks `value` against `schema`: the value to go on with (a Standard
 * Schema's output, with its transforms and defaults applied; the value itself
 * for a JSON Schema), or the problems found.
 */
export async function check(schema: unknown, value: unknown): Promise<Checked> {
  if ((schema as { '~standard'?: unknown })['~standard']) {
    standard ??= await import('../schemas/standard-schema/validate')
    return standard.checkStandard(schema as StandardSchemaV1, value)
  }
  validator ??= await import('../schemas/json-schema/validate')
  if (!formatsLoaded && usesFormat(schema)) {
    validator.addFormats((await import('../schemas/json-schema/formats')).FORMATS)
    formatsLoaded = true
  }
  const problems = validator.validateArgs(value, schema)
  return problems.length ? { problems } : { value }
}
