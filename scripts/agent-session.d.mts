import type { Page } from 'playwright'

export interface AgentStep { say: string, seen: unknown, failure?: string }
export const STEPS: readonly { say: string }[]
export function runAgentSession(page: Page, log?: (line: string) => void): Promise<{ ok: boolean, steps: AgentStep[] }>
