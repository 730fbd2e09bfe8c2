import { createPinia } from 'pinia'
import { createApp } from 'vue'
import { WEBMCP_CONFIG } from 'vue-webmcp'
import App from './App.vue'
import { recordCall } from './callLog'
import './style.css'

const app = createApp(App)
app.use(createPinia())
// One config for the whole app, the store's tools included: refuse answers
// over Chrome's budget, and log every call for the dev panel.
app.provide(WEBMCP_CONFIG, {
  budgets: 'error',
  timeoutMs: 5000,
  includeArgs: true,
  onToolResult: recordCall,
})
app.mount('#app')
