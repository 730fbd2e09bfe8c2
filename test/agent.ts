// An agent's call by name, the way the lane's agent makes it: Playwright's
// `frame.webmcp.callTool` (the `callTool` browser command) in the native lane,
// the lane's own `executeTool` elsewhere (where Playwright cannot see the tools:
// the in-memory context, the polyfills).
import type { WebMCPToolResponse } from '../src'
import { callTool, lane } from './lane'

export async function agentCall(mc: WebMCP.ModelContext, name: string, args: Record<string, unknown> = {}): Promise<WebMCPToolResponse> {
  if (lane !== 'native')
    return callTool(mc, name, args)
  const { commands } = await import('vitest/browser')
  return commands.callTool(name, args)
}
