// Development only: read-only WebMCP tools a coding agent uses to inspect the
// app (chrome-devtools-mcp lists tools annotated `debugging: true` under
// `list_3p_developer_tools`). They read the observer, the same state the Vue
// DevTools inspector shows, and each answer fits the result budget: long
// lists are paginated, long texts cut.
import type { App } from 'vue'
import type { ToolCallSettings } from '../shared/callSettings'
import type { ToolRegistrations, WebMCPAnyToolOptions } from '../types'
import type { ObservedTool, ToolCallRecord } from './observer'
import { effectScope } from 'vue'
import { hasRememberedApproval } from '../confirmations/rememberedApprovals'
import { checkDefinition } from '../definitions/definitionBudgets'
import { DEFAULT_BUDGETS, resultLimitSetting } from '../shared/limits'
import { cutText, serializedLength } from '../shared/text'
import { asOwner, observedTools, recentCalls } from './observer'

export const DEBUG_TOOL_NAMES = ['webmcp_debug_tools', 'webmcp_debug_tool', 'webmcp_debug_calls'] as const

const ANNOTATIONS = { debugging: true, readOnlyHint: true }
const OWNER = 'vue-webmcp debug tools'

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function isDebugTool(tool: ObservedTool): boolean {
  return (tool.definition().annotations as { debugging?: boolean } | undefined)?.debugging === true
}

/** The app's tools and forms, the debugging tools left out. */
function appTools(app: App): ObservedTool[] {
  return [...observedTools].filter(t => (t.app === app || t.app === null) && !isDebugTool(t))
}

function summary(tool: ObservedTool): Record<string, unknown> {
  const last = tool.calls[tool.calls.length - 1]
  const name = tool.definition().name
  return {
    name: cut(name, 64),
    ...(tool.kind === 'form' ? { form: true } : {}),
    owner: cut(tool.owner.label, 48),
    enabled: tool.enabled(),
    registered: tool.isRegistered.value,
    ...(tool.error.value ? { error: cut(`${tool.error.value.name}: ${tool.error.value.message}`, 160) } : {}),
    calls: tool.calls.length,
    ...(last ? { last: last.done ? (last.code ?? 'OK') : status(last) } : {}),
    // The person approved its calls for the page: they run unasked until forget().
    ...(tool.kind === 'tool' && hasRememberedApproval(name) ? { approvalRemembered: true } : {}),
  }
}

/** A call still going: waiting for the person's decision, or running. */
function status(call: ToolCallRecord): 'waiting' | 'running' {
  return call.confirmation === 'waiting' ? 'waiting' : 'running'
}

function callSummary(call: ToolCallRecord): Record<string, unknown> {
  return {
    id: call.id,
    tool: cut(call.tool, 64),
    caller: call.caller,
    at: new Date(call.at).toISOString(),
    ...(call.done ? { ok: call.ok, code: call.code ?? 'OK', ms: call.ms, textLength: call.textLength } : { [status(call)]: true }),
    ...(call.confirmation && call.done ? { confirmation: call.confirmation } : {}),
    ...(call.error ? { error: cut(call.error, 120) } : {}),
  }
}

/**
 * What `text` costs against the result budget when it is the answer: one text
 * block, measured as serialized (a quote or a backslash costs two), as the
 * budget itself measures it.
 */
const cost = serializedLength

/** A note for a part left out, in the words the tools use. */
function over(characters: number): string {
  return `(cut: ${characters} characters over the result budget; see Vue DevTools)`
}

/**
 * The answer when not even a note fits `limit` (a tiny `limits.result`):
 * plain text, cut to fit.
 */
function tooSmall(limit: number): string {
  return cutText(`The result budget (${limit} characters) is too small for this answer: raise limits.result, or see Vue DevTools.`, limit).text
}

/**
 * Page `page` (from 1) of `items`, as JSON text costing at most `limit`.
 * Pages are filled greedily in order, so every page is as full as the budget
 * allows; an item too large for a page of its own is replaced by a note.
 */
export function paginate(key: string, items: unknown[], page: number, limit: number): string {
  const render = (slice: unknown[], n: number, pages: number) => JSON.stringify({ [key]: slice, page: n, pages, total: items.length })
  // 9999 stands in for the final page numbers: the text is never shorter than this.
  const fits = (slice: unknown[]) => cost(render(slice, 9999, 9999)) <= limit
  const pages: unknown[][] = []
  let current: unknown[] = []
  for (let item of items) {
    if (!fits([...current, item])) {
      if (current.length) {
        pages.push(current)
        current = []
      }
      if (!fits([item]))
        item = over(cost(JSON.stringify(item)))
    }
    current.push(item)
  }
  pages.push(current)
  const n = Math.min(Math.max(1, Math.floor(page) || 1), pages.length)
  const text = render(pages[n - 1]!, n, pages.length)
  return cost(text) <= limit ? text : tooSmall(limit)
}

/** One tool in full: definition, state, budget figures and recent calls, costing at most `limit`. */
function detail(tool: ObservedTool, limit: number): string {
  const definition = tool.definition()
  const limits = { ...DEFAULT_BUDGETS, ...tool.settings.limits }
  const problems = checkDefinition(definition, limits)
  const value: Record<string, unknown> = {
    ...summary(tool),
    title: definition.title,
    description: definition.description,
    annotations: definition.annotations,
    exposedTo: definition.exposedTo,
    budgets: {
      name: `${[...definition.name].length}/${limits.name}`,
      description: `${[...definition.description].length}/${limits.description}`,
      result: limit,
      problems: problems.map(p => cut(p.message, 160)),
    },
    recentCalls: tool.calls.slice(-5).reverse().map(callSummary),
    inputSchema: definition.inputSchema,
  }
  // Over budget: shed the longest parts first, saying so, then whatever is left.
  let text = JSON.stringify(value)
  for (const key of ['inputSchema', 'recentCalls', 'description', 'budgets', 'annotations', 'exposedTo', 'title', 'error', 'owner'] as const) {
    if (cost(text) <= limit)
      return text
    if (value[key] === undefined)
      continue
    const part = cost(JSON.stringify(value[key]))
    value[key] = key === 'description' && typeof value[key] === 'string' && part > 80
      ? cut(value[key] as string, Math.max(40, (value[key] as string).length - (cost(text) - limit) - 20))
      : over(part)
    if (key === 'description' && cost(JSON.stringify(value)) > limit)
      value[key] = over(part)
    text = JSON.stringify(value)
  }
  return cost(text) <= limit ? text : tooSmall(limit)
}

/** The page parameter of the two paginated tools. */
const PAGE_PARAMETER = { type: 'integer', minimum: 1, description: 'Page number, from 1.' }

function debugToolOptions(app: App, limit: () => number): WebMCPAnyToolOptions[] {
  return [
    {
      name: 'webmcp_debug_tools',
      title: 'WebMCP tools of this Vue app',
      description: 'Development build only. Lists the WebMCP tools and forms this Vue app sets up, with the component that owns each, whether it is enabled and registered, its registration error, its number of recent calls, the last call\'s code, and approvalRemembered when the person approved its calls for the page (they run unasked). Paginated: pass page to see more.',
      inputSchema: {
        type: 'object',
        properties: {
          page: PAGE_PARAMETER,
          name: { type: 'string', description: 'Only tools whose name contains this text.' },
        },
      },
      annotations: ANNOTATIONS,
      execute: ({ page, name }: { page?: number, name?: string }) => paginate(
        'tools',
        appTools(app).filter(t => !name || t.definition().name.includes(name)).map(summary),
        page ?? 1,
        limit(),
      ),
    },
    {
      name: 'webmcp_debug_tool',
      title: 'One WebMCP tool in detail',
      description: 'Development build only. One tool of this Vue app in detail: owner, state, definition, character budgets against Chrome\'s limits and its last calls.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'The tool\'s name.' } },
        required: ['name'],
      },
      annotations: ANNOTATIONS,
      execute: ({ name }: { name: string }) => {
        const matches = appTools(app).filter(t => t.definition().name === name)
        if (!matches.length)
          return new Error(`No tool named "${cut(String(name), 64)}" in this app. webmcp_debug_tools lists them.`)
        // A registered one first: the others failed with a duplicate name.
        const tool = matches.find(t => t.isRegistered.value) ?? matches[0]!
        return detail(tool, limit())
      },
    },
    {
      name: 'webmcp_debug_calls',
      title: 'Recent WebMCP tool calls',
      description: 'Development build only. The recent tool calls in this page, newest first: tool, caller, time, ok, error code (OK when it succeeded), duration in ms, result size in characters, and for a call that asked the person, waiting or their decision (remembered: approved earlier for the page, not asked). Paginated: pass page to see more.',
      inputSchema: {
        type: 'object',
        properties: {
          page: PAGE_PARAMETER,
          tool: { type: 'string', description: 'Only calls of this tool.' },
          waiting: { type: 'boolean', description: 'Only calls waiting for the person to approve or decline them.' },
        },
      },
      annotations: ANNOTATIONS,
      execute: ({ page, tool, waiting }: { page?: number, tool?: string, waiting?: boolean }) => paginate(
        'calls',
        recentCalls.filter(c => !DEBUG_TOOL_NAMES.includes(c.tool as never) && (!tool || c.tool === tool) && (!waiting || (!c.done && c.confirmation === 'waiting'))).reverse().map(callSummary),
        page ?? 1,
        limit(),
      ),
    },
  ]
}

const withDebugTools = new WeakSet<App>()

/**
 * Registers the debugging tools for `app` once, for as long as it is mounted,
 * outside any component (so no component's unmount takes them away).
 */
export function registerDebugTools(app: App, settings: ToolCallSettings, register: ToolRegistrations): void {
  if (withDebugTools.has(app))
    return
  withDebugTools.add(app)
  const scope = effectScope(true)
  // After the current setup() has returned: no component is the current instance.
  // The budget the call path holds these answers to (a NaN or negative `limits.result` is Chrome's).
  const limit = () => resultLimitSetting(settings.limits?.result, settings.warn)
  void Promise.resolve().then(() => app.runWithContext(() => scope.run(() => asOwner(OWNER, app, () => register(debugToolOptions(app, limit))))))
  app.onUnmount(() => {
    scope.stop()
    withDebugTools.delete(app)
  })
}
