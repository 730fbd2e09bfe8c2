import type { WebMCPToolResponse } from '../../src'
import 'vitest/browser'

declare module 'vitest/browser' {
  interface BrowserCommands {
    /**
     * Playwright's `frame.webmcp.callTool` on the test's frame: the path an agent takes. Input may
     * be JSON text. It resolves to what `execute` resolved to: for the package's tools, its result type.
     * `timeout` (ms): when the agent gives up, as Playwright does (default 30 s).
     */
    callTool: (name: string, input?: Record<string, unknown> | string, timeout?: number) => Promise<WebMCPToolResponse>
    /** Playwright's `frame.webmcp.tools()` on the test's frame. */
    listTools: () => Promise<{ name: string, description: string, inputSchema?: unknown, annotations?: Record<string, boolean> }[]>
  }
}
