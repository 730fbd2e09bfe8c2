import type { Theme } from 'vitepress'
import DefaultTheme from 'vitepress/theme'
import { WEBMCP_CONFIG } from 'vue-webmcp'
import { recordCall } from '../../../playground/src/callLog'
import { ensureModelContext } from '../../demos/context'
import '../../../playground/src/style.css' // scoped to .webmcp-demo by the site's Vite config
import './demo.css'
import './site.css'

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    // The demos' tools, as the playground's: over-budget answers refused, every call in the log.
    app.provide(WEBMCP_CONFIG, { budgets: 'error', timeoutMs: 5000, includeArgs: true, onToolResult: recordCall })
    if (!import.meta.env.SSR)
      void ensureModelContext()
  },
} satisfies Theme
