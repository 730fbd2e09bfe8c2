import type { Component } from 'vue'
import { mount } from '@vue/test-utils'
import { defineComponent, h } from 'vue'

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

/** Counts `toolchange` events on `mc` until `stop()`. */
export function countToolChanges(mc: EventTarget) {
  let count = 0
  const listener = () => count++
  mc.addEventListener('toolchange', listener)
  return { get count() { return count }, stop: () => mc.removeEventListener('toolchange', listener) }
}

/** Resolves once `check` passes, polling; fails with the last error after `ms`. */
export async function until(check: () => unknown, ms = 3000): Promise<void> {
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
