import type { WebMCPListedTool, WebMCPToolAnnotations } from '../../src'
import type { WebMCPListedToolJSON } from '../../src/testing'
import { describe, expectTypeOf, it } from 'vitest'
import { useRegisteredTools } from '../../src'

describe('listed tools', () => {
  it('are readonly plain data with null for an empty member, the window as source', () => {
    const { tools, execute } = useRegisteredTools()
    const entry = tools.value[0]!
    expectTypeOf(entry).toEqualTypeOf<WebMCPListedTool>()
    expectTypeOf(entry.inputSchema).toEqualTypeOf<object | null>()
    expectTypeOf(entry.outputSchema).toEqualTypeOf<object | null>()
    expectTypeOf(entry.annotations).toEqualTypeOf<WebMCPToolAnnotations | null>()
    expectTypeOf(entry.source).toEqualTypeOf<Window | null>()
    expectTypeOf(entry.annotations!.consequentialHint).toEqualTypeOf<boolean | undefined>()
    expectTypeOf(entry.annotations!.debugging).toEqualTypeOf<boolean | undefined>()
    // @ts-expect-error readonly
    entry.name = 'other'
    // An entry, and a copy of one, run the tool.
    expectTypeOf(execute).toBeCallableWith(entry, {})
    expectTypeOf(execute).toBeCallableWith({ ...entry }, {})
  })

  it('listTools gives the same members without the window', () => {
    expectTypeOf<keyof WebMCPListedToolJSON>().toEqualTypeOf<'name' | 'title' | 'description' | 'origin' | 'inputSchema' | 'outputSchema' | 'annotations' | 'frame'>()
  })
})
