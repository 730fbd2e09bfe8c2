// What a failed check reports, whichever validator found it: one problem per
// line, each at a JSON pointer, and what the agent reads of them
// (`toldProblems`: one rule for both kinds of schema). Shared by the JSON
// Schema validator and the Standard Schema adapter, so neither loads the
// other; and the depth bound both hold untrusted arguments to. No Vue import.

/** What stands in a problem's message where the value that failed was: the agent reads problems, never data. */
export const VALUE_NOT_SHOWN = '(value not shown)'

export interface ValidationProblem {
  /** JSON pointer to the offending value; `''` is the arguments object itself. */
  pointer: string
  message: string
}

/** A key as a JSON pointer segment. */
export function escapePointer(key: string): string {
  // Most keys need no escaping: skip the two replacements (100,000 keys are a real argument).
  return /[~/]/.test(key) ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key
}

/** What stands in a location the agent reads for a key of a result that the schema does not name. */
const KEY_NOT_SHOWN = '(key not shown)'

/** What the JSON Schema validator adds to a message from the value itself: how many items `contains` matched, which items are equal. */
const VALUE_TAILS = / \((found|items) .*/

/**
 * Text on one line: a line break or other control character is written
 * percent-encoded (`%0A`), as in a URI, so no key or message starts a line of
 * its own.
 */
const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]/gu, encodeURI)

/**
 * Whether a schema, as its JSON text, names `key`: holds it as the name of
 * one of its own members (a property, a definition, a keyword). A string's
 * own quotes are escaped in JSON text, so `"key":` is found only where a
 * member's name ends: a key shown is text of the schema, never only of the
 * value it checks.
 */
export const schemaNames = (schemaText: string, key: string): boolean => schemaText.includes(`${JSON.stringify(key)}:`)

/**
 * The problems as the agent reads them, whichever validator found them: one
 * line each. For arguments, `resultSchema` is undefined: the agent sent every
 * key, so its locations show them. For a result, it is the schema's JSON
 * text: a location shows the keys the schema names (`schemaNames`) and the
 * indexes of an array in `value`, and any other key, the result's own data,
 * is `KEY_NOT_SHOWN`; the tails that describe the result go too. The
 * developer's `onError` keeps the problems as they were found.
 */
export function toldProblems(problems: readonly ValidationProblem[], value: unknown, resultSchema?: string): ValidationProblem[] {
  return problems.map(({ pointer, message }) => {
    if (resultSchema !== undefined) {
      let at: any = value
      // A key is compared as the pointer writes it: one holding `~` or `/` never matches a name, so it is not shown.
      pointer = pointer.replace(/\/([^/]*)/g, (segment, key: string) => {
        const shown = Array.isArray(at) ? /^\d+$/.test(key) : schemaNames(resultSchema, key)
        // A getter that throws here fails the call, as one that throws in the check does.
        at = at?.[key]
        return shown ? segment : `/${KEY_NOT_SHOWN}`
      })
      message = message.replace(VALUE_TAILS, '')
    }
    return { pointer: oneLine(pointer), message: oneLine(message) }
  })
}

/** The most problems reported for one call; enough to fix it, short enough to read. */
export const MAX_PROBLEMS = 20

/** `/size: must be one of "1", "2"`, one line per problem. `what` names the root. */
export function formatProblems(problems: readonly ValidationProblem[], what = '(arguments)'): string {
  return problems.map(p => `${p.pointer || what}: ${p.message}`).join('\n')
}

/** How deep arguments may nest (objects and arrays); deeper ones are refused before validation. */
export const MAX_DEPTH = 64

/** The first value nested deeper than MAX_DEPTH, found without recursion. */
export function depthProblem(value: unknown): ValidationProblem | null {
  // Each object is visited again only at a greater depth: shared objects stay linear.
  const deepest = new Map<object, number>()
  const stack: [unknown, number, string][] = [[value, 0, '']]
  while (stack.length) {
    const [v, depth, pointer] = stack.pop()!
    if (v === null || typeof v !== 'object')
      continue
    if (depth >= MAX_DEPTH)
      return { pointer, message: `is nested too deeply: arguments may nest at most ${MAX_DEPTH} levels` }
    // Unseen objects compare undefined, which is never >= a depth.
    if (deepest.get(v)! >= depth)
      continue
    deepest.set(v, depth)
    // Only objects and arrays go on the stack: 100,000 numbers cost no pointer strings.
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (v[i] !== null && typeof v[i] === 'object')
          stack.push([v[i], depth + 1, `${pointer}/${i}`])
      }
    }
    else {
      for (const key in v) {
        const child = (v as Record<string, unknown>)[key]
        if (child !== null && typeof child === 'object' && Object.hasOwn(v, key))
          stack.push([child, depth + 1, `${pointer}/${escapePointer(key)}`])
      }
    }
  }
  return null
}
