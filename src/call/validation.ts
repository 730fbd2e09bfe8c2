// Step 3a of a call (see "How a call flows" in docs/contributing.md): a value checked
// against a tool's schema, arguments before `execute` and the result after
// it. A JSON Schema literal goes to the package's validator
// (schemas/json-schema/validate.ts, with the `format` checkers only for a
// schema that uses `format`); a Standard Schema (Zod, Valibot, ArkType) to its
// own `~standard.validate` (schemas/standard-schema/validate.ts). Each loads
// (call/parts.ts) when the browser is idle after the tools registered, or on
// the first call that needs it, so a page loads only the ones its tools use.
// No Vue import.
import type { Checked } from '../schemas/standard-schema/validate'
import type { StandardSchemaV1 } from '../types/standardSchema'
import { toldProblems } from '../schemas/problems'
import { WebMCPDefinitionError } from '../shared/definitionError'
import { formatsPart, standardSchemaPart, validatorPart } from './parts'

/** Whether a literal schema, as JSON text, names `format` anywhere (a property called "format" loads them too: harmless). */
function usesFormat(text: string | undefined): boolean {
  return text === undefined || text.includes('"format":')
}

/**
 * JSON Schema literals already checked, with the JSON text checked and what
 * was found (a problem's message, or null): a schema changed in place since
 * is checked again.
 */
const checkedSchemas = new WeakMap<object, { text: string | undefined, problem: string | null }>()

/**
 * Why a tool's JSON Schema literal cannot be enforced (a pattern that does
 * not compile, a `$ref` that resolves to nothing or loops), as the error its
 * call is refused with; null when it can, or when it is a Standard Schema,
 * which its own library enforces. Development builds refuse such a schema at
 * setup; production builds register the tool without loading the schema code
 * and check each schema object once, on the first call that uses it, before
 * the validator compiles it.
 */
export function unusableSchema(name: string, which: 'input' | 'output', schema: unknown): WebMCPDefinitionError | null | Promise<WebMCPDefinitionError | null> {
  if (schema === null || typeof schema !== 'object' || (schema as { '~standard'?: unknown })['~standard'])
    return null
  const validator = validatorPart.value
  if (!validator)
    return validatorPart.load().then(() => unusableSchema(name, which, schema))
  const text = validator.schemaText(schema)
  let checked = checkedSchemas.get(schema)
  if (checked?.text !== text || text === undefined) {
    const found = validator.schemaProblem(schema)
    checkedSchemas.set(schema, checked = { text, problem: found && `${found.message} at ${found.pointer || '/'}` })
  }
  const { problem } = checked!
  return problem ? new WebMCPDefinitionError(`Tool "${name}" did not run: its ${which} schema ${problem}, so its ${which === 'input' ? 'arguments' : 'result'} could not be checked. Fix the schema.`) : null
}

/**
 * Checks `value` against `schema`, at once when its checker is loaded: the value to go on with (a Standard
 * Schema's output, with its transforms and defaults applied; the value itself
 * for a JSON Schema), or the problems found, and what the agent reads of them
 * (`toldProblems`: a result's keys the schema does not name are not shown).
 * A validator that cannot be loaded rejects with a `CodeLoadError`; a schema's
 * own code that throws (an async refinement), with what it threw.
 */
export function check(schema: unknown, value: unknown, isResult = false): Checked | Promise<Checked> {
  const loading = loadChecker(schema)
  // A checker already loaded checks at once: the call neither waits nor makes a signal to race it with.
  return loading instanceof Promise ? loading.then(checker => checkWith(checker, schema, value, isResult)) : checkWith(loading, schema, value, isResult)
}

/** `check` with the checker loaded: a Standard Schema's own validation may still be pending. */
function checkWith(checker: Checker, schema: unknown, value: unknown, isResult: boolean): Checked | Promise<Checked> {
  if (checker.standard)
    return checker.standard.checkStandard(schema as StandardSchemaV1, value, isResult)
  const { validator, text } = checker
  const problems = validator.validateValue(value, schema, text)
  // The package's validator writes its messages from the schema alone, never
  // from the value: the agent reads them as they are, but for the locations.
  return problems.length ? { problems, told: toldProblems(problems, value, isResult ? text : undefined) } : { value }
}

type Checker
  = | { standard: typeof import('../schemas/standard-schema/validate'), validator?: undefined, text?: undefined }
    | { standard?: undefined, validator: typeof import('../schemas/json-schema/validate'), text: string | undefined }

/**
 * What checks `schema`: the Standard Schema adapter, or the validator (with
 * the `format` checkers for a schema that uses them) and the schema's JSON
 * text, read as the schema is now. A promise while a part loads (call/parts.ts),
 * which rejects with a `CodeLoadError` if it cannot be loaded. What a call
 * checks with, and what the warm-up loads ahead of it (call/warmUp.ts).
 */
export function loadChecker(schema: unknown): Checker | Promise<Checker> {
  if ((schema as { '~standard'?: unknown })['~standard']) {
    const standard = standardSchemaPart.value
    return standard ? { standard } : standardSchemaPart.load().then(loaded => ({ standard: loaded }))
  }
  const validator = validatorPart.value
  if (!validator)
    return validatorPart.load().then(() => loadChecker(schema))
  // Read as the schema is now: one changed in place is checked by its current values.
  const text = validator.schemaText(schema)
  if (!formatsPart.value && usesFormat(text))
    return formatsPart.load().then(() => ({ validator, text }))
  return { validator, text }
}
