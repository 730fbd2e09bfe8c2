// A TypeScript consumer with no "types" setting: the package's declarations
// alone must type document.modelContext and the WebMCP namespace.
import type { RegisteredTool, WebMCPToolResponse } from 'vue-webmcp'
import { defineWebMCPTool, useWebMCPTool } from 'vue-webmcp'
import { install } from 'vue-webmcp/testing'

const mc: WebMCP.ModelContext | undefined = document.modelContext
void mc

const tool = defineWebMCPTool({
  name: 'search',
  description: 'Searches',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  execute: ({ q }) => q.toUpperCase(),
})
useWebMCPTool(tool)

const listed: RegisteredTool[] = []
const response: WebMCPToolResponse = { content: [] }
void listed
void response
install().registerTool({ name: 'x', description: 'd', execute: () => '' })
