// Development builds warn about the fields of a useWebMCPForm form that Chrome's
// audit (DevTools' Issues, Lighthouse's "WebMCP schemas are valid") flags: a
// field without a name, a parameter without a description. On Chromium 156 the
// warnings are held to the browser's own listing: a field warned about is the
// one listed without a description.
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { useWebMCPForm } from '../../src'
import { formFieldProblems } from '../../src/composables/formFieldChecks'
import { until } from '../helpers'
import { lane, laneSuite, uniqueName } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

/** A form with every kind of field Chromium describes, or does not: `flagged` marks those the audit flags. */
const FIELDS = `
  <label>Title <input name="title" required></label>
  <input name="due" type="date" toolparamdescription="When it is due">
  <input name="owner" aria-label="Owner" title="Owner" placeholder="Owner">
  <label><select name="size"><option>small</option></select></label>
  <textarea name="notes" toolparamdescription=""></textarea>
  <input name="code" readonly>
  <input name="secret" type="hidden">
  <input name="off" disabled>
  <input required toolparamdescription="A field without a name">
  <fieldset><legend>Tags</legend><div class="chips">
    <label class="chip"><input type="checkbox" name="tags" value="home"> home</label>
    <label class="chip"><input type="checkbox" name="tags" value="work"> work</label>
  </div></fieldset>
  <fieldset toolparamdescription="How urgent it is">
    <label><input type="radio" name="urgency" value="low"> low</label>
    <label><input type="radio" name="urgency" value="high"> high</label>
  </fieldset>
  <label><input type="checkbox" name="done"> Done</label>
  <button type="submit">Save</button>`

function expected(tool: string) {
  return [
    `[vue-webmcp] useWebMCPForm "${tool}": the required field input[type=text] has no name, so an agent cannot fill it and the tool is listed with an error: give it a name attribute.`,
    `[vue-webmcp] useWebMCPForm "${tool}": the field "owner" has no description: give it a toolparamdescription attribute or a <label> with text (aria-label, title and placeholder do not count).`,
    `[vue-webmcp] useWebMCPForm "${tool}": the field "size" has no description: give it a toolparamdescription attribute or a <label> with text (aria-label, title and placeholder do not count).`,
    `[vue-webmcp] useWebMCPForm "${tool}": the field "notes" has no description: give it a toolparamdescription attribute or a <label> with text (aria-label, title and placeholder do not count).`,
    `[vue-webmcp] useWebMCPForm "${tool}": the checkboxes "tags" have no description: put them in a <fieldset toolparamdescription="..."> (their labels title each choice, a <legend> does not count).`,
  ]
}

function mountForm(name: string, fields = ref(FIELDS)) {
  const Form = defineComponent({
    setup() {
      const form = useWebMCPForm({ name, description: 'Saves a task.', autosubmit: true, execute: () => 'saved' })
      return () => h('form', { ...form.attrs.value, innerHTML: fields.value })
    },
  })
  const wrapper = mount(Form, { attachTo: document.body })
  cleanups.push(() => wrapper.unmount())
  return wrapper
}

const warnings = () => vi.mocked(console.warn).mock.calls.map(args => String(args[0])).filter(text => text.includes('useWebMCPForm'))

describe(`useWebMCPForm's development checks of the fields (${lane})`, () => {
  const devFlag = Object.getOwnPropertyDescriptor(globalThis, '__DEV__')!
  afterEach(() => {
    vi.restoreAllMocks()
    Object.defineProperty(globalThis, '__DEV__', devFlag)
  })

  it('warns once about each field an agent cannot fill well, naming the form\'s tool and the field', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = uniqueName('fields')
    const fields = ref(FIELDS)
    mountForm(name, fields)
    expect(warnings()).toEqual(expected(name))
    // A re-render says nothing new about the same fields, and names a field added since.
    fields.value = `${FIELDS}<input name="extra">`
    await nextTick()
    expect(warnings()).toEqual([
      ...expected(name),
      `[vue-webmcp] useWebMCPForm "${name}": the field "extra" has no description: give it a toolparamdescription attribute or a <label> with text (aria-label, title and placeholder do not count).`,
    ])
  })

  it('a form whose fields are all described and named is not warned about', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    mountForm(uniqueName('described'), ref(`<label>Title <input name="title"></label><fieldset toolparamdescription="Tags"><label><input type="checkbox" name="tags" value="a"> a</label><label><input type="checkbox" name="tags" value="b"> b</label></fieldset><button>Go</button>`))
    expect(warnings()).toEqual([])
  })

  it('production builds check nothing', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    Object.defineProperty(globalThis, '__DEV__', { configurable: true, get: () => false })
    mountForm(uniqueName('production'))
    expect(warnings()).toEqual([])
  })

  it('on Chromium 156 a field is warned about exactly when the browser lists it without a description', async (context) => {
    context.skip(lane !== 'native', `${lane} lane: the browser's own listing of a form is Chromium 156's`)
    const name = uniqueName('listed')
    const wrapper = mountForm(name)
    let tool: WebMCP.RegisteredTool | undefined
    await until(async () => (tool = (await mc.getTools()).find(t => t.name === name)))
    const properties = (tool!.inputSchema as { properties: Record<string, { description?: string }> }).properties
    const undescribed = Object.keys(properties).filter(key => !properties[key]!.description)
    const flagged = formFieldProblems(wrapper.element as HTMLFormElement).flatMap(problem => /"([^"]+)"/.exec(problem)?.[1] ?? [])
    expect(flagged.sort()).toEqual(undescribed.sort())
    // Readonly, hidden and disabled fields are no parameters, so none of them is warned about.
    expect(Object.keys(properties).filter(Boolean).sort()).toEqual(['done', 'due', 'notes', 'owner', 'size', 'tags', 'title', 'urgency'])
  })
})
