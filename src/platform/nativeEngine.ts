/// <reference types="webmcp-types" />
// Chromium 156 and later (and Chrome 160's `Tool` objects): `registerTool`
// returns a promise, `executeTool` takes the arguments as an object, and
// `getTools()` lists dictionaries or `Tool` objects (listedTool.ts reads both). No Vue import.
import type { Engine } from './adapter'
import { onToolChange, registerWithSignal } from './adapter'

export const nativeEngine: Engine = { register: registerWithSignal, onChange: onToolChange, runs: 'object' }
