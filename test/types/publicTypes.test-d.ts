// Every type the public API uses is exported from the entry that uses it, so an app can name it
// (API Extractor's "forgotten export" otherwise).
import type { WebMCPListedTool as MainListedTool, WebMCPBudgetMode, WebMCPConfig, WebMCPContentBlockBase, WebMCPStandardSchema, WebMCPTextContent } from '../../src'
import type { InMemoryModelContext, ToolActivatedEvent, WebMCPListedTool } from '../../src/testing'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'

describe('the types the API uses are exported', () => {
  it('the main entry: budgets\' mode, Standard Schema, a content block\'s common fields', () => {
    expectTypeOf<WebMCPConfig['budgets']>().toEqualTypeOf<WebMCPBudgetMode | undefined>()
    expectTypeOf(z.object({ qty: z.number() })).toExtend<WebMCPStandardSchema<{ qty: number }, { qty: number }>>()
    expectTypeOf<WebMCPTextContent>().toExtend<WebMCPContentBlockBase>()
  })

  it('vue-webmcp/testing: the listed tool, the handlers and the events need no unexported type', () => {
    expectTypeOf<WebMCPListedTool>().toEqualTypeOf<MainListedTool>()
    expectTypeOf<InMemoryModelContext['ontoolchange']>().toEqualTypeOf<((this: WebMCP.ModelContext, ev: Event) => unknown) | null>()
    expectTypeOf<ToolActivatedEvent['toolName']>().toEqualTypeOf<string>()
  })
})
