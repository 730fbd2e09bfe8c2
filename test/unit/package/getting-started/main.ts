import { createApp } from 'vue'
import App from './App.vue'

// Browsers without WebMCP get the polyfill; Chrome with WebMCP on keeps its own.
if (!('modelContext' in document))
  void import('@mcp-b/webmcp-polyfill').then(m => m.initializeWebMCPPolyfill())

createApp(App).mount('#app')
