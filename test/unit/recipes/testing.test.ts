// The Vitest recipes (docs/recipes/vitest.md, docs/recipes/form-tests.md): the set-up file runs
// here as Vitest runs a setup file (its hooks apply to every test of this file), with the
// tests the pages show, unchanged; the config is checked for what the page says it does.
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { existsSync } from 'node:fs'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { useWebMCPTool } from 'vue-webmcp'
import config from '../../../docs/recipes/testing/vitest.config'
import '../../../docs/recipes/testing/vitest.setup'
import '../../../docs/recipes/testing/TaskForm.test'
import '../../../docs/recipes/testing/TaskList.test'

const ToolComponent = { setup: () => useWebMCPTool({ name: 'add_task', description: 'Adds a task.', execute: () => 'added' }), render: () => null }

describe('the Vitest set-up file', () => {
  it('gives a test document.modelContext, which a mounted component registers its tools in', async () => {
    expect('modelContext' in document).toBe(true)
    mount(ToolComponent)
    expect((await document.modelContext!.getTools()).map(tool => tool.name)).toEqual(['add_task'])
  })

  it('the next test starts with a fresh context: the component was unmounted and the context replaced', async () => {
    expect(await document.modelContext!.getTools()).toEqual([])
    mount(ToolComponent) // the same name again: no duplicate left over from the test before
    expect((await document.modelContext!.getTools()).map(tool => tool.name)).toEqual(['add_task'])
  })
})

describe('the Vitest config', () => {
  const projects = config.test!.projects as TestProjectInlineConfiguration[]
  const [unit, browser] = projects.map(project => project.test!)
  const recipes = `${process.cwd()}/docs/recipes/testing/` // vitest runs from the project's root

  it('runs component tests in happy-dom with the set-up file, and browser tests in Chromium with WebMCP on', () => {
    expect(projects.map(project => project.test!.name)).toEqual(['unit', 'browser'])
    expect(unit!.environment).toBe('happy-dom')
    for (const project of [unit!, browser!]) {
      expect(project.setupFiles).toEqual(['./vitest.setup.ts'])
      expect(existsSync(`${recipes}${(project.setupFiles as string[])[0]}`)).toBe(true)
    }
    expect(browser!.browser!.enabled).toBe(true)
    const provider = browser!.browser!.provider as unknown as { options: { launchOptions: { args: string[] } } }
    expect(provider.options.launchOptions.args).toContain('--enable-features=WebMCP')
    expect(browser!.browser!.instances).toEqual([{ browser: 'chromium' }])
  })
})
