import type { WebMCPToolResponse } from '../../src'
import 'vitest/browser'

/** One event of Chromium's DevTools Protocol `WebMCP` domain. */
export type WebMCPDomainEvent
  = | { event: 'toolsAdded', params: { tools: { name: string, description: string, inputSchema?: object, annotations?: Record<string, boolean>, frameId: string }[] } }
    | { event: 'toolsRemoved', params: { tools: { name: string, frameId: string }[] } }
    | { event: 'toolInvoked', params: { toolName: string, frameId: string, invocationId: string, input: string } }
    | { event: 'toolResponded', params: { invocationId: string, status: 'Completed' | 'Canceled' | 'Error', output?: unknown, errorText?: string } }

declare module 'vitest/browser' {
  interface BrowserCommands {
    /**
     * Playwright's `frame.webmcp.callTool` on the test's frame: the path an agent takes. Input may
     * be JSON text. It resolves to what `execute` resolved to: for the package's tools, its result type.
     * `timeout` (ms): when the agent gives up, as Playwright does (default 30 s).
     */
    callTool: (name: string, input?: Record<string, unknown> | string, timeout?: number) => Promise<WebMCPToolResponse>
    /**
     * Opens a CDP session on the page and enables the DevTools Protocol's `WebMCP` domain (what
     * Chrome DevTools' WebMCP pane shows): from now on Chromium's own events are recorded.
     */
    startWebMCPRecord: () => Promise<void>
    /** Chromium's `WebMCP` events since `startWebMCPRecord`, stack traces left out. */
    readWebMCPRecord: () => Promise<WebMCPDomainEvent[]>
    stopWebMCPRecord: () => Promise<void>
    /** `WebMCP.invokeTool` on a frame (its id from `toolsAdded`), as the pane calls a tool; resolves to the invocation id. */
    invokeThroughDevTools: (frameId: string, toolName: string, input: Record<string, unknown>) => Promise<string>
    /** `WebMCP.cancelInvocation`. */
    cancelThroughDevTools: (invocationId: string) => Promise<void>
    /** Makes the page's requests for URLs matching `glob` (Playwright's route syntax) fail with a network error, until `restoreRequests`. */
    failRequests: (glob: string) => Promise<void>
    restoreRequests: () => Promise<void>
    /** Playwright's `frame.webmcp.tools()` on the test's frame. */
    listTools: () => Promise<{ name: string, description: string, inputSchema?: unknown, annotations?: Record<string, boolean> }[]>
  }
}
