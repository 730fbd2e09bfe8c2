import { describe, expect, it } from 'vitest'
import { toolsDirective } from '../src/module'

describe('toolsDirective', () => {
  it('spells the allowlist as a Permissions-Policy directive', () => {
    expect(toolsDirective(['self'])).toBe('tools=(self)')
    expect(toolsDirective(['\'self\'', 'https://widgets.example'])).toBe('tools=(self "https://widgets.example")')
    expect(toolsDirective([])).toBe('tools=()')
    expect(toolsDirective(['self', '*'])).toBe('tools=*')
  })

  it('keeps only the origin of a URL', () => {
    expect(toolsDirective(['https://widgets.example/embed?x=1', 'http://localhost:3000/'])).toBe('tools=("https://widgets.example" "http://localhost:3000")')
  })

  it('fails on something that is not an origin', () => {
    expect(() => toolsDirective(['widgets.example'])).toThrow(/"widgets\.example" is not an origin/)
    expect(() => toolsDirective(['data:text/html,x'])).toThrow(/is not an origin/)
  })
})
