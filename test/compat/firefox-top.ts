// The compat-firefox lane's first setup file. Vitest runs each test file in an iframe, and Firefox
// ESR 153's ModelContext works only in the top window: a frame's own `navigator.modelContext`
// refuses `registerTool` with NotAllowedError ("can only be used on the top window") and lists
// nothing. A page users ship is the top window, so the lane points the test frame's
// `navigator.modelContext` at the top window's (same origin), and the package and the tests meet
// Firefox's context as that page does. What a frame's own context does is asserted in
// test/contract/modelContext.test.ts.
import { FIREFOX_FRAME_CONTEXT } from '../lane'

const top = window.top as (Window & typeof globalThis) | null
if (!top || top === window)
  throw new Error('compat-firefox: expected to run in Vitest\'s test iframe under a same-origin top window')
const topContext = (top.navigator as { modelContext?: unknown }).modelContext
if (!topContext)
  throw new Error('compat-firefox: the top window has no navigator.modelContext: Firefox must run with dom.modelcontext.enabled (scripts/firefox.mjs)')

const frameContext = (navigator as { modelContext?: unknown }).modelContext
Object.assign(globalThis, { [FIREFOX_FRAME_CONTEXT]: frameContext })
Object.defineProperty(navigator, 'modelContext', { configurable: true, get: () => topContext })
