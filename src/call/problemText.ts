// What the agent reads of a failed schema check: the problems, never the
// value that failed. Valibot and ArkType quote the value in their messages
// ("but received "SSN-078-05-1120"", "(was "SSN-078-05-1120")"), and a
// refinement's own message may too; for a result (INVALID_OUTPUT) that would
// hand the agent the very data the check kept from it. So every message is
// scrubbed of the value at its pointer, whatever the library wrote: its JSON,
// each string and number inside it, quoted or not. The developer's `onError`
// and `onToolResult` keep the library's message. No Vue import.
import type { ValidationProblem } from '../schemas/problems'
import { VALUE_NOT_SHOWN } from '../schemas/problems'

/** The most strings and numbers looked for in one message: enough for any value a message quotes. */
const MAX_PIECES = 200

/** Unquoted strings shorter than this stay (a quoted one never does): "a" would take letters out of words. */
const MIN_BARE_LENGTH = 3

/** The problems with every message scrubbed of the value at its pointer in `value`. */
export function withoutValues(problems: readonly ValidationProblem[], value: unknown): ValidationProblem[] {
  return problems.map(problem => ({ ...problem, message: scrub(problem.message, valueAt(value, problem.pointer)) }))
}

/** The value a JSON pointer names, own properties only; `undefined` when it names nothing or reading throws. */
function valueAt(root: unknown, pointer: string): unknown {
  let current = root
  try {
    for (const segment of pointer.split('/').slice(1)) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~')
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
        return undefined
      current = (current as Record<string, unknown>)[key]
    }
    return current
  }
  catch {
    return undefined
  }
}

/** `message` with every written form of `value` replaced by `VALUE_NOT_SHOWN`. */
function scrub(message: string, value: unknown): string {
  // The longest first, so a value's JSON goes before the strings inside it.
  const forms = [...new Set(writtenForms(value))].filter(form => form !== '').sort((a, b) => b.length - a.length)
  for (const form of forms) {
    if (!message.includes(form))
      continue
    // A bare word or number only where it stands alone, not inside another word or number.
    const bare = /^[\w.+-]/.test(form) || /[\w.]$/.test(form)
    message = bare
      ? message.replace(new RegExp(`(?<![\\w.])${escapeRegExp(form)}(?![\\w.])`, 'g'), VALUE_NOT_SHOWN)
      : message.split(form).join(VALUE_NOT_SHOWN)
  }
  return message
}

/** How a library may write `value` in a message: its JSON, and each string (quoted in either way, or bare) and number in it. */
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
  for (const piece of pieces(value)) {
    if (typeof piece === 'string') {
      forms.push(JSON.stringify(piece), `'${piece}'`, `\`${piece}\``)
      if (piece.length >= MIN_BARE_LENGTH)
        forms.push(piece)
    }
    else {
      forms.push(String(piece))
    }
  }
  return forms
}

/** The strings, numbers, BigInts and booleans in `value`, breadth first, at most `MAX_PIECES`. */
function pieces(value: unknown): (string | number | bigint | boolean)[] {
  const found: (string | number | bigint | boolean)[] = []
  const queue: unknown[] = [value]
  const seen = new Set<object>()
  try {
    while (queue.length && found.length < MAX_PIECES) {
      const item = queue.shift()
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean') {
        found.push(item)
      }
      else if (item !== null && typeof item === 'object' && !seen.has(item)) {
        seen.add(item)
        for (const key of Object.keys(item).slice(0, MAX_PIECES))
          queue.push((item as Record<string, unknown>)[key])
      }
    }
  }
  catch {} // a throwing getter: what was found so far
  return found
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
