// A description as Chromium lists it: well-formed text. Repaired before every
// registration, in every build, since it changes what the agent reads (a
// tool's, definitions/definitionChecks.ts; a form's, useWebMCPForm). No Vue import.

/** A surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * `description` as well-formed text. Chromium lists a description holding a
 * lone surrogate as "", and a cut by UTF-16 units (`slice`, `substring`) that
 * falls inside an emoji leaves one: the half at either end is dropped, so the
 * cut moves before the pair; any other becomes U+FFFD, as in results.
 */
export function wellFormedDescription(description: string): string {
  return description.replace(LONE_SURROGATE, (_half, at: number) => at === 0 || at === description.length - 1 ? '' : '\uFFFD')
}
