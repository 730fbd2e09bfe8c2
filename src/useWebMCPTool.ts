import type { MaybeRefOrGetter, Ref } from 'vue'
import type { InferToolArgs, WebMCPToolAnnotations, WebMCPToolExecuteOptions } from './types'
import { computed, getCurrentInstance, onMounted, onScopeDispose, shallowRef, toValue, watch } from 'vue'
import { checkDefinition as syncCheckDefinition } from './core/definitionBudgets'
import { isDev } from './core/env'

declare const process: { env: Record<string, string | undefined> }
import { callSettings, resolveConfig, warnOnce } from './config'
import { useIsSupported, useModelContext } from './internal/modelContext'
import { runToolCall } from './internal/pipeline'
import { definitionKey } from './internal/stableKey'

export interface UseWebMCPToolOptions<Args = Record<string, unknown>, Result = unknown> {
  /** Tool identifier the agent sees. 1-128 characters of `[a-zA-Z0-9_.-]`; Chrome's guidance is at most 30. */
  name: MaybeRefOrGetter<string>
  /** Human-readable label for user-agent UI. Agents reason over `name` and `description`. */
  title?: MaybeRefOrGetter<string | null | undefined>
  /** Natural-language description for the agent. Chrome's guidance: under 500 characters. */
  description: MaybeRefOrGetter<string>
  /** JSON Schema for the tool arguments. Compared by content, not identity. */
  inputSchema?: MaybeRefOrGetter<object | undefined>
  annotations?: MaybeRefOrGetter<WebMCPToolAnnotations | undefined>
  /**
   * Secure origins (an iframe-hosted agent, say) that may discover and call the
   * tool, besides the registering page, its same-origin frames and the browser's agent.
   */
  exposedTo?: MaybeRefOrGetter<readonly string[] | undefined>
  /**
   * Runs when the agent invokes the tool. Read at call time: swapping it never
   * re-registers the tool. `options.signal` aborts when the caller cancels, the
   * call times out, or the scope ends: hand it to `fetch` and other cancellable work.
   */
  execute: (args: Args, options: WebMCPToolExecuteOptions) => Result | Promise<Result>
  /** Register only while true. A ref or getter is followed reactively. */
  enabled?: MaybeRefOrGetter<boolean>
  /** Optional shaper applied to the result before MCP normalization. */
  formatOutput?: (result: Result, args: Args) => unknown
  /** Side effect when `execute` throws or returns an `Error`; the agent still gets an `isError` result. */
  onError?: (error: unknown) => void
  /** Check arguments against `inputSchema` before `execute`. Default: `WEBMCP_CONFIG.validateArgs`, else `true`. */
  validateArgs?: boolean
  /** Time limit for one call in milliseconds; on expiry `signal` aborts with a `TimeoutError`. */
  timeoutMs?: number
}

export interface UseWebMCPToolReturn {
  /** A modelContext API exists here. Flips to true if it is injected late. */
  isSupported: Readonly<Ref<boolean>>
  /** The tool is registered with the browser (its `registerTool` promise resolved). */
  isRegistered: Readonly<Ref<boolean>>
  /** Registration failure, such as `NotAllowedError` from a `tools` Permissions Policy. */
  error: Readonly<Ref<Error | null>>
}

/** Tool options whose `execute` arguments are inferred from a literal `inputSchema`. */
export type UseWebMCPToolOptionsFromSchema<Schema extends object, Result = unknown>
  = Omit<UseWebMCPToolOptions<InferToolArgs<Schema>, Result>, 'inputSchema'> & { inputSchema: Schema }

/** Raised for a definition the budgets refuse in `'error'` mode. */
export class WebMCPDefinitionError extends Error {
  override name = 'WebMCPDefinitionError'
}

interface Registration {
  controller: AbortController
  key: string
  modelContext: WebMCP.ModelContext
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason))
}

/**
 * Registers a WebMCP tool and ties its lifetime to the current component or
 * effect scope, so the tools an agent sees match what is on screen.
 * Feature-detects the API and does nothing where it is absent, SSR included.
 */
export function useWebMCPTool<const Schema extends object, Result = unknown>(options: UseWebMCPToolOptionsFromSchema<Schema, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn
export function useWebMCPTool<Args = Record<string, unknown>, Result = unknown>(options: UseWebMCPToolOptions<Args, Result>): UseWebMCPToolReturn {
  const resolved = resolveConfig()
  const settings = callSettings(resolved, options)
  const modelContext = useModelContext()
  const isSupported = useIsSupported()
  const isRegistered = shallowRef(false)
  const error = shallowRef<Error | null>(null)

  // Calls still running; the scope's end aborts them. Most tools are never
  // called, so nothing is allocated for this until a call starts.
  const running = new Set<AbortController>()

  // What the agent sees, normalized to plain data. `key` changes only when content does.
  const definition = computed(() => {
    const title = toValue(options.title)
    const inputSchema = toValue(options.inputSchema)
    const annotations = toValue(options.annotations)
    const exposedTo = toValue(options.exposedTo)
    const tool = {
      name: toValue(options.name),
      description: toValue(options.description),
      ...(title ? { title } : {}),
      ...(inputSchema ? { inputSchema: JSON.parse(JSON.stringify(inputSchema)) as object } : {}),
      ...(annotations ? { annotations: { ...annotations } } : {}),
    }
    return { tool, exposedTo: exposedTo ? [...exposedTo] : undefined, key: definitionKey(tool, exposedTo) }
  })

  // The definition checks. Development builds check synchronously, so 'error'
  // mode can throw at setup; production builds load them only when budgets
  // are switched on explicitly, and bundlers drop them otherwise.
  const checkDefinition = shallowRef<typeof import('./core/definitionBudgets').checkDefinition | undefined>(
    process.env.NODE_ENV !== 'production' ? syncCheckDefinition : undefined,
  )
  if (!checkDefinition.value && resolved.budgets !== false)
    void import('./internal/lazyDefinitions').then(m => (checkDefinition.value = m.checkDefinition))

  // Budget problems of the current definition; in 'error' mode they block
  // registration. With budgets off (production's default) none of this exists.
  const blocked = resolved.budgets === false
    ? undefined
    : computed<Error | null>(() => {
        if (!checkDefinition.value)
          return null
        const problems = checkDefinition.value(definition.value.tool, resolved.limits)
        if (!problems.length)
          return null
        if (resolved.budgets === 'warn') {
          problems.forEach(p => warnOnce(p.message))
          return null
        }
        return new WebMCPDefinitionError(problems.map(p => p.message).join('\n'))
      })
  if (blocked?.value && isDev)
    throw blocked.value
  // In 'error' mode nothing registers before the checks have run.
  const checked = resolved.budgets === 'error' ? computed(() => !!checkDefinition.value) : undefined

  const instance = getCurrentInstance()
  const ready = shallowRef(!instance || instance.isMounted)

  let current: Registration | undefined

  function unregister(): void {
    current?.controller.abort()
    current = undefined
    isRegistered.value = false
  }

  function sync(): void {
    const mc = modelContext.value
    const wanted = ready.value && !!mc && (checked?.value ?? true) && toValue(options.enabled) !== false
    const block = wanted ? (blocked?.value ?? null) : null
    const key = wanted && !block ? definition.value.key : undefined
    if (current && current.key === key && current.modelContext === mc)
      return
    unregister()
    error.value = block
    if (!key || !mc)
      return

    const { tool, exposedTo } = definition.value
    const controller = new AbortController()
    const registration: Registration = { controller, key, modelContext: mc }
    current = registration
    const call = {
      name: tool.name,
      settings,
      inputSchema: tool.inputSchema,
      execute: (args: Args, signal: AbortSignal) => options.execute(args, { signal }),
      formatOutput: (result: Result, args: Args) => (options.formatOutput ? options.formatOutput(result, args) : result),
      onError: (e: unknown) => options.onError?.(e),
      signals: [] as (AbortSignal | undefined)[],
    }
    const descriptor = {
      ...tool,
      execute: async (args: object, callOptions?: WebMCPToolExecuteOptions) => {
        const owner = new AbortController()
        running.add(owner)
        try {
          const outcome = await runToolCall({ ...call, signals: [callOptions?.signal, owner.signal] }, (args ?? {}) as Args)
          return outcome.response
        }
        finally {
          running.delete(owner)
        }
      },
    }
    const settle = (failure?: unknown) => {
      if (current !== registration)
        return // superseded while pending: its AbortError is expected
      if (failure === undefined) {
        isRegistered.value = true
      }
      else {
        error.value = toError(failure)
        isRegistered.value = false
      }
    }
    try {
      mc.registerTool(descriptor as WebMCP.ModelContextTool, { signal: controller.signal, ...(exposedTo ? { exposedTo } : {}) })
        .then(() => settle(), (reason: unknown) => settle(reason ?? new Error('registerTool failed')))
    }
    catch (reason) {
      // A polyfill may throw instead of rejecting.
      settle(reason ?? new Error('registerTool failed'))
    }
  }

  watch([modelContext, ready, () => toValue(options.enabled) !== false, () => definition.value.key, () => checked?.value, () => blocked?.value], sync, { immediate: true })
  if (!ready.value) {
    // Register in the mounted hook itself, not a flush later, so the agent sees
    // the tool as soon as the component is on screen.
    onMounted(() => {
      ready.value = true
      sync()
    })
  }

  onScopeDispose(() => {
    for (const owner of running)
      owner.abort(new DOMException('The component that owns this tool was unmounted.', 'AbortError'))
    unregister()
  })

  return { isSupported, isRegistered, error }
}
