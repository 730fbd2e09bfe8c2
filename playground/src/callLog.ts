import type { WebMCPToolResultEvent } from 'vue-webmcp'
import { shallowRef } from 'vue'

export interface LoggedCall extends WebMCPToolResultEvent {
  id: number
  at: Date
}

/** The newest calls first, fed by WEBMCP_CONFIG.onToolResult. */
export const callLog = shallowRef<LoggedCall[]>([])
let next = 0

export function recordCall(event: WebMCPToolResultEvent): void {
  callLog.value = [{ ...event, id: ++next, at: new Date() }, ...callLog.value].slice(0, 50)
}
