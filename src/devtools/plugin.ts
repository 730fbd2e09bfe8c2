// Development only: the Vue DevTools plugin. An inspector, "WebMCP", with the
// app's tools grouped by owner (definition, state, budgets, recent calls, a
// run button), and a timeline layer, "WebMCP", with every call, registration
// and removal. Both read the observer; nothing here keeps state of its own
// beyond the inspector's argument drafts.
import type { CustomInspectorNode, CustomInspectorState, DevtoolsPluginApi, InspectorNodeTag, PluginDescriptor } from '@vue/devtools-api'
import type { App } from 'vue'
import type { WebMCPToolAnnotations } from '../types'
import type { ObservedTool, ObserverEvent, ToolCallRecord } from './observer'
import { setupDevtoolsPlugin } from '@vue/devtools-api'
import { hasRememberedApproval, onApprovalsChange } from '../confirmations/rememberedApprovals'
import { checkDefinition } from '../definitions/definitionBudgets'
import { DEFAULT_BUDGETS } from '../shared/limits'
import { callAs, observedTools, onObserverEvent } from './observer'

export const INSPECTOR_ID = 'webmcp'
export const TIMELINE_LAYER_ID = 'webmcp'
export const DEVTOOLS_CALLER = 'Vue DevTools'

const GREEN = 0x42B883
const RED = 0xDC2626
const GREY = 0x6B7280
const AMBER = 0xD97706
const WHITE = 0xFFFFFF

function tag(label: string, backgroundColor: number, tooltip?: string): InspectorNodeTag {
  return { label, textColor: WHITE, backgroundColor, ...(tooltip ? { tooltip } : {}) }
}

const withPlugin = new WeakSet<App>()

/** Whether Vue DevTools (extension, standalone or Vite plugin) is on the page. */
function devtoolsPresent(): boolean {
  return typeof window !== 'undefined' && !!(window as { __VUE_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__VUE_DEVTOOLS_GLOBAL_HOOK__
}

function belongsTo(tool: ObservedTool, app: App): boolean {
  return tool.app === app || tool.app === null
}

/** Whether the person approved the tool's calls for the page (`approve(request, { remember: true })`). */
function approvalRemembered(tool: ObservedTool): boolean {
  return tool.kind === 'tool' && hasRememberedApproval(tool.definition().name)
}

/** A tool's state as the inspector shows it. */
function toolState(tool: ObservedTool) {
  return {
    enabled: tool.enabled(),
    registered: tool.isRegistered.value,
    error: tool.error.value?.message ?? null,
    calls: tool.calls.length,
    approvalRemembered: approvalRemembered(tool),
  }
}

function toolTags(tool: ObservedTool): InspectorNodeTag[] {
  const tags: InspectorNodeTag[] = []
  if (tool.kind === 'form')
    tags.push(tag('form', GREY, 'A declarative form (useWebMCPForm)'))
  const { title, annotations } = tool.definition()
  if (title)
    tags.push(tag(title, GREY, 'title: the label user-agent UI shows for the tool'))
  const hints = annotations as WebMCPToolAnnotations | undefined
  if (hints?.consequentialHint)
    tags.push(tag('consequential', AMBER, 'annotations.consequentialHint: real-world or irreversible effects; the agent should ask the person first'))
  if (hints?.debugging)
    tags.push(tag('debugging', GREY, 'annotations.debugging: for developer tooling'))
  if (approvalRemembered(tool))
    tags.push(tag('approved for this page', GREEN, 'The person approved its calls with remember: true: they run unasked until forget(), a reload, or the tool unregisters or changes'))
  if (tool.error.value)
    tags.push(tag('error', RED, `${tool.error.value.name}: ${tool.error.value.message}`))
  else if (!tool.enabled())
    tags.push(tag('disabled', GREY))
  else if (!tool.isRegistered.value)
    tags.push(tag('pending', AMBER, 'Not registered (yet): no ModelContext, or the browser has not yet accepted it'))
  const last = tool.calls[tool.calls.length - 1]
  if (last?.done && !last.ok)
    tags.push(tag(last.code ?? 'failed', RED, 'The last call failed'))
  return tags
}

/** The inspector tree: owners (components, scopes) with their tools, filtered by name or owner. */
export function inspectorTree(app: App, filter = ''): CustomInspectorNode[] {
  const needle = filter.toLowerCase()
  const groups = new Map<string, CustomInspectorNode>()
  for (const tool of observedTools) {
    if (!belongsTo(tool, app))
      continue
    const name = tool.definition().name
    if (needle && ![name, tool.definition().title ?? '', tool.owner.label].some(text => text.toLowerCase().includes(needle)))
      continue
    let group = groups.get(tool.owner.key)
    if (!group)
      groups.set(tool.owner.key, group = { id: `owner:${tool.owner.key}`, label: tool.owner.label, children: [] })
    group.children!.push({ id: tool.id, label: name, tags: toolTags(tool) })
  }
  for (const group of groups.values())
    group.tags = [tag(`${group.children!.length} ${group.children!.length === 1 ? 'tool' : 'tools'}`, GREEN)]
  return [...groups.values()]
}

function callState(call: ToolCallRecord, withArgs = true): Record<string, unknown> {
  return {
    caller: call.caller,
    at: new Date(call.at).toISOString(),
    ...(call.done ? { ok: call.ok, code: call.code ?? 'OK', durationMs: call.ms, textLength: call.textLength } : { running: true }),
    ...(call.error ? { error: call.error } : {}),
    ...(call.confirmation ? { confirmation: call.confirmation } : {}),
    ...(withArgs && call.args !== undefined ? { arguments: call.args } : {}),
  }
}

/** What Run sends, per tool: edited in the inspector's "run" section. */
const drafts = new WeakMap<ObservedTool, { args: string, last?: unknown }>()

function draftOf(tool: ObservedTool): { args: string, last?: unknown } {
  let draft = drafts.get(tool)
  if (!draft)
    drafts.set(tool, draft = { args: '{}' })
  return draft
}

/** The inspector state of one tool, or of an owner's tools. */
export function inspectorState(app: App, nodeId: string): CustomInspectorState {
  const tools = [...observedTools].filter(t => belongsTo(t, app))
  if (nodeId.startsWith('owner:')) {
    const owned = tools.filter(t => `owner:${t.owner.key}` === nodeId)
    return {
      tools: owned.map(t => ({ key: t.definition().name, value: toolState(t) })),
    }
  }
  const tool = tools.find(t => t.id === nodeId)
  if (!tool)
    return {}
  const definition = tool.definition()
  const limits = { ...DEFAULT_BUDGETS, ...tool.settings.limits }
  const problems = checkDefinition(definition, limits)
  const lastDone = [...tool.calls].reverse().find(c => c.done)
  const state: CustomInspectorState = {
    'definition': [
      { key: 'name', value: definition.name },
      { key: 'title', value: definition.title ?? null },
      { key: 'description', value: definition.description },
      { key: 'inputSchema', value: definition.inputSchema ?? null },
      { key: 'outputSchema', value: definition.outputSchema ?? null },
      { key: 'annotations', value: definition.annotations ?? null },
      { key: 'exposedTo', value: definition.exposedTo ?? null },
    ],
    'state': [
      { key: 'kind', value: tool.kind },
      { key: 'owner', value: tool.owner.label },
      { key: 'enabled', value: tool.enabled() },
      { key: 'registered', value: tool.isRegistered.value },
      { key: 'error', value: tool.error.value ? `${tool.error.value.name}: ${tool.error.value.message}` : null },
      { key: 'approval remembered', value: approvalRemembered(tool) },
    ],
    'budgets': [
      { key: 'mode', value: tool.settings.budgets },
      { key: 'name', value: `${[...definition.name].length} / ${limits.name}` },
      { key: 'description', value: `${[...definition.description].length} / ${limits.description}` },
      { key: 'last result text', value: lastDone?.textLength !== undefined ? `${lastDone.textLength} / ${limits.result}` : `- / ${limits.result}` },
      { key: 'problems', value: problems.map(p => p.message) },
    ],
    'recent calls': tool.calls.slice().reverse().map(call => ({ key: `#${call.id} ${call.done ? (call.code ?? 'OK') : call.confirmation === 'waiting' ? 'waiting' : 'running'}`, value: callState(call) })),
  }
  if (tool.run) {
    const draft = draftOf(tool)
    state.run = [
      { key: 'arguments', value: draft.args, editable: true },
      { key: 'last run', value: draft.last ?? null },
    ]
  }
  return state
}

/** Runs a tool from the inspector with its draft arguments, as a call through the call path. */
export async function runFromInspector(app: App, nodeId: string): Promise<unknown> {
  const tool = [...observedTools].find(t => t.id === nodeId && belongsTo(t, app))
  if (!tool?.run)
    return undefined
  const draft = draftOf(tool)
  let args: unknown
  try {
    args = JSON.parse(draft.args)
  }
  catch (error) {
    return (draft.last = `Invalid JSON arguments: ${(error as Error).message}`)
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return (draft.last = 'The arguments must be a JSON object.')
  const response = await callAs(DEVTOOLS_CALLER, () => tool.run!(args as object))
  return (draft.last = response)
}

function timelineEvent(api: DevtoolsPluginApi<Record<string, never>>, event: ObserverEvent): void {
  const name = event.tool.definition().name
  if (event.type === 'confirm') {
    api.addTimelineEvent({
      layerId: TIMELINE_LAYER_ID,
      event: { time: api.now(), title: name, subtitle: 'waiting for the person', logType: 'warning', data: { tool: name, ...callState(event.call) } },
    })
  }
  else if (event.type === 'result') {
    const { call } = event
    // A call that asked says what the person decided.
    const decided = call.confirmation ? `${call.confirmation}, ` : ''
    api.addTimelineEvent({
      layerId: TIMELINE_LAYER_ID,
      event: {
        time: api.now(),
        title: name,
        subtitle: call.ok ? `${decided}${call.ms} ms` : `${call.code} (${decided}${call.ms} ms)`,
        logType: call.ok ? 'default' : 'error',
        data: { tool: name, ...callState(call) },
      },
    })
  }
  else if (event.type !== 'call' && event.type !== 'added') {
    const error = event.tool.error.value
    api.addTimelineEvent({
      layerId: TIMELINE_LAYER_ID,
      event: {
        time: api.now(),
        title: `${event.type}: ${name}`,
        subtitle: event.tool.owner.label,
        logType: event.type === 'failed' ? 'error' : 'default',
        data: { tool: name, owner: event.tool.owner.label, kind: event.tool.kind, ...(error ? { error: `${error.name}: ${error.message}` } : {}) },
      },
    })
  }
}

/** Sets the plugin up once per app, when Vue DevTools is on the page. */
export function setupWebMCPDevtools(app: App): void {
  if (withPlugin.has(app) || !devtoolsPresent())
    return
  withPlugin.add(app)
  // Its generic signature sends TypeScript through the App type without end; the plain one is enough.
  const setup = setupDevtoolsPlugin as (descriptor: PluginDescriptor, fn: (api: DevtoolsPluginApi<Record<string, never>>) => void) => void
  setup({
    id: 'vue-webmcp',
    label: 'WebMCP',
    packageName: 'vue-webmcp',
    app,
    enableEarlyProxy: true,
    componentStateTypes: ['WebMCP tools'],
  }, (api) => {
    api.addInspector({
      id: INSPECTOR_ID,
      label: 'WebMCP',
      icon: 'smart_toy',
      treeFilterPlaceholder: 'Search tools or owners',
      noSelectionText: 'Select a tool to see its definition, state, budgets and recent calls.',
      nodeActions: [{
        icon: 'play_arrow',
        tooltip: 'Run this tool with the JSON in run → arguments',
        action: async (nodeId) => {
          await runFromInspector(app, nodeId)
          api.sendInspectorState(INSPECTOR_ID)
        },
      }],
    })
    api.addTimelineLayer({ id: TIMELINE_LAYER_ID, label: 'WebMCP', color: GREEN })

    api.on.getInspectorTree((payload) => {
      if (payload.app === app && payload.inspectorId === INSPECTOR_ID)
        payload.rootNodes = inspectorTree(app, payload.filter)
    })
    api.on.getInspectorState((payload) => {
      if (payload.app === app && payload.inspectorId === INSPECTOR_ID)
        payload.state = inspectorState(app, payload.nodeId)
    })
    api.on.editInspectorState((payload) => {
      if (payload.app !== app || payload.inspectorId !== INSPECTOR_ID || payload.path[0] !== 'arguments')
        return
      const tool = [...observedTools].find(t => t.id === payload.nodeId)
      if (tool)
        draftOf(tool).args = String(payload.state.value)
    })
    // The component inspector: a "WebMCP tools" section on each component that owns tools.
    api.on.inspectComponent((payload) => {
      if (payload.app !== app)
        return
      const key = `component:${payload.componentInstance?.uid}`
      for (const tool of observedTools) {
        if (tool.owner.key === key) {
          payload.instanceData.state.push({
            type: 'WebMCP tools',
            key: tool.definition().name,
            value: { kind: tool.kind, ...toolState(tool) },
          })
        }
      }
    })

    // One refresh per tick however many tools changed.
    let queued = false
    const refresh = (): void => {
      if (queued)
        return
      queued = true
      queueMicrotask(() => {
        queued = false
        api.sendInspectorTree(INSPECTOR_ID)
        api.sendInspectorState(INSPECTOR_ID)
      })
    }
    const stop = onObserverEvent((event) => {
      if (!belongsTo(event.tool, app))
        return
      timelineEvent(api, event)
      refresh()
    })
    // An approval remembered or forgotten changes the tools' tags.
    const stopApprovals = onApprovalsChange(refresh)
    app.onUnmount(() => {
      stop()
      stopApprovals()
    })
  })
}
