import type { StandardSchemaV1 } from '../../types/standardSchema'
// The Standard Schema adapter, argument side: a Zod, Valibot or ArkType schema
// checks a value with its own `~standard.validate` (sync or async), so its
// refinements, defaults and transforms apply, and its issues become the same
// pointer-per-line problems as the JSON Schema validator's. Loaded on the first
// call of a tool with such a schema, never with the JSON Schema validator.
// No Vue import.
import type { ValidationProblem } from '../problems'
import { depthProblem, escapePointer, MAX_PROBLEMS, toldProblems } from '../problems'
import { withoutValues } from '../problemText'

/**
 * The schema's verdict: the value its output gives (transforms applied), or
 * what is wrong: `problems` as the schema wrote them (for the developer's
 * `onError`), `told` as the agent reads them, without the value that failed.
 */
export type Checked = { value: unknown, problems?: undefined } | { problems: ValidationProblem[], told: ValidationProblem[] }

/** A JSON pointer from an issue's `path` (keys or `{ key }` segments). */
function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  let pointer = ''
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment
    pointer += `/${escapePointer(String(key))}`
  }
  return pointer
}

/**
 * The JSON text of the JSON Schema the schema describes itself as, which
 * names the keys a result's problems may show; `{}`, naming none, when it
 * cannot say.
 */
function describedAs(schema: StandardSchemaV1): string {
  for (const target of ['draft-2020-12', 'draft-07']) {
    try {
      return JSON.stringify(schema['~standard'].jsonSchema!.input({ target })) ?? '{}'
    }
    catch {}
  }
  return '{}'
}

/**
 * Checks `value` with the schema's own validator. Values nested too deeply are
 * refused first, as for a JSON Schema. The problems keep the library's own
 * messages, which may quote the value; what the agent is told has it taken
 * out (schemas/problemText.ts), and for a result (`isResult`) the keys the
 * schema does not name too.
 */
export function checkStandard(schema: StandardSchemaV1, value: unknown, isResult = false): Checked | Promise<Checked> {
  const tooDeep = depthProblem(value)
  if (tooDeep)
    return { problems: [tooDeep], told: toldProblems([tooDeep], value, isResult ? describedAs(schema) : undefined) }
  const result = schema['~standard'].validate(value)
  // Most libraries validate synchronously: the call then goes on at once.
  return typeof (result as { then?: unknown }).then === 'function'
    ? Promise.resolve(result).then(settled => toChecked(settled, schema, value, isResult))
    : toChecked(result as StandardSchemaV1.Result<unknown>, schema, value, isResult)
}

/** What a Standard Schema's validation found, as `checkStandard` gives it. */
function toChecked(result: StandardSchemaV1.Result<unknown>, schema: StandardSchemaV1, value: unknown, isResult: boolean): Checked {
  if (!result.issues)
    return { value: result.value }
  const problems = result.issues.slice(0, MAX_PROBLEMS).map(issue => ({
    pointer: pointerOf(issue.path),
    message: String(issue.message),
  }))
  const resultSchema = isResult ? describedAs(schema) : undefined
  return { problems, told: toldProblems(withoutValues(problems, value, resultSchema), value, resultSchema) }
}
