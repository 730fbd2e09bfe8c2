// Whether a call asks, and on what terms: the tool's `confirm`, its group's,
// the app's callback and the annotations, read into one rule (call/confirmPolicy.ts).
import type { ToolCallSettings } from '../../../src/shared/callSettings'
import type { WebMCPToolAnnotations } from '../../../src/types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { confirmRule, confirmStep } from '../../../src/call/confirmPolicy'
import { forgetApprovals, rememberApproval } from '../../../src/call/rememberedApprovals'
import { resolveCallSettings } from '../../../src/shared/callSettings'

type Confirm = Parameters<typeof resolveCallSettings>[1]

function toolCall(own: Confirm = {}, group: Confirm = {}, annotations?: WebMCPToolAnnotations, app: Partial<ToolCallSettings> = {}) {
  return { name: 'pay', settings: resolveCallSettings(app, group, own), ...(annotations ? { annotations } : {}) }
}

const appConfirm = () => true
const groupConfirm = () => true
const ownConfirm = () => true

afterEach(() => {
  forgetApprovals()
  vi.restoreAllMocks()
})

describe('confirmRule', () => {
  it('does not ask for an unmarked tool, nor for a tool or group set to false', () => {
    expect(confirmRule(toolCall())).toBeUndefined()
    expect(confirmRule(toolCall({ confirm: false }, { confirm: { when: () => true } }, { consequentialHint: true }))).toBeUndefined()
    expect(confirmRule(toolCall({}, { confirm: false }, { consequentialHint: true }))).toBeUndefined()
  })

  it('asks for a consequential tool by default, not explicitly, through the app\'s callback', () => {
    expect(confirmRule(toolCall({}, {}, { consequentialHint: true }, { confirm: appConfirm }))).toEqual({ explicit: false, ask: appConfirm, canRemember: true })
  })

  it('an object asks; the nearest callback decides: the tool\'s (as confirm or confirm.ask), its group\'s, the app\'s', () => {
    expect(confirmRule(toolCall({ confirm: { ask: ownConfirm } }, { confirm: groupConfirm }, undefined, { confirm: appConfirm }))!.ask).toBe(ownConfirm)
    expect(confirmRule(toolCall({ confirm: { timeoutMs: 5 } }, { confirm: groupConfirm }, undefined, { confirm: appConfirm }))!.ask).toBe(groupConfirm)
    expect(confirmRule(toolCall({ confirm: {} }, { confirm: { ask: groupConfirm } }))!.ask).toBe(groupConfirm)
    expect(confirmRule(toolCall({ confirm: {} }))).toEqual({ explicit: true, canRemember: true })
  })

  it('a group\'s object fills in the fields a tool\'s own leaves unset', () => {
    const when = () => true
    const rule = confirmRule(toolCall({ confirm: { timeoutMs: 5 } }, { confirm: { when, timeoutMs: 9, remember: false } }))
    expect(rule).toEqual({ explicit: true, when, timeoutMs: 5, canRemember: false })
  })

  it('never remembers a destructiveHint tool unless it says remember: true; remember: false never', () => {
    expect(confirmRule(toolCall({ confirm: true }, {}, { destructiveHint: true }))!.canRemember).toBe(false)
    expect(confirmRule(toolCall({ confirm: { remember: true } }, {}, { destructiveHint: true }))!.canRemember).toBe(true)
    expect(confirmRule(toolCall({ confirm: { remember: false } }))!.canRemember).toBe(false)
  })
})

describe('confirmStep', () => {
  it('a remembered approval runs unasked only where the tool may be remembered', () => {
    rememberApproval({ name: 'pay' })
    expect(confirmStep(toolCall({ confirm: true }), {})!.step).toBe('remembered')
    expect(confirmStep(toolCall({ confirm: { remember: false } }), {})!.step).toBe('ask')
    expect(confirmStep(toolCall({ confirm: true }, {}, { destructiveHint: true }), {})!.step).toBe('ask')
    forgetApprovals('pay')
    expect(confirmStep(toolCall({ confirm: true }), {})!.step).toBe('ask')
  })

  it('when(args) decides per call; a throw or a value that is not a boolean asks', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const step = (when: (args: any) => unknown, args: unknown) => confirmStep(toolCall({ confirm: { when: when as () => boolean } }), args)?.step
    expect(step(({ amount }) => amount > 10, { amount: 1 })).toBeUndefined()
    expect(step(({ amount }) => amount > 10, { amount: 11 })).toBe('ask')
    expect(step(() => { throw new Error('no') }, {})).toBe('ask')
    expect(step(() => 'yes', {})).toBe('ask')
    expect(step(() => 0, {})).toBe('ask')
  })
})
