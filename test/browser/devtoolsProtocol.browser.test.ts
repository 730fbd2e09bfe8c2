// The package's account of its tools and calls, checked against Chromium's own: the DevTools
// Protocol's `WebMCP` domain, which Chrome DevTools' WebMCP pane shows. The package's side is
// what its Vue DevTools inspector shows (src/devtools/observer.ts); the browser's is recorded
// through a CDP session on the page (startWebMCPRecord in vitest.config.ts).
import type { WebMCPToolResponse } from '../../src'
import type { ObserverEvent } from '../../src/devtools/observer'
import type { WebMCPDomainEvent } from './commands'
import { expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { effectScope, nextTick, ref } from 'vue'
import { useWebMCPTool } from '../../src'
import { onObserverEvent } from '../../src/devtools/observer'
import { until, withSetup } from '../helpers'
import { laneSuite, uniqueName } from '../lane'

const cleanups = laneSuite(() => {})

/** The package's own record (what its inspector shows) from now on. */
function packageRecord() {
  // The name as it was at the event: a tool's definition is read from its options, which a rename changes.
  const events: (ObserverEvent & { name: string })[] = []
  cleanups.push(onObserverEvent(event => events.push({ ...event, name: event.tool.definition().name })))
  return {
    /** Names the package reported registered or unregistered, in order. */
    changes: (type: 'registered' | 'unregistered', names: string[]) => events.filter(e => e.type === type).map(e => e.name).filter(name => names.includes(name)),
    /** Each finished call of `name`: who the package says made it, and whether it was ok. */
    results: (name: string) => events.flatMap(e => e.type === 'result' && e.call.tool === name ? [{ caller: e.call.caller, ok: e.call.ok, code: e.call.code }] : []),
  }
}

async function browserRecord(): Promise<WebMCPDomainEvent[]> {
  return commands.readWebMCPRecord()
}

/** The names Chromium reported added or removed, in order, among `names`. */
function browserChanges(record: WebMCPDomainEvent[], event: 'toolsAdded' | 'toolsRemoved', names: string[]): string[] {
  return record.flatMap(e => e.event === event ? e.params.tools.map(t => t.name) : []).filter(name => names.includes(name))
}

/** Each call of `name` in Chromium's record: its invocation and the responses with its id. */
function browserCalls(record: WebMCPDomainEvent[], name: string) {
  return record.flatMap(e => e.event === 'toolInvoked' && e.params.toolName === name ? [e.params] : []).map(invoked => ({
    invoked,
    responses: record.flatMap(e => e.event === 'toolResponded' && e.params.invocationId === invoked.invocationId ? [e.params] : []),
  }))
}

async function startRecords() {
  await commands.startWebMCPRecord()
  cleanups.push(() => void commands.stopWebMCPRecord())
  return packageRecord()
}

it('each registration appears in Chromium\'s record, and each scope end, disable or rename removes it', async () => {
  const ours = await startRecords()
  const [scoped, toggled, first, second] = [uniqueName('scoped'), uniqueName('toggled'), uniqueName('first'), uniqueName('second')]
  const names = [scoped, toggled, first, second]
  const inputSchema = { type: 'object', properties: { q: { type: 'string' } } }

  const scope = effectScope()
  const scopedTool = scope.run(() => useWebMCPTool({ name: scoped, description: 'In a bare scope.', inputSchema, annotations: { readOnlyHint: true }, execute: () => 'ok' }))!
  const enabled = ref(true)
  const name = ref(first)
  const { result: [toggledTool, renamedTool], unmount } = withSetup(() => [
    useWebMCPTool({ name: toggled, description: 'Follows enabled.', enabled, execute: () => 'ok' }),
    useWebMCPTool({ name, description: 'Renamed.', execute: () => 'ok' }),
  ])
  cleanups.push(unmount, () => scope.stop())
  await until(() => scopedTool.isRegistered.value && toggledTool!.isRegistered.value && renamedTool!.isRegistered.value)
  await until(async () => browserChanges(await browserRecord(), 'toolsAdded', names).length === 3)
  const added = (await browserRecord()).flatMap(e => e.event === 'toolsAdded' ? e.params.tools : []).find(t => t.name === scoped)
  // What the agent sees, as Chromium holds it (annotations under the protocol's own names).
  expect(added).toMatchObject({ description: 'In a bare scope.', inputSchema, annotations: { readOnly: true, untrustedContent: false, consequential: false, debugging: false } })

  enabled.value = false
  name.value = second
  await nextTick()
  await until(() => renamedTool!.isRegistered.value)
  scope.stop()
  unmount()
  await until(async () => browserChanges(await browserRecord(), 'toolsRemoved', names).length === 4)

  const record = await browserRecord()
  // Every registration the package reported, in its order, is one Chromium holds...
  expect(ours.changes('registered', names)).toEqual([scoped, toggled, first, second])
  expect(browserChanges(record, 'toolsAdded', names)).toEqual(ours.changes('registered', names))
  // ...and each left Chromium once: the disable (which the inspector shows as unregistered) and
  // the rename (the old name) first, then the scope's end and the unmount.
  expect(ours.changes('unregistered', names)[0]).toBe(toggled)
  expect(browserChanges(record, 'toolsRemoved', names).sort()).toEqual([scoped, toggled, first, second].sort())
  expect(browserChanges(record, 'toolsRemoved', names).slice(0, 2)).toEqual([toggled, first])
})

it('each agent call shows one invocation and one response, Completed with what the package answered, isError where it reported a failure', async () => {
  const ours = await startRecords()
  const name = uniqueName('greet')
  const { result: tool, unmount } = withSetup(() => useWebMCPTool({
    name,
    description: 'Greets someone.',
    inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
    execute: ({ who }: { who: string }) => {
      if (who === 'nobody')
        throw new Error('nobody to greet')
      return `Hello, ${who}!`
    },
  }))
  cleanups.push(unmount)
  await until(() => tool.isRegistered.value)

  const inputs = [{ who: 'Ada' }, { who: 'nobody' }, { who: 42 }]
  const answers: WebMCPToolResponse[] = []
  for (const input of inputs)
    answers.push(await commands.callTool(name, input))
  expect(answers.map(answer => !!answer.isError)).toEqual([false, true, true])

  await until(async () => browserCalls(await browserRecord(), name).filter(call => call.responses.length > 0).length === inputs.length)
  const calls = browserCalls(await browserRecord(), name)
  const reported = ours.results(name)
  // The inspector shows a call with no code as `OK`.
  expect(reported.map(call => [call.caller, call.ok, call.code ?? 'OK'])).toEqual([['agent', true, 'OK'], ['agent', false, 'TOOL_ERROR'], ['agent', false, 'INVALID_ARGS']])
  expect(calls.map(call => JSON.parse(call.invoked.input))).toEqual(inputs)
  calls.forEach((call, index) => {
    expect(call.responses).toHaveLength(1)
    // The package answers every call, failures included, as a result: Chromium records it Completed.
    expect(call.responses[0]).toMatchObject({ status: 'Completed', output: answers[index] })
    expect(!!(call.responses[0]!.output as WebMCPToolResponse).isError).toBe(!reported[index]!.ok)
  })
})

it('a call DevTools cancels is Canceled in Chromium\'s record, aborts the tool\'s signal, and the package reports it ended', async () => {
  const ours = await startRecords()
  const name = uniqueName('slow')
  let signal: AbortSignal | undefined
  const { result: tool, unmount } = withSetup(() => useWebMCPTool({
    name,
    description: 'Waits until cancelled.',
    execute: (_args, options) => {
      signal = options.signal
      return new Promise((_resolve, reject) => options.signal.addEventListener('abort', () => reject(options.signal.reason)))
    },
  }))
  cleanups.push(unmount)
  await until(() => tool.isRegistered.value)
  await until(async () => browserChanges(await browserRecord(), 'toolsAdded', [name]).length === 1)
  const frameId = (await browserRecord()).flatMap(e => e.event === 'toolsAdded' ? e.params.tools : []).find(t => t.name === name)!.frameId

  const invocationId = await commands.invokeThroughDevTools(frameId, name, {})
  await until(() => signal)
  await commands.cancelThroughDevTools(invocationId)
  await until(() => signal!.aborted)
  await until(async () => browserCalls(await browserRecord(), name)[0]?.responses.length === 1)
  const [call] = browserCalls(await browserRecord(), name)
  expect(call!.invoked.invocationId).toBe(invocationId)
  expect(call!.responses).toEqual([expect.objectContaining({ invocationId, status: 'Canceled' })])
  await until(() => ours.results(name).length === 1)
  expect(ours.results(name)).toEqual([{ caller: 'agent', ok: false, code: 'ABORTED' }])
})
