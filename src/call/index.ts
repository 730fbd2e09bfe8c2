// What a page loads with import() on its first tool call, or once the browser
// is idle after its tools registered: the call path, with a tool's call state
// around it, and the warm-up of the parts its tools' calls can need.
export { runToolCall } from './callTool'
export { callRegisteredTool } from './trackedCall'
export { warmUp } from './warmUp'
