// The spec's checks that run on every registration, and the description
// Chromium would list as "" (a lone surrogate anywhere in it).
import { describe, expect, it } from 'vitest'
import { registrationError } from '../../../src/definitions/definitionChecks'
import { wellFormedDescription } from '../../../src/definitions/specChecks'

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

  it('a description that was only half a pair is empty once repaired, and refused as empty', () => {
    const tool = { name: 'pack', description: SUITCASE.slice(0, 1) }
    expect(registrationError(tool)?.message).toBe('Tool "pack" not registered: its description is empty, and the spec requires one; the browser refuses it with InvalidStateError.')
  })
})
