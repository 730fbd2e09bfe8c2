import type { Router } from 'vue-router'
import { useRouter } from 'vue-router'
import { useWebMCPTool } from 'vue-webmcp'

/** The named routes an agent may open: those with a `meta.title` and no parameter. */
function destinations(router: Router) {
  return router.getRoutes().filter(route =>
    typeof route.name === 'string'
    && typeof route.meta.title === 'string'
    && !route.path.includes(':'))
}

/**
 * A tool that opens a page of the app by its route name. Call it in a component that stays
 * mounted across navigations (App.vue): the page it leaves unmounts, with its tools.
 */
export function useNavigationTool(router: Router = useRouter()) {
  return useWebMCPTool<{ page: string }>({
    name: 'navigate',
    description: () => `Opens a page of the app. Its tools replace the current page's. Pages: ${
      destinations(router).map(route => `${String(route.name)} (${route.meta.title})`).join(', ')}.`,
    // A getter, read when the tool registers (the agent's list) and at each call, whose
    // arguments are checked against the routes as they are then.
    inputSchema: () => ({
      type: 'object',
      properties: { page: { type: 'string', enum: destinations(router).map(route => route.name) } },
      required: ['page'],
    }),
    execute: async ({ page }) => {
      const failure = await router.push({ name: page })
      if (failure)
        throw new Error(`The app did not open "${page}": ${failure.message}`)
      return { page, path: router.currentRoute.value.fullPath }
    },
  })
}
