/// <reference types="webmcp-types" />
// The JSON-only shape of Chromium 150 and the MCP-B polyfills: `registerTool`
// returns nothing and throws at once on a refusal (Chromium 150) or returns a
// promise (the polyfills), `executeTool` takes the arguments as a JSON string,
// and `getTools()` may list `inputSchema` as a JSON string (listedTool.ts parses it). No Vue import.
import type { Engine } from './adapter'
import { onToolChange, registerWithSignal } from './adapter'

export const jsonEngine: Engine = { register: registerWithSignal, onChange: onToolChange, runs: 'json' }
