// Schema checks and waits an agent's call can be held up by, in every lane,
// the agent calling as it does there (test/agent.ts: Playwright's callTool in
// the native lane): a check that never settles, a tool unmounted mid-call, a
// caller giving up while the person decides, and error texts built from a
// schema library's words, which must never carry the value that failed.
import type { WebMCPConfig, WebMCPToolResponse, WebMCPToolResultEvent } from '../../src'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useWebMCPConfirmations, useWebMCPTool, WEBMCP_CONFIG } from '../../src'
import { agentCall } from '../agent'
import { until, withSetup } from '../helpers'
import { cannot, executeTool, lane, laneSuite, textOf, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

function mountTool(options: Parameters<typeof useWebMCPTool>[0], config: WebMCPConfig = {}) {
  const mounted = withSetup(() => useWebMCPTool(options), { provide: { [WEBMCP_CONFIG]: config } })
  cleanups.push(mounted.unmount)
  return mounted
}

/** A check that never settles: a refinement waiting on a promise nothing resolves. */
const never = () => new Promise<boolean>(() => {})
const codeOf = (response: WebMCPToolResponse) => response._meta?.['vue-webmcp/code']

describe(`a check that never settles (${lane})`, () => {
  it('an input refinement that never settles answers the agent TIMEOUT once timeoutMs passes; execute never runs, onToolResult hears of it', async () => {
    const name = uniqueName('never_input')
    const execute = vi.fn(() => 'ran')
    const onToolResult = vi.fn<(event: WebMCPToolResultEvent) => void>()
    const { result } = mountTool({ name, description: 'd', inputSchema: z.object({ q: z.string() }).refine(never), timeoutMs: 300, execute }, { onToolResult })
    await until(() => result.isRegistered.value)
    const response = await agentCall(mc, name, { q: 'x' })
    expect(response.isError).toBe(true)
    expect(codeOf(response)).toBe('TIMEOUT')
    expect(execute).not.toHaveBeenCalled()
    expect(onToolResult).toHaveBeenCalledWith(expect.objectContaining({ name, code: 'TIMEOUT' }))
    expect(result.lastError.value?.name).toBe('TimeoutError')
  })

  it('an async output check that never settles answers TIMEOUT too, after execute ran; no structuredContent', async () => {
    const name = uniqueName('never_output')
    const execute = vi.fn(() => ({ n: 1 }))
    const { result } = mountTool({ name, description: 'd', outputSchema: z.object({ n: z.number() }).refine(never), timeoutMs: 300, execute })
    await until(() => result.isRegistered.value)
    const response = await agentCall(mc, name)
    expect(codeOf(response)).toBe('TIMEOUT')
    expect(execute).toHaveBeenCalledOnce()
    expect(response).not.toHaveProperty('structuredContent')
  })

  it('unmounting the tool ends a call held up by a check that never settles, with no time limit: the agent gets ABORTED', async () => {
    const name = uniqueName('never_unmount')
    const execute = vi.fn(() => 'ran')
    const { result, unmount } = mountTool({ name, description: 'd', inputSchema: z.object({ q: z.string() }).refine(never), execute })
    await until(() => result.isRegistered.value)
    const call = agentCall(mc, name, { q: 'x' }).catch((error: Error) => error)
    await until(() => result.isExecuting.value)
    unmount()
    const response = await call
    if (cannot.keepACallOfAnUnregisteredTool) {
      // The implementation ends the call itself when the tool leaves: the agent hears that instead.
      expect(response).toMatchObject({ name: 'UnknownError' })
    }
    else {
      expect((response as WebMCPToolResponse).isError).toBe(true)
      expect(codeOf(response as WebMCPToolResponse)).toBe('ABORTED')
    }
    await until(() => !result.isExecuting.value)
    expect(execute).not.toHaveBeenCalled()
  })
})

describe(`a caller that gives up while the person decides (${lane})`, () => {
  it('onToolResult hears ABORTED before the page gets toolcancel, and execute never runs', async (context) => {
    context.skip(cannot.passExecuteSignal, `${lane} lane: the caller's cancel never reaches the page (no signal for execute, no toolcancel)`)
    const confirmations = withSetup(() => useWebMCPConfirmations())
    cleanups.push(confirmations.unmount)
    const name = uniqueName('pay')
    const log: string[] = []
    const execute = vi.fn(() => 'paid')
    const onToolResult = (event: WebMCPToolResultEvent) => log.push(`result:${event.code}`)
    const onCancel = (event: Event) => log.push(`toolcancel:${(event as Event & { toolName: string }).toolName === name}`)
    mc.addEventListener('toolcancel', onCancel)
    cleanups.push(() => mc.removeEventListener('toolcancel', onCancel))
    const { result } = mountTool({ name, description: 'd', annotations: { consequentialHint: true }, execute }, { onToolResult })
    await until(() => result.isRegistered.value)
    const caller = new AbortController()
    const call = executeTool(mc, (await mc.getTools()).find(t => t.name === name)!, {}, { signal: caller.signal }).catch((error: Error) => error.name)
    await until(() => confirmations.result.current.value)
    caller.abort()
    expect(await call).toBe('AbortError')
    await until(() => log.length === 2)
    expect(log).toEqual(['result:ABORTED', 'toolcancel:true'])
    expect(confirmations.result.pending.value).toEqual([])
    expect(execute).not.toHaveBeenCalled()
  })
})

const SECRET = 'SSN-078-05-1120'
// Valibot and ArkType quote the value in their messages ("but received ...", "(was ...)").
const outputs = [
  ['Zod', z.object({ status: z.enum(['ok', 'error']) })],
  ['Valibot', toStandardJsonSchema(v.object({ status: v.picklist(['ok', 'error']) }))],
  ['ArkType', type({ status: '\'ok\'|\'error\'' })],
  ['JSON Schema', { type: 'object', properties: { status: { enum: ['ok', 'error'] } }, required: ['status'] }],
] as const

describe(`error texts never carry the value that failed (${lane})`, () => {
  it.each(outputs)('%s: INVALID_OUTPUT names the field and the problem, never the data; onError keeps the library\'s message', async (_, outputSchema) => {
    const name = uniqueName('leaky')
    const onError = vi.fn()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { result } = mountTool({ name, description: 'd', outputSchema, onError, execute: () => ({ status: SECRET }) } as Parameters<typeof useWebMCPTool>[0])
    await until(() => result.isRegistered.value || result.error.value)
    expect(result.error.value).toBeNull()
    const response = await agentCall(mc, name)
    expect(codeOf(response)).toBe('INVALID_OUTPUT')
    expect(textOf(response)).toMatch(new RegExp(`^Tool "${name}" returned a result that does not match its output schema:\\n/status: `))
    expect(JSON.stringify(response)).not.toContain('078-05')
    // Hooks run in a task of their own, after the agent has its answer.
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'ToolOutputError' })))
  })

  it.each(outputs)('%s: INVALID_ARGS names the field and the problem, never the value', async (_, inputSchema) => {
    const name = uniqueName('leaky_args')
    const execute = vi.fn(() => 'ran')
    const { result } = mountTool({ name, description: 'd', inputSchema, execute } as Parameters<typeof useWebMCPTool>[0])
    await until(() => result.isRegistered.value || result.error.value)
    expect(result.error.value).toBeNull()
    const response = await agentCall(mc, name, { status: SECRET })
    expect(codeOf(response)).toBe('INVALID_ARGS')
    expect(textOf(response)).toMatch(new RegExp(`^Invalid arguments for tool "${name}":\\n/status: `))
    expect(JSON.stringify(response)).not.toContain('078-05')
    expect(execute).not.toHaveBeenCalled()
  })
})
