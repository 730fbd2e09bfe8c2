// The benchmark page: Vue and vue-webmcp (dist/), with functions Playwright calls.
import { createApp, defineComponent, effectScope, h, nextTick, onMounted, watch } from 'vue'
import { useWebMCPTool, useWebMCPTools } from 'vue-webmcp'
// The validator chunk itself, to time it alone as well as through a call.
import { validateValue } from 'vue-webmcp/validate'

const mc = document.modelContext
const settle = (ms = 20) => new Promise(r => setTimeout(r, ms))

// The raw baseline: one signal for all 200 (the least code), or one per tool,
// which any code that removes tools one at a time needs.
// A small JSON Schema, a fresh literal per tool as an author writes it.
const smallSchema = () => ({ type: 'object', properties: { q: { type: 'string', description: 'What to look for' }, limit: { type: 'integer', minimum: 1 } }, required: ['q'] })

// `frames` more JS frames under each registerTool call, as a call from deep in Vue has.
function below(frames, call) {
  return frames > 0 ? below(frames - 1, call) : call()
}

async function rawRound(n, prefix, perTool, withSchema = false, frames = 0) {
  const shared = new AbortController()
  const start = performance.now()
  const controllers = []
  await Promise.all(Array.from({ length: n }, (_, i) => {
    const controller = perTool ? new AbortController() : shared
    controllers.push(controller)
    const tool = { name: `${prefix}${i}`, description: 'A tool', execute: () => 'ok' }
    if (withSchema)
      tool.inputSchema = smallSchema()
    const call = () => mc.registerTool(tool, { signal: controller.signal })
    return frames ? below(frames, call) : call()
  }))
  const ms = performance.now() - start
  controllers.forEach(c => c.abort())
  return ms
}

// Built as the raw loop builds its tools: an object spread per tool costs a
// microsecond or two, which would be the page's cost counted as the package's.
function groupTools(n, prefix, withSchema) {
  return Array.from({ length: n }, (_, i) => {
    const tool = { name: `${prefix}${i}`, description: 'A tool', execute: () => 'ok' }
    if (withSchema)
      tool.inputSchema = smallSchema()
    return tool
  })
}

/** Resolves as soon as the group is registered, as Promise.all does for the raw loop. */
function registered(group) {
  return new Promise((resolve) => {
    const stop = watch(group.isRegistered, (done) => {
      if (done) {
        queueMicrotask(() => stop())
        resolve()
      }
    }, { immediate: true })
  })
}

async function groupRound(n, prefix, withSchema = false) {
  const scope = effectScope()
  const start = performance.now()
  const group = scope.run(() => useWebMCPTools(groupTools(n, prefix, withSchema)))
  await registered(group)
  const ms = performance.now() - start
  scope.stop()
  return ms
}

// As most apps have them: tools of a component, from app.mount() on. The raw loop runs in the
// component's mounted hook, where a component's tools register.
async function rawComponentRound(n, prefix) {
  const controllers = []
  let all
  const app = createApp(defineComponent({
    setup() {
      onMounted(() => {
        all = Promise.all(Array.from({ length: n }, (_, i) => {
          const controller = new AbortController()
          controllers.push(controller)
          return mc.registerTool({ name: `${prefix}${i}`, description: 'A tool', execute: () => 'ok' }, { signal: controller.signal })
        }))
      })
      return () => h('div')
    },
  }))
  const start = performance.now()
  app.mount(document.getElementById('app'))
  await all
  const ms = performance.now() - start
  app.unmount()
  controllers.forEach(c => c.abort())
  return ms
}

async function groupComponentRound(n, prefix) {
  let group
  const app = createApp(defineComponent({
    setup() {
      group = useWebMCPTools(groupTools(n, prefix, false))
      return () => h('div')
    },
  }))
  const start = performance.now()
  app.mount(document.getElementById('app'))
  await registered(group)
  const ms = performance.now() - start
  app.unmount()
  return ms
}

const registrationKinds = {
  raw: (n, r) => rawRound(n, `raw${r}_`, false),
  rawPerTool: (n, r) => rawRound(n, `rawp${r}_`, true),
  // The signal-per-tool loop with 19 more frames under each call: what a deeper stack costs each
  // registerTool call in a page a DevTools client drives.
  rawPerToolDeep: (n, r) => rawRound(n, `rawd${r}_`, true, false, 19),
  // The signal-per-tool loop again: how far two runs of the same code read apart, the method's own spread.
  rawPerToolTwin: (n, r) => rawRound(n, `rawt${r}_`, true),
  group: (n, r) => groupRound(n, `grp${r}_`),
  rawSchema: (n, r) => rawRound(n, `raws${r}_`, true, true),
  groupSchema: (n, r) => groupRound(n, `grps${r}_`, true),
  rawComponent: (n, r) => rawComponentRound(n, `rawc${r}_`),
  groupComponent: (n, r) => groupComponentRound(n, `grpc${r}_`),
}

/** `rounds` rounds of every kind named (all but the deep loop by default), each registering `n` tools. */
async function registration(n, rounds, names = ['raw', 'rawPerTool', 'group', 'rawSchema', 'groupSchema', 'rawComponent', 'groupComponent']) {
  for (let w = 0; w < 3; w++) {
    for (const kind of names)
      await registrationKinds[kind](n, `warm${w}`)
  }
  await settle(50)
  const out = []
  for (let r = 0; r < rounds; r++) {
    // Rotate the order so no kind always runs first.
    const order = [...names]
    for (let k = 0; k < r % order.length; k++) order.push(order.shift())
    const round = {}
    for (const kind of order) {
      // A collection between kinds, so none pays for another's garbage.
      globalThis.gc?.()
      await settle()
      round[kind] = await registrationKinds[kind](n, r)
    }
    out.push(round)
  }
  return out
}

/** Two tools set up in `scope`, one without a schema and one with a small JSON Schema; the page's tools, listed once both are registered. */
async function composableTools(scope, plainName, checkedName) {
  const [plain, checked] = scope.run(() => [
    useWebMCPTool({ name: plainName, description: 'composable', execute: () => ({ ok: true }) }),
    useWebMCPTool({ name: checkedName, description: 'validated', inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer', minimum: 0 } }, required: ['q'] }, execute: () => ({ ok: true }) }),
  ])
  while (!plain.isRegistered.value || !checked.isRegistered.value)
    await settle(1)
  return mc.getTools()
}

async function calls(n) {
  const controller = new AbortController()
  await mc.registerTool({ name: 'raw_call', description: 'raw', execute: () => ({ content: [{ type: 'text', text: '{"ok":true}' }] }) }, { signal: controller.signal })
  await mc.registerTool({ name: 'raw_async', description: 'raw', execute: async () => ({ content: [{ type: 'text', text: '{"ok":true}' }] }) }, { signal: controller.signal })
  const scope = effectScope()
  const tools = await composableTools(scope, 'vue_call', 'vue_valid')
  const get = name => tools.find(t => t.name === name)
  const [raw, rawAsync, vue, valid] = [get('raw_call'), get('raw_async'), get('vue_call'), get('vue_valid')]
  const args = { q: 'x', n: 1 }
  await mc.executeTool(vue, {}) // loads the call pipeline
  await mc.executeTool(valid, args) // and the validator
  // Batches of 10 calls, so the timer's resolution (5 µs cross-origin
  // isolated, 100 µs otherwise) stays far below what is measured.
  const BATCH = 10
  const time = async (tool, input) => {
    const t = performance.now()
    for (let i = 0; i < BATCH; i++)
      await mc.executeTool(tool, input)
    return (performance.now() - t) / BATCH
  }
  const kinds = [['raw', raw], ['rawAsync', rawAsync], ['composable', vue], ['validated', valid]]
  const rounds = []
  for (let i = 0; i < n / BATCH; i++) {
    // Rotate the order so no kind always runs first.
    const round = {}
    for (let k = 0; k < kinds.length; k++) {
      const [kind, tool] = kinds[(i + k) % kinds.length]
      round[kind] = await time(tool, args)
    }
    rounds.push(round)
  }
  scope.stop()
  controller.abort()
  return rounds
}

// The method (#41): rounds of `perRound` calls of each kind, in turn, against a raw tool
// returning a plain object, as a page's own tool most often does. Per call, in ms, for each round.
async function callsByRound(rounds, perRound) {
  const controller = new AbortController()
  await mc.registerTool({ name: 'raw_plain', description: 'raw', execute: () => ({ ok: true }) }, { signal: controller.signal })
  // The same raw tool again: how far this method reads apart two tools that cost the same.
  await mc.registerTool({ name: 'raw_twin', description: 'raw', execute: () => ({ ok: true }) }, { signal: controller.signal })
  const scope = effectScope()
  const tools = await composableTools(scope, 'vue_plain', 'vue_checked')
  const kinds = [['raw', 'raw_plain'], ['twin', 'raw_twin'], ['composable', 'vue_plain'], ['validated', 'vue_checked']].map(([kind, name]) => [kind, tools.find(t => t.name === name)])
  const args = { q: 'x', n: 1 }
  for (const [, tool] of kinds) {
    for (let i = 0; i < 20; i++)
      await mc.executeTool(tool, args) // loads the call path and the validator, and warms the JIT
  }
  const out = []
  for (let r = 0; r < rounds; r++) {
    const round = {}
    for (let k = 0; k < kinds.length; k++) {
      const [kind, tool] = kinds[(r + k) % kinds.length]
      const t = performance.now()
      for (let i = 0; i < perRound; i++)
        await mc.executeTool(tool, args)
      round[kind] = (performance.now() - t) / perRound
    }
    out.push(round)
  }
  scope.stop()
  controller.abort()
  return out
}

/** `runs` runs of `callsByRound`, one after another in this page. */
async function callRuns(runs, rounds, perRound) {
  const out = []
  for (let i = 0; i < runs; i++)
    out.push(await callsByRound(rounds, perRound))
  return out
}

const ThreeTools = defineComponent({
  setup() {
    for (const name of ['cycle_a', 'cycle_b', 'cycle_c'])
      useWebMCPTool({ name, description: 'A tool of a short-lived component', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, execute: () => 'ok' })
    return () => h('div')
  },
})

async function cycles(n) {
  const host = document.getElementById('app')
  for (let i = 0; i < n; i++) {
    const app = createApp(ThreeTools)
    app.mount(host)
    app.unmount()
    if (i % 500 === 0)
      await nextTick()
  }
  await settle(200)
  return (await mc.getTools()).filter(t => t.name.startsWith('cycle_')).length
}

// Arguments an agent can send, each against a tool with a schema and one without: the longest
// main-thread stall while the call runs (a timer probe's longest gap), and the validator alone.
function nest(depth) {
  let value = {}
  for (let i = 0; i < depth; i++)
    value = { child: value }
  return value
}
const ARGUMENT_CASES = [
  ['50,000-item uniqueItems', { type: 'object', properties: { ids: { type: 'array', uniqueItems: true, items: { type: 'integer' } } } }, () => ({ ids: Array.from({ length: 50_000 }, (_, i) => i) })],
  ['5,000-deep recursive data', { $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' }, () => nest(5_000)],
  ['100,000 keys', { type: 'object', additionalProperties: { type: 'integer' } }, () => Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))],
  ['10 MB string', { type: 'object', properties: { text: { type: 'string', maxLength: 20_000_000, pattern: '^[a-z]+$' } } }, () => ({ text: 'x'.repeat(10_000_000) })],
]

async function longestStall(work) {
  let running = true
  let last = performance.now()
  let longest = 0
  const probe = () => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    if (running)
      setTimeout(probe, 0)
  }
  setTimeout(probe, 0)
  await settle(30)
  longest = 0
  const start = performance.now()
  const result = await work()
  const ms = performance.now() - start
  await settle(30)
  running = false
  return { ms, stall: longest, result }
}

async function argumentCases(rounds) {
  const scope = effectScope()
  const tools = scope.run(() => ARGUMENT_CASES.flatMap(([, schema], i) => [
    useWebMCPTool({ name: `args_schema_${i}`, description: 'with a schema', inputSchema: schema, execute: () => 'ok' }),
    useWebMCPTool({ name: `args_plain_${i}`, description: 'without a schema', execute: () => 'ok' }),
  ]))
  while (!tools.every(t => t.isRegistered.value))
    await settle(1)
  const registered = await mc.getTools()
  const out = []
  for (const [i, [label, schema, make]] of ARGUMENT_CASES.entries()) {
    const value = make()
    const row = { label, validator: [], schema: [], plain: [], code: '' }
    for (let r = 0; r < rounds; r++) {
      globalThis.gc?.()
      const t = performance.now()
      const problems = validateValue(value, schema)
      row.validator.push(performance.now() - t)
      row.problem = problems[0]?.message ?? 'valid'
      for (const [kind, name] of [['schema', `args_schema_${i}`], ['plain', `args_plain_${i}`]]) {
        globalThis.gc?.()
        const tool = registered.find(t => t.name === name)
        // Chromium hands the page no arguments nested past about 100 levels: the call never settles.
        const { stall, ms, result } = await longestStall(() => Promise.race([mc.executeTool(tool, value), settle(10_000).then(() => 'no answer in 10 s')]))
        row[kind].push({ stall, ms })
        if (kind === 'schema')
          row.code = typeof result === 'string' && result.startsWith('{') ? (JSON.parse(result)._meta?.['vue-webmcp/code'] ?? 'ok') : result
      }
    }
    out.push(row)
  }
  scope.stop()
  return out
}

// Agent calls with large arguments to a component's tool, which development
// builds observe (Vue DevTools, the debugging tools): the heap after them shows
// what the call records keep. The app stays mounted, so its records stay too.
let bigArgsTool
async function bigArgsSetup() {
  const app = createApp(defineComponent({
    setup() {
      useWebMCPTool({ name: 'big_args', description: 'Takes text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, execute: () => 'ok' })
      return () => h('div')
    },
  }))
  app.mount(document.getElementById('app'))
  for (;;) {
    bigArgsTool = (await mc.getTools()).find(t => t.name === 'big_args')
    if (bigArgsTool)
      break
    await settle(5)
  }
  await mc.executeTool(bigArgsTool, { text: 'warm up' }) // loads the call path
}
async function bigArgsCalls(n, bytes) {
  for (let i = 0; i < n; i++)
    await mc.executeTool(bigArgsTool, { text: String(i % 10).repeat(bytes) })
}

window.bench = { ready: true, registration, calls, callRuns, cycles, argumentCases, bigArgsSetup, bigArgsCalls }

// Opened as /?run=NAME&args=[...] (no DevTools client attached): run one
// benchmark and send its figures back to the server.
const query = new URLSearchParams(location.search)
if (query.has('run')) {
  const name = query.get('run')
  setTimeout(async () => {
    const figures = await window.bench[name](...JSON.parse(query.get('args')))
    await fetch(`/report/${name}`, { method: 'POST', body: JSON.stringify(figures) })
  }, 200)
}
