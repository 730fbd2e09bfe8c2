// What the agent reads of a failed schema check: the problems, never the value
// that failed. The package's JSON Schema validator writes its messages from the
// schema alone (types, bounds, the schema's own values), so they go as they
// are: scrubbing them would only garble them ("at most 3 items" for a value
// holding a 3). A Standard Schema's do not: Valibot and ArkType quote the value
// in their messages ("Expected X but received VALUE", "must be X (was VALUE)"),
// and a refinement or a hand-made schema may echo it anywhere; for a result
// (INVALID_OUTPUT) that would hand the agent the very data the check kept from
// it. So the Standard Schema adapter (standard-schema/validate.ts) tells the
// agent its problems through here: the libraries' "what it was" tails go, and
// every written form of the value at the problem's pointer (its JSON, each
// string and number in it, quoted or bare) becomes `VALUE_NOT_SHOWN`; for a
// result, so do the keys the schema does not name (`toldProblems` in
// problems.ts then hides them in the pointer, as for a JSON Schema). The
// developer's `onError` and `onToolResult` keep the library's own message.
// Loaded with the adapter. No Vue import.
import type { ValidationProblem } from './problems'
import { schemaNames, VALUE_NOT_SHOWN } from './problems'

/** The libraries' own "what it was" tails: Valibot's ` but received ...`, ArkType's ` (was ...)`. */
const RECEIVED_TAIL = /\s+but received .*$|\s*\(was .*\)$/s

/** The most strings and numbers looked for in one message: enough for any value a message quotes. */
const MAX_PIECES = 200

/** Unquoted strings shorter than this stay (a quoted one never does): "a" would take a word out of "must be a string". */
const MIN_BARE_LENGTH = 3

/**
 * Where a bare form stands alone: not touching a letter, a digit or `_`, nor a
 * `.` that makes it part of a number (a value `1` leaves `>=10` and `1.5`
 * alone; a value that ends a sentence is still hidden).
 */
const ALONE_BEFORE = String.raw`(?<![\p{L}\p{N}_]|\p{N}\.)`
const ALONE_AFTER = String.raw`(?![\p{L}\p{N}_]|\.\p{N})`

/** A form that starts or ends like a word or a number, so it is replaced only where it stands alone. */
const WORD_LIKE = /^[\p{L}\p{N}_.+-]|[\p{L}\p{N}_.]$/u

/**
 * The problems as the agent reads them: each message without the value at its
 * pointer in `value`. For a result, `resultSchema` is the schema's JSON text:
 * the keys along the pointer and those of the object there go too, but for
 * those the schema names (Zod writes `Unrecognized key: "KEY"`, ArkType
 * `value at ["KEY"] must be removed`).
 */
export function withoutValues(problems: readonly ValidationProblem[], value: unknown, resultSchema?: string): ValidationProblem[] {
  return problems.map(({ pointer, message }) => {
    const at = valueAt(value, pointer)
    message = message.replace(RECEIVED_TAIL, '')
    if (resultSchema !== undefined)
      message = scrub(message, keysAround(pointer, at).filter(key => !schemaNames(resultSchema, key)).flatMap(stringForms))
    return { pointer, message: scrub(message, writtenForms(at)) }
  })
}

/** The keys along `pointer` and the own keys of the object `at` it names, at most `MAX_PIECES` of them. */
function keysAround(pointer: string, at: unknown): string[] {
  const keys = pointer.split('/').slice(1).map(segment => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
  try {
    if (at !== null && typeof at === 'object' && !Array.isArray(at))
      keys.push(...Object.keys(at).slice(0, MAX_PIECES))
  }
  catch {} // a revoked Proxy: the keys along the pointer still go
  return keys.sort((a, b) => b.length - a.length)
}

/**
 * The value a JSON pointer names, own properties only; the whole value when
 * the pointer names nothing in it (a missing property, a path a library made
 * up) or reading throws, so a message about it still hides all of it.
 */
function valueAt(root: unknown, pointer: string): unknown {
  let current = root
  try {
    for (const segment of pointer.split('/').slice(1)) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~')
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
        return root
      current = (current as Record<string, unknown>)[key]
    }
    return current
  }
  catch {
    return root
  }
}

/** `message` with each of `forms` replaced by `VALUE_NOT_SHOWN`, in order. */
function scrub(message: string, forms: string[]): string {
  for (const form of forms) {
    if (!message.includes(form))
      continue
    message = WORD_LIKE.test(form)
      ? message.replace(new RegExp(`${ALONE_BEFORE}${escapeRegExp(form)}${ALONE_AFTER}`, 'gu'), VALUE_NOT_SHOWN)
      : message.split(form).join(VALUE_NOT_SHOWN)
  }
  return message
}

/**
 * How a library may write `value` in a message, in the order they are looked
 * for: its JSON (an object or array whole), then each string and number in it,
 * the longest first. A string bare before quoted, so `'VALUE'` keeps its
 * quotes around the placeholder; its quoted forms still catch a short one and
 * one whose JSON has escapes.
 */
function writtenForms(value: unknown): string[] {
  const forms: string[] = []
  if (value !== null && typeof value === 'object') {
    try {
      const json = JSON.stringify(value)
      if (json !== undefined && json.length > 2)
        forms.push(json)
    }
    catch {} // a cycle or a BigInt: its pieces are still looked for
  }
  const longestFirst = pieces(value).sort((a, b) => String(b).length - String(a).length)
  for (const piece of longestFirst)
    forms.push(...typeof piece === 'string' ? stringForms(piece) : [String(piece)])
  return [...new Set(forms)].filter(form => form !== '')
}

/** How a library may write a string: bare (unless short), then quoted. */
function stringForms(text: string): string[] {
  return [...text.length >= MIN_BARE_LENGTH ? [text] : [], JSON.stringify(text), `'${text}'`, `\`${text}\``]
}

/** The strings, numbers, BigInts and booleans in `value`, breadth first, at most `MAX_PIECES`. */
function pieces(value: unknown): (string | number | bigint | boolean)[] {
  const found: (string | number | bigint | boolean)[] = []
  const queue: unknown[] = [value]
  const seen = new Set<object>()
  while (queue.length && found.length < MAX_PIECES) {
    const item = queue.shift()
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean') {
      found.push(item)
    }
    else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item)
      // A throwing getter, or a revoked Proxy: the rest is still looked at.
      try {
        for (const key of Object.keys(item).slice(0, MAX_PIECES)) {
          try {
            queue.push((item as Record<string, unknown>)[key])
          }
          catch {}
        }
      }
      catch {}
    }
  }
  return found
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
