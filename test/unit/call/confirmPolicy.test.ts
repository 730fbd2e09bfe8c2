// Whether a call asks, and on what terms: the tool's `confirm`, its group's,
// the app's callback and the annotations, read into one rule (call/confirm.ts,
// after call/confirmPolicy.ts said the tool asks and its `when` did not let the
// call through).
import type { ToolCallSettings } from '../../../src/shared/callSettings'
import type { WebMCPToolAnnotations } from '../../../src/types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { confirmRule, confirmStep } from '../../../src/call/confirm'
import { whenAsks } from '../../../src/call/confirmPolicy'
import { freezeArguments } from '../../../src/call/frozenArguments'
import { forgetApprovals, rememberApproval } from '../../../src/confirmations/rememberedApprovals'
import { resolveCallSettings } from '../../../src/shared/callSettings'
import { DEFAULT_CONFIRM_TIMEOUT_MS } from '../../../src/shared/limits'

type Confirm = Parameters<typeof resolveCallSettings>[1]

const execute = () => 'paid'
const registration = new AbortController()
const owner = { ended: registration.signal, execute }

function toolCall(own: Confirm = {}, group: Confirm = {}, annotations?: WebMCPToolAnnotations, app: Partial<ToolCallSettings> = {}) {
  return { name: 'pay', settings: resolveCallSettings(app, group, own), owner, ...(annotations ? { annotations } : {}) }
}

const REVERSIBLE = { destructiveHint: false }

const appConfirm = () => true
const groupConfirm = () => true
const ownConfirm = () => true

/** The rule a call asks by, without the approval owner it carries. */
function ruleOf(call: Parameters<typeof confirmRule>[0]) {
  const rule = confirmRule(call)
  if (!rule)
    return rule
  const { owner: _, ...rest } = rule
  return rest
}

/** Remembers an approval of `call` as the confirmation step would: for its registration and what it shows. */
function approve(call: Parameters<typeof confirmRule>[0]): void {
  rememberApproval({ name: call.name }, confirmRule(call)!.owner!)
}

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

  it('asks for a consequential tool by default, by the same rule as a tool set to confirm, through the app\'s callback', () => {
    const unmarked = 'This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.'
    const rule = { ask: appConfirm, canRemember: false, cannotRememberReason: unmarked, timeoutMs: DEFAULT_CONFIRM_TIMEOUT_MS }
    expect(ruleOf(toolCall({}, {}, { consequentialHint: true }, { confirm: { ask: appConfirm } }))).toEqual(rule)
    expect(ruleOf(toolCall({ confirm: true }, {}, undefined, { confirm: { ask: appConfirm } }))).toEqual(rule)
  })

  it('an object asks; the nearest ask decides: the tool\'s, its group\'s, the app\'s', () => {
    const app = { confirm: { ask: appConfirm } }
    expect(confirmRule(toolCall({ confirm: { ask: ownConfirm } }, { confirm: { ask: groupConfirm } }, undefined, app))!.ask).toBe(ownConfirm)
    expect(confirmRule(toolCall({ confirm: { timeoutMs: 5 } }, { confirm: { ask: groupConfirm } }, undefined, app))!.ask).toBe(groupConfirm)
    expect(confirmRule(toolCall({ confirm: { timeoutMs: 5 } }, {}, undefined, app))!.ask).toBe(appConfirm)
    expect(confirmRule(toolCall({ confirm: {} }, { confirm: { ask: groupConfirm } }))!.ask).toBe(groupConfirm)
    expect(ruleOf(toolCall({ confirm: {} }))).toMatchObject({ canRemember: false, timeoutMs: DEFAULT_CONFIRM_TIMEOUT_MS })
    expect(ruleOf(toolCall({ confirm: {} }))).not.toHaveProperty('ask')
  })

  it('a group\'s object fills in the fields a tool\'s own leaves unset', () => {
    const when = vi.fn(() => true)
    const call = toolCall({ confirm: { timeoutMs: 5 } }, { confirm: { when, timeoutMs: 9, remember: false } })
    expect(ruleOf(call)).toEqual({ timeoutMs: 5, canRemember: false, cannotRememberReason: 'This tool\'s author asks for approval of every call.' })
    expect(whenAsks(call, {})).toBe(true)
    expect(when).toHaveBeenCalledOnce()
  })

  it('the nearest timeoutMs set wins, null included (the step fails such a call rather than wait without a limit)', () => {
    const app = { confirm: { timeoutMs: 30_000 } }
    const confirm = (ms: unknown) => ({ confirm: { timeoutMs: ms as number } })
    const nearest = (own: unknown, group: unknown) => confirmRule(toolCall(confirm(own), confirm(group), undefined, app))!.timeoutMs
    expect(nearest(null, 9)).toBeNull()
    expect(nearest(undefined, null)).toBeNull()
    expect(nearest(undefined, undefined)).toBe(30_000)
  })

  it('with no timeoutMs set anywhere, a request waits DEFAULT_CONFIRM_TIMEOUT_MS, a minute', () => {
    expect(DEFAULT_CONFIRM_TIMEOUT_MS).toBe(60_000)
    expect(confirmRule(toolCall({}, {}, { consequentialHint: true }))!.timeoutMs).toBe(60_000)
    expect(confirmRule(toolCall({ confirm: { remember: true } }, { confirm: {} }))!.timeoutMs).toBe(60_000)
    // Longer, when the app chooses so.
    expect(confirmRule(toolCall({ confirm: true }, {}, undefined, { confirm: { timeoutMs: 300_000 } }))!.timeoutMs).toBe(300_000)
  })

  it('a tool\'s own confirm: true takes none of the group\'s fields (when, remember, timeoutMs), only its ask', () => {
    const when = () => false
    const group = { confirm: { when, remember: true, timeoutMs: 9, ask: groupConfirm } }
    expect(ruleOf(toolCall({ confirm: true }, group))).toMatchObject({ ask: groupConfirm, canRemember: false, timeoutMs: DEFAULT_CONFIRM_TIMEOUT_MS })
    expect(ruleOf(toolCall({ confirm: { ask: ownConfirm } }, group))).toEqual({ ask: ownConfirm, timeoutMs: 9, canRemember: true })
    expect(ruleOf(toolCall({}, group))).toEqual({ ask: groupConfirm, timeoutMs: 9, canRemember: true })
  })

  it('remembers, as MCP\'s defaults say, only what the author marked reversible or what its confirm says remember: true for', () => {
    const canRemember = (own: Confirm, group: Confirm, annotations?: WebMCPToolAnnotations) => confirmRule(toolCall(own, group, annotations))!.canRemember
    expect(canRemember({ confirm: true }, {})).toBe(false)
    expect(canRemember({ confirm: true }, {}, { destructiveHint: false })).toBe(true)
    expect(canRemember({ confirm: true }, {}, { readOnlyHint: true })).toBe(true)
    expect(canRemember({ confirm: true }, {}, { destructiveHint: true })).toBe(false)
    expect(canRemember({ confirm: { remember: true } }, {}, { destructiveHint: true })).toBe(true)
    expect(canRemember({ confirm: { remember: false } }, {}, REVERSIBLE)).toBe(false)
    expect(canRemember({}, { confirm: { remember: true } })).toBe(true)
    expect(canRemember({}, { confirm: { remember: true } }, { destructiveHint: true })).toBe(false)
    expect(canRemember({ confirm: {} }, { confirm: { remember: true } }, { destructiveHint: true })).toBe(false)
    expect(canRemember({ confirm: true }, { confirm: { remember: true } })).toBe(false)
  })

  it('the app\'s confirm.timeoutMs applies where neither the tool nor its group sets one', () => {
    expect(confirmRule(toolCall({ confirm: true }, {}, undefined, { confirm: { timeoutMs: 30_000 } }))!.timeoutMs).toBe(30_000)
    expect(confirmRule(toolCall({ confirm: { timeoutMs: 5 } }, {}, undefined, { confirm: { timeoutMs: 30_000 } }))!.timeoutMs).toBe(5)
  })

  it('with no registration to keep it for, nothing can be remembered', () => {
    const { owner: _, ...unregistered } = toolCall({ confirm: true }, {}, REVERSIBLE)
    expect(confirmRule(unregistered)).toMatchObject({ canRemember: false, cannotRememberReason: 'Only a tool registered on this page can be approved for later calls; this one asks every time.' })
  })

  it('says why exactly when it cannot be remembered: a sentence for the person', () => {
    const reason = (own: Confirm, group: Confirm, annotations?: WebMCPToolAnnotations) => confirmRule(toolCall(own, group, annotations))!.cannotRememberReason
    const cases: [Confirm, Confirm, WebMCPToolAnnotations | undefined, string | undefined][] = [
      [{ confirm: true }, {}, undefined, 'This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.'],
      [{}, {}, { consequentialHint: true }, 'This tool may have effects that cannot be undone (it is not marked read-only or reversible), so it asks every time.'],
      [{ confirm: true }, {}, { destructiveHint: true }, 'This tool\'s effects cannot be undone, so it asks every time.'],
      [{}, { confirm: { remember: true } }, { destructiveHint: true }, 'This tool\'s effects cannot be undone, so it asks every time.'],
      [{ confirm: { remember: false } }, {}, REVERSIBLE, 'This tool\'s author asks for approval of every call.'],
      [{}, { confirm: { remember: false } }, REVERSIBLE, 'This tool\'s author asks for approval of every call.'],
      [{ confirm: true }, {}, REVERSIBLE, undefined],
      [{ confirm: true }, {}, { readOnlyHint: true }, undefined],
      [{ confirm: { remember: true } }, {}, { destructiveHint: true }, undefined],
    ]
    for (const [own, group, annotations, expected] of cases) {
      expect(reason(own, group, annotations)).toBe(expected)
      expect(confirmRule(toolCall(own, group, annotations))!.canRemember).toBe(expected === undefined)
    }
  })
})

describe('confirmStep', () => {
  it('a remembered approval runs unasked only where the tool may be remembered, through the registration and execute approved', () => {
    approve(toolCall({ confirm: true }, {}, REVERSIBLE))
    expect(confirmStep(toolCall({ confirm: true }, {}, REVERSIBLE))!.step).toBe('remembered')
    expect(confirmStep(toolCall({ confirm: { remember: false } }, {}, REVERSIBLE))!.step).toBe('ask')
    expect(confirmStep(toolCall({ confirm: true }, {}, { destructiveHint: true }))!.step).toBe('ask')
    expect(confirmStep({ ...toolCall({ confirm: true }, {}, REVERSIBLE), owner: { ...owner, execute: () => 'other' } })!.step).toBe('ask')
    expect(confirmStep({ ...toolCall({ confirm: true }, {}, REVERSIBLE), owner: { ...owner, ended: new AbortController().signal } })!.step).toBe('ask')
    forgetApprovals('pay')
    expect(confirmStep(toolCall({ confirm: true }, {}, REVERSIBLE))!.step).toBe('ask')
  })

  it('an approval belongs to what the person saw: another description, title, annotations, JSON Schema or Standard Schema (the same JSON) is asked again', () => {
    const standard = () => ({ '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) } })
    const refined = standard()
    const seen = { ...toolCall({ confirm: true }, {}, REVERSIBLE), description: 'Pays.', inputSchema: refined }
    const changes = [
      { description: 'Pays anyone.' },
      { title: 'Pay' },
      { annotations: { ...REVERSIBLE, openWorldHint: true } },
      { inputSchema: standard() },
      { outputSchema: { type: 'object' } },
    ]
    for (const change of changes) {
      approve(seen)
      expect(confirmStep(seen)!.step).toBe('remembered')
      expect(confirmStep({ ...seen, ...change })!.step, JSON.stringify(Object.keys(change))).toBe('ask')
      // The changed call dropped it: the tool as approved is asked too.
      expect(confirmStep(seen)!.step).toBe('ask')
    }
    const schema = { type: 'object', properties: { qty: { type: 'integer', maximum: 5 } } }
    const withSchema = { ...seen, inputSchema: schema }
    approve(withSchema)
    schema.properties.qty.maximum = 500
    expect(confirmStep(withSchema)!.step).toBe('ask')
  })

  it('the approval ends with its registration', () => {
    const ending = new AbortController()
    const mine = { ended: ending.signal, execute }
    approve({ ...toolCall({ confirm: true }, {}, REVERSIBLE), owner: mine })
    expect(confirmStep({ ...toolCall({ confirm: true }, {}, REVERSIBLE), owner: mine })!.step).toBe('remembered')
    ending.abort()
    expect(confirmStep({ ...toolCall({ confirm: true }, {}, REVERSIBLE), owner: mine })!.step).toBe('ask')
  })

  it('when and execute get one frozen copy of plain arguments; a Standard Schema\'s class instances go as they are', () => {
    const args = { amount: 5, nested: { to: 'x' } }
    const frozen = freezeArguments(args)
    expect(frozen.run).toBe(frozen.shown)
    expect(frozen.run).toEqual(args)
    expect(frozen.run).not.toBe(args)
    expect(Object.isFrozen((frozen.run as typeof args).nested)).toBe(true)
    class Money {
      constructor(readonly cents: number) {}
    }
    const rich = { price: new Money(5) }
    const richFrozen = freezeArguments(rich)
    expect(richFrozen.run).toBe(rich)
    expect(Object.isFrozen(richFrozen.shown)).toBe(true)
  })
})

describe('whenAsks', () => {
  it('when(args) decides per call; a throw or a value that is not a boolean asks', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const asks = (when: (args: any) => unknown, args: unknown) => whenAsks(toolCall({ confirm: { when: when as () => boolean } }), args)
    expect(asks(({ amount }) => amount > 10, { amount: 1 })).toBe(false)
    expect(asks(({ amount }) => amount > 10, { amount: 11 })).toBe(true)
    expect(asks(() => { throw new Error('no') }, {})).toBe(true)
    expect(asks(() => 'yes', {})).toBe(true)
    expect(asks(() => 0, {})).toBe(true)
  })

  it('a group\'s when applies to a tool whose own confirm is unset or an object, never to its confirm: true', () => {
    const never = () => false
    expect(whenAsks(toolCall({}, { confirm: { when: never } }), {})).toBe(false)
    expect(whenAsks(toolCall({ confirm: { timeoutMs: 5 } }, { confirm: { when: never } }), {})).toBe(false)
    expect(whenAsks(toolCall({ confirm: true }, { confirm: { when: never } }), {})).toBe(true)
  })
})
