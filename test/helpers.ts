import type { Component } from 'vue'
import type { WebMCPConfig } from '../src'
import { mount } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import { WEBMCP_CONFIG } from '../src'

/** Mounts a component whose setup runs `setup`, and returns what it returned. */
export function withSetup<T>(setup: () => T, options: { provide?: Record<string | symbol, unknown> } = {}) {
  let result!: T
  const Comp: Component = defineComponent({
    setup() {
      result = setup()
      return () => h('div')
    },
  })
  const wrapper = mount(Comp, { global: { provide: options.provide as Record<symbol, unknown> }, attachTo: document.body })
  return { result, wrapper, unmount: () => wrapper.unmount() }
}

/**
 * A suite's `mounted(setup, config?)`: runs `setup` in a mounted component,
 * with `config` provided as WEBMCP_CONFIG, and leaves the unmount to the
 * suite's cleanups (laneSuite's), so a test can end without it.
 */
export function mountingInto(cleanups: (() => void)[]) {
  return function mounted<T>(setup: () => T, config?: WebMCPConfig): T {
    const m = withSetup(setup, config ? { provide: { [WEBMCP_CONFIG]: config } } : {})
    cleanups.push(m.unmount)
    return m.result
  }
}

/**
 * Counts the package's `registerTool` calls. They happen synchronously with the
 * package's own work, so, unlike `toolchange` events (which a browser delivers
 * later, in a task of its own), a count read after `nextTick()` is final:
 * "nothing was re-registered" needs no sleep. `settled()` resolves once every
 * registration counted so far has settled, after the package's own handlers
 * (attached first) have run.
 */
export function countRegistrations(mc: WebMCP.ModelContext) {
  const results: unknown[] = []
  const names: string[] = []
  const original = mc.registerTool
  const own = Object.hasOwn(mc, 'registerTool')
  mc.registerTool = function (this: WebMCP.ModelContext, ...args: Parameters<typeof original>) {
    names.push(args[0].name)
    results.push(undefined) // counted even when it throws (Chromium 150 refuses synchronously)
    const result = original.apply(this, args)
    results[results.length - 1] = result
    return result
  } as typeof original
  return {
    get count() { return results.length },
    /** The names of the tools passed, in order. */
    names,
    async settled(): Promise<void> {
      await Promise.allSettled(results)
    },
    stop() {
      if (own)
        mc.registerTool = original
      else
        delete (mc as Partial<WebMCP.ModelContext>).registerTool
    },
  }
}

/**
 * Resolves once `check` passes, polling; fails with the last error after `ms`.
 * The deadline only bounds a hang: a condition met in milliseconds on an idle
 * machine can take seconds on two loaded cores, so it is generous.
 */
export async function until(check: () => unknown, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  let last: unknown
  while (Date.now() < end) {
    try {
      if (await check())
        return
    }
    catch (error) {
      last = error
    }
    await new Promise(r => setTimeout(r, 10))
  }
  throw last ?? new Error('condition not met in time')
}

/** `Promise.withResolvers()`, which Node 20 lacks. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => { resolve = r })
  return { promise, resolve }
}

/**
 * A by-name context that keeps its tools and lets a test call `execute` with an
 * object of its own, as Firefox's `invokeTool` does (it hands the page the
 * caller's object).
 */
export function byObjectContext() {
  const tools = new Map<string, WebMCP.ModelContextTool>()
  const modelContext = {
    registerTool: (tool: WebMCP.ModelContextTool) => void tools.set(tool.name, tool),
    unregisterTool: (name: string) => void tools.delete(name),
  }
  const call = (name: string, args: object) => (tools.get(name)!.execute as (a: object, o: object) => Promise<unknown>)(args, {})
  return { document: { modelContext } as unknown as Document, tools, call }
}
/**
 * Calls a tool 60 times with `{ amount: 5 }`, the caller setting `amount` to
 * 1,000,000 on its own object after 0, 1, ... 59 microtasks: a caller that
 * kept the object it passed, changing it at every point of the call.
 */
export async function callChangingArgumentsMidway(call: (args: { amount: number }) => Promise<unknown>): Promise<void> {
  for (let ticks = 0; ticks < 60; ticks++) {
    const args = { amount: 5 }
    const running = call(args)
    let chain = Promise.resolve()
    for (let i = 0; i < ticks; i++)
      chain = chain.then(() => {})
    void chain.then(() => { args.amount = 1_000_000 })
    await running
  }
}
