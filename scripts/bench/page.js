// The benchmark page: Vue and vue-webmcp (dist/), with functions Playwright calls.
import { createApp, defineComponent, effectScope, h, nextTick, watch } from 'vue'
import { useWebMCPTool, useWebMCPTools } from 'vue-webmcp'

const mc = document.modelContext
const settle = (ms = 20) => new Promise(r => setTimeout(r, ms))

// The raw baseline: one signal for all 200 (the least code), or one per tool,
// which any code that removes tools one at a time needs.
async function rawRound(n, prefix, perTool) {
  const shared = new AbortController()
  const start = performance.now()
  const controllers = []
  await Promise.all(Array.from({ length: n }, (_, i) => {
    const controller = perTool ? new AbortController() : shared
    controllers.push(controller)
    return mc.registerTool({ name: `${prefix}${i}`, description: 'A tool', execute: () => 'ok' }, { signal: controller.signal })
  }))
  const ms = performance.now() - start
  controllers.forEach(c => c.abort())
  return ms
}

async function groupRound(n, prefix) {
  const scope = effectScope()
  const start = performance.now()
  const group = scope.run(() => useWebMCPTools(Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, description: 'A tool', execute: () => 'ok' }))))
  // Resolves as soon as the group is registered, as Promise.all does for the raw loop.
  await new Promise((resolve) => {
    const stop = watch(group.isRegistered, (done) => {
      if (done) {
        queueMicrotask(() => stop())
        resolve()
      }
    }, { immediate: true })
  })
  const ms = performance.now() - start
  scope.stop()
  return ms
}

async function registration(n, rounds) {
  for (let w = 0; w < 3; w++) {
    await rawRound(n, `warm_raw${w}_`, false)
    await rawRound(n, `warm_rawp${w}_`, true)
    await groupRound(n, `warm_grp${w}_`)
  }
  await settle(50)
  const out = []
  const kinds = {
    raw: r => rawRound(n, `raw${r}_`, false),
    rawPerTool: r => rawRound(n, `rawp${r}_`, true),
    group: r => groupRound(n, `grp${r}_`),
  }
  for (let r = 0; r < rounds; r++) {
    // Rotate the order so no kind always runs first.
    const order = Object.keys(kinds)
    for (let k = 0; k < r % order.length; k++) order.push(order.shift())
    const round = {}
    for (const kind of order) {
      // A collection between kinds, so none pays for another's garbage.
      globalThis.gc?.()
      await settle()
      round[kind] = await kinds[kind](r)
    }
    out.push(round)
  }
  return out
}

async function calls(n) {
  const controller = new AbortController()
  await mc.registerTool({ name: 'raw_call', description: 'raw', execute: () => ({ content: [{ type: 'text', text: '{"ok":true}' }] }) }, { signal: controller.signal })
  await mc.registerTool({ name: 'raw_async', description: 'raw', execute: async () => ({ content: [{ type: 'text', text: '{"ok":true}' }] }) }, { signal: controller.signal })
  const scope = effectScope()
  const [plain, validated] = scope.run(() => [
    useWebMCPTool({ name: 'vue_call', description: 'composable', execute: () => ({ ok: true }) }),
    useWebMCPTool({ name: 'vue_valid', description: 'validated', inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer', minimum: 0 } }, required: ['q'] }, execute: () => ({ ok: true }) }),
  ])
  while (!plain.isRegistered.value || !validated.isRegistered.value)
    await settle(1)
  const tools = await mc.getTools()
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

window.bench = { ready: true, registration, calls, cycles }

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
