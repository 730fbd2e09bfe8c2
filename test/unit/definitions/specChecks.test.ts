// The spec's checks (development builds run them before registering), and the
// description Chromium would list as "" (a lone surrogate anywhere in it),
// repaired in every build.
import { describe, expect, it } from 'vitest'
import { registrationError } from '../../../src/definitions/definitionChecks'
import { wellFormedDescription } from '../../../src/definitions/description'
import { eagerDefinitionChecks } from '../../../src/definitions/eagerDefinitionChecks'

const SUITCASE = '\u{1F9F3}'

describe('wellFormedDescription', () => {
  it('drops the half of a pair a cut leaves at either end: the cut moves before the pair', () => {
    expect(wellFormedDescription(`Packs a suitcase ${SUITCASE}`.slice(0, -1))).toBe('Packs a suitcase ')
    expect(wellFormedDescription(`${SUITCASE} packs a suitcase`.slice(1))).toBe(' packs a suitcase')
  })

  it('turns any other lone surrogate into U+FFFD, as results are repaired', () => {
    expect(wellFormedDescription('a \uD800 b \uDE00 c')).toBe('a \uFFFD b \uFFFD c')
  })

  it('leaves well-formed text, pairs included, as it is', () => {
    const text = `Packs a suitcase ${SUITCASE}, an é and a 𝔸.`
    expect(wellFormedDescription(text)).toBe(text)
    expect(wellFormedDescription('')).toBe('')
  })
})

describe('registrationError', () => {
  it('repairs the description in the definition the browser gets', () => {
    const tool = { name: 'pack', description: `Packs ${SUITCASE}`.slice(0, -1) }
    expect(registrationError(tool)).toBeNull()
    expect(tool.description).toBe('Packs ')
  })

  it('leaves the spec\'s rules to the browser (production builds): a name outside the grammar and an empty description pass', () => {
    expect(registrationError({ name: 'bad name', description: 'd' })).toBeNull()
    expect(registrationError({ name: 'pack', description: '' })).toBeNull()
  })
})

describe('eagerDefinitionChecks (development builds)', () => {
  it('refuses a name outside the spec\'s grammar, saying which rule', () => {
    expect(eagerDefinitionChecks({ name: 'bad name', description: 'd' }, false)?.message).toBe('Tool "bad name" not registered: a name must be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "." (the spec\'s grammar); the browser refuses it with InvalidStateError.')
  })

  it('a description that was only half a pair is empty once repaired, and refused as empty', () => {
    const tool = { name: 'pack', description: SUITCASE.slice(0, 1) }
    expect(eagerDefinitionChecks(tool, false)?.message).toBe('Tool "pack" not registered: its description is empty, and the spec requires one; the browser refuses it with InvalidStateError.')
  })
})
