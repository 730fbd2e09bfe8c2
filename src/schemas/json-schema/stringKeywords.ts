// The string keywords: draft 7's `contentEncoding` / `contentMediaType`,
// `minLength` / `maxLength` (in code points), `pattern` and `format`.
// No Vue import.
import type { Check } from './checks'
import type { Dialect, SchemaNode } from './schemaIndex'
import { codePointLength } from '../../shared/text'
import { addRule, addSizeRange, badPattern, compilePattern, isString, numberKeyword, plural, show } from './checks'

/** A `format` checker by name. */
export type FormatCheckers = Record<string, (value: string) => boolean>

/** Whether `text` is base64 and, decoded if so, JSON, as the schema asks. */
function matchesContent(text: string, base64: boolean, json: boolean): boolean {
  try {
    if (base64) {
      if (!/^[A-Z0-9+/]*={0,2}$/i.test(text) || text.length % 4 !== 0)
        return false
      text = atob(text)
    }
    if (json)
      JSON.parse(text)
    return true
  }
  catch {
    return false
  }
}

/** Draft 7 asserts string content; 2020-12 made it an annotation. */
function addContentCheck(checks: Check[], schema: SchemaNode): void {
  const base64 = schema.contentEncoding === 'base64'
  const json = schema.contentMediaType === 'application/json'
  if (!base64 && !json)
    return
  const expected = [base64 && 'base64', json && 'JSON'].filter(Boolean).join('-encoded ')
  addRule(checks, isString, (value: string) => matchesContent(value, base64, json), () => `must be ${expected}`)
}

/** The string keywords of `schema`; `formats` are the `format` checkers loaded so far. */
export function addStringChecks(checks: Check[], schema: SchemaNode, dialect: Dialect, formats: FormatCheckers): void {
  if (dialect === 7)
    addContentCheck(checks, schema)
  addSizeRange(checks, numberKeyword(schema, 'minLength'), numberKeyword(schema, 'maxLength'), isString, codePointLength, (bound, limit) => `must be at ${bound} ${plural(limit, 'character')} long`)
  const { pattern, format } = schema
  if (isString(pattern)) {
    const compiled = compilePattern(pattern)
    addRule(checks, isString, (value: string) => compiled?.test(value), () => compiled ? `must match the pattern ${show(pattern)}` : badPattern(pattern))
  }
  const checkFormat = isString(format) && formats[format]
  if (checkFormat)
    addRule(checks, isString, checkFormat, () => `must be a valid ${format}`)
}
