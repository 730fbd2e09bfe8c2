// What a page loads with import() on its first tool call: the call path, with
// a tool's call state around it.
export { runToolCall } from './callTool'
export { callTrackedTool } from './trackedCall'
