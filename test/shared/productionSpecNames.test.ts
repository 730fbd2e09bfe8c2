// A production tool with a name outside the spec's grammar, or an empty
// description, ends in `error` and is not registered, on every lane's context.
// Production builds leave the spec's rules to the browser (the development
// checks say which rule, definitions/eagerDefinitionChecks.ts), but Firefox ESR
// 153 accepts such tools: there the registration by name refuses them itself,
// as Chromium does (platform/byNameRegistration.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useWebMCPTool } from '../../src'
import { until, withSetup } from '../helpers'
import { firefox, lane, laneSuite, listedNames, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const devFlag = Object.getOwnPropertyDescriptor(globalThis, '__DEV__')!
beforeEach(() => {
  Object.defineProperty(globalThis, '__DEV__', { configurable: true, get: () => false })
})
afterEach(() => {
  Object.defineProperty(globalThis, '__DEV__', devFlag)
})

describe(`production build: a definition the spec refuses (${lane})`, () => {
  it.each([
    ['a name with a space', () => `has space ${uniqueName('n')}`, 'd'],
    ['a name with a slash', () => `a/${uniqueName('n')}`, 'd'],
    ['a name of 129 characters', () => uniqueName('n').padEnd(129, 'x'), 'd'],
    ['an empty description', () => uniqueName('empty'), ''],
  ])('%s ends in error, unregistered', async (_, nameOf, description) => {
    const name = nameOf()
    const { result, unmount } = withSetup(() => useWebMCPTool({ name, description, execute: () => 'ran' }))
    cleanups.push(unmount)
    await until(() => result.error.value || result.isRegistered.value)
    expect(result.isRegistered.value).toBe(false)
    // The browser's refusal (on Firefox, the registration by name's, named as Chromium names it),
    // not the package's development check: the production path ran.
    expect(firefox ? ['InvalidStateError'] : ['InvalidStateError', 'TypeError']).toContain(result.error.value!.name)
    expect(await listedNames(mc)).not.toContain(name)
  })
})
