// The comparison page: one Vue app whose child components each register one
// tool, with vue-webmcp's useWebMCPTool or VueUse 15's useWebMCP (`?lib=`).
// scripts/compare-vueuse.mjs drives it through Playwright: it shows and hides
// components, calls tools as an agent, and reads what the app saw.
import { useWebMCP } from '@vueuse/core'
import { createApp, defineComponent, h, onUnmounted, reactive } from 'vue'
import { useWebMCPTool } from 'vue-webmcp'

const lib = new URLSearchParams(location.search).get('lib')
if (lib !== 'vue-webmcp' && lib !== 'vueuse')
  throw new Error(`unknown ?lib=${lib}`)

function describe(error) {
  return error && typeof error === 'object'
    ? { name: error.name, message: error.message }
    : { name: typeof error, message: String(error) }
}

const log = {
  /** Every registerTool call: the name, and how its promise ended (null while pending). */
  registerCalls: [],
  /** Every execute call: which component's tool ran, with what arguments. */
  executions: [],
  unhandledRejections: [],
  pageErrors: [],
  /** Components unmounted while a registerTool call for their tool was still pending. */
  unmountedWhilePending: [],
}
addEventListener('unhandledrejection', event => log.unhandledRejections.push(describe(event.reason)))
addEventListener('error', event => log.pageErrors.push(describe(event.error ?? event.message)))

// Records each registerTool call and when its promise settles. The promise a
// library gets mirrors the browser's (same value, same rejection reason); if
// the library leaves it unhandled, the page still gets the unhandledrejection.
const mc = document.modelContext
if (mc) {
  const registerTool = mc.registerTool
  mc.registerTool = function (tool, options) {
    const call = { name: tool?.name, outcome: null }
    log.registerCalls.push(call)
    let result
    try {
      result = registerTool.call(this, tool, options)
    }
    catch (error) { // Chromium 150 throws where 156 rejects
      call.outcome = { settled: 'threw', ...describe(error) }
      throw error
    }
    if (!result || typeof result.then !== 'function') {
      call.outcome = { settled: 'returned', value: String(result) }
      return result
    }
    return new Promise((resolve, reject) => result.then(
      (value) => {
        call.outcome = { settled: 'resolved' }
        resolve(value)
      },
      (error) => {
        call.outcome = { settled: 'rejected', ...describe(error) }
        reject(error)
      },
    ))
  }
}

const SCHEMAS = {
  task: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      priority: { type: 'integer', minimum: 1, maximum: 5 },
    },
    required: ['title'],
    additionalProperties: false,
  },
}

/** The same options for both libraries: a name, a description, maybe a schema, an execute. */
function useTool(key, { name, kind, schema }) {
  const options = {
    name,
    description: `Test tool ${name}, registered by component "${key}".`,
    inputSchema: schema ? SCHEMAS[schema] : undefined,
    execute(args) {
      log.executions.push({ key, name, args: JSON.parse(JSON.stringify(args ?? null)) })
      if (kind === 'throw')
        throw new Error('boom')
      return { ranBy: key }
    },
  }
  return lib === 'vueuse' ? useWebMCP(options) : useWebMCPTool(options)
}

const shown = reactive(new Map()) // key -> tool spec
const states = new Map() // key -> what the composable returned

const ToolHost = defineComponent({
  props: { toolKey: String, spec: Object },
  setup(props) {
    const state = useTool(props.toolKey, props.spec)
    states.set(props.toolKey, state)
    onUnmounted(() => {
      const pending = log.registerCalls.filter(c => c.name === props.spec.name && !c.outcome)
      if (pending.length)
        log.unmountedWhilePending.push({ key: props.toolKey, pending: pending.length })
    })
    return () => null
  },
})

createApp({
  render: () => [...shown].map(([key, spec]) => h(ToolHost, { key, toolKey: key, spec })),
}).mount(document.body.appendChild(document.createElement('div')))

function stateOf(key) {
  const state = states.get(key)
  return state && {
    mounted: shown.has(key),
    isSupported: state.isSupported.value,
    isRegistered: state.isRegistered.value,
    error: state.error.value ? describe(state.error.value) : null,
  }
}

async function snapshot() {
  const tools = mc ? (await mc.getTools()).map(t => t.name) : []
  return JSON.stringify({
    tools,
    states: [...states.keys()].map(stateOf),
    counts: Object.values(log).map(list => list.length),
    pending: log.registerCalls.filter(c => !c.outcome).length,
  })
}

window.compare = {
  lib,
  show(key, spec) {
    shown.set(key, spec)
  },
  hide(key) {
    shown.delete(key)
  },
  /** Shows the component and hides it in the microtask after its first registerTool call returns. */
  showAndHideOnRegister(key, spec) {
    const calls = log.registerCalls.length
    const original = mc.registerTool
    mc.registerTool = function (...args) {
      const result = original.apply(this, args)
      if (log.registerCalls.length > calls) {
        mc.registerTool = original
        queueMicrotask(() => shown.delete(key))
      }
      return result
    }
    shown.set(key, spec)
  },
  state: stateOf,
  log: () => JSON.parse(JSON.stringify(log)),
  pageTools: async () => (await mc.getTools()).map(t => t.name),
  /**
   * Resolves once nothing the page can observe changes for 5 polls in a row
   * (50 ms apart) and no registerTool promise is pending; gives up after 10 s.
   */
  async quiet() {
    let last = ''
    let same = 0
    const deadline = performance.now() + 10_000
    while (performance.now() < deadline) {
      await new Promise(resolve => setTimeout(resolve, 50))
      const now = await snapshot()
      same = now === last && !JSON.parse(now).pending ? same + 1 : 0
      last = now
      if (same >= 5)
        return true
    }
    return false
  },
}
