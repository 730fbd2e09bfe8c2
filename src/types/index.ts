export type * from './calls'
/// <reference types="webmcp-types" />
// Every public type of the package, in one folder that the composables, the
// registration engine and the call path all import, and that imports nothing
// else from src/. Platform types come from `webmcp-types` (the spec's own
// repository); these files give them the names the package exports, and add
// the MCP result shapes, the app's config and the composables' options and returns.
export type * from './calls'
export type * from './config'
export type * from './forms'
export type * from './platform'
export type * from './registeredTools'
export type * from './results'
export type * from './standardSchema'
export type * from './tools'
