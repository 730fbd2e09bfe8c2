// The VeeValidate recipe (docs/guide/vee-validate.md) in every lane: the playground's invitation
// form, built with VeeValidate's useForm and a Zod 4 schema, published by useWebMCPFormModel. An
// agent's call is checked by the form's own schema, fills the fields the person sees, and is
// answered by the person's Send (or at once with autosubmit).
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import InviteForm from '../../playground/src/components/InviteForm.vue'
import { toTypedSchema } from '../../playground/src/toTypedSchema'
import { agentCall } from '../agent'
import { until } from '../helpers'
import { lane, laneSuite, textOf } from '../lane'

let mc: WebMCP.ModelContext
const cleanups = laneSuite(m => (mc = m))

const TOOL = 'invite_teammate'
const ADA = { name: 'Ada', email: 'ada@example.com', role: 'editor' }

async function mountInviteForm(props: { autosubmit?: boolean } = {}) {
  const wrapper = mount(InviteForm, { props, attachTo: document.body })
  cleanups.push(() => wrapper.unmount())
  await until(async () => (await mc.getTools()).some(tool => tool.name === TOOL))
  const field = (name: string) => wrapper.get<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`).element
  /** What the person sees in the fields. */
  const shown = () => ({ name: field('name').value, email: field('email').value, role: field('role').value })
  const invited = () => wrapper.findAll('[data-testid="invited"] li').map(li => li.text())
  const send = () => wrapper.get<HTMLButtonElement>('button[type="submit"]').element.click()
  return { wrapper, shown, invited, send }
}

const BLANK = { name: '', email: '', role: 'viewer' }

describe(`the VeeValidate recipe (${lane})`, () => {
  it('an agent\'s call fills the fields the person sees, and their Send answers it with onSubmit\'s result', async () => {
    const { wrapper, shown, invited, send } = await mountInviteForm()
    let answered = false
    const answer = agentCall(mc, TOOL, ADA).finally(() => (answered = true))
    await until(() => shown().name === 'Ada')
    expect(shown()).toEqual(ADA)
    expect(wrapper.text()).toContain('An agent filled this in')
    // The person clears the name: VeeValidate shows the schema's message, nothing is sent, and
    // the agent's call still waits.
    await wrapper.get('[name="name"]').setValue('')
    send()
    await until(() => wrapper.text().includes('Say who to invite.'))
    expect([answered, invited()]).toEqual([false, []])
    // They correct it and send: the agent gets what was sent, and the form is blank again.
    await wrapper.get('[name="name"]').setValue('Ada Lovelace')
    send()
    const response = await answer
    expect(response.isError).toBeFalsy()
    expect(JSON.parse(textOf(response))).toEqual({ invited: { ...ADA, name: 'Ada Lovelace' } })
    await until(() => shown().name === '')
    expect(shown()).toEqual(BLANK)
    expect(invited()).toEqual(['Ada Lovelace <ada@example.com>, editor'])
    // Blank again as the person first saw it: no error on fields they have not touched yet, once
    // any validation the reset started has run (VeeValidate debounces a form's validation by 5 ms).
    await new Promise(resolve => setTimeout(resolve, 50))
    await flushPromises()
    expect(wrapper.findAll('.error')).toEqual([])
  })

  it('with autosubmit, the call is answered at once, and the fields are blank after it', async () => {
    const { shown, invited } = await mountInviteForm({ autosubmit: true })
    // The schema's output is what is submitted: the name trimmed.
    const response = await agentCall(mc, TOOL, { ...ADA, name: '  Grace  ', role: 'viewer' })
    expect(JSON.parse(textOf(response))).toEqual({ invited: { ...ADA, name: 'Grace', role: 'viewer' } })
    await until(() => invited().length === 1)
    expect(invited()).toEqual(['Grace <ada@example.com>, viewer'])
    expect(shown()).toEqual(BLANK)
  })

  it('values the schema refuses answer INVALID_ARGS naming each field, without the values; nothing is filled or sent', async () => {
    const { shown, invited } = await mountInviteForm({ autosubmit: true })
    const response = await agentCall(mc, TOOL, { name: 'Mallory', email: 'secret-not-an-address', role: 'owner' })
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'INVALID_ARGS' })
    const text = textOf(response)
    expect(text).toContain('/email')
    expect(text).toContain('/role')
    expect(text).not.toContain('secret-not-an-address')
    expect(text).not.toContain('owner')
    expect([shown(), invited()]).toEqual([BLANK, []])
  })

  it('the person\'s Decline tells the agent they declined; nothing is sent', async () => {
    const { wrapper, shown, invited } = await mountInviteForm()
    const answer = agentCall(mc, TOOL, ADA)
    await until(() => shown().name === 'Ada')
    await wrapper.get('button[type="button"]').trigger('click')
    const response = await answer
    expect(response.isError).toBe(true)
    expect(response._meta).toEqual({ 'vue-webmcp/code': 'DECLINED' })
    expect([shown(), invited()]).toEqual([BLANK, []])
  })

  it('the person\'s own Send runs the same onSubmit, after VeeValidate has checked the fields', async () => {
    const { wrapper, shown, invited } = await mountInviteForm()
    await wrapper.get('[name="name"]').setValue('Linus')
    await wrapper.get('[name="email"]').setValue('linus@')
    await wrapper.get('form').trigger('submit')
    await until(() => wrapper.text().includes('Enter an email address'))
    expect(invited()).toEqual([])
    await wrapper.get('[name="email"]').setValue('linus@example.com')
    await wrapper.get('form').trigger('submit')
    await until(() => invited().length === 1)
    expect(invited()).toEqual(['Linus <linus@example.com>, viewer'])
    expect(shown()).toEqual(BLANK) // the recipe clears the form after a person's invitation
  })
})

describe('the recipe\'s toTypedSchema', () => {
  it('gives VeeValidate each field\'s messages under its path, in VeeValidate\'s notation, and the schema\'s output when valid', async () => {
    const schema = z.object({
      team: z.string().trim().min(1, 'no team'),
      members: z.array(z.object({ email: z.email('not an email').endsWith('.org', 'not .org') })),
    })
    const typed = toTypedSchema(schema)
    expect(await typed.parse({ team: '  ', members: [{ email: 'a@b.org' }, { email: 'nope' }] })).toEqual({
      errors: [
        { path: 'team', errors: ['no team'] },
        { path: 'members[1].email', errors: ['not an email', 'not .org'] },
      ],
    })
    expect(await typed.parse({ team: ' A ', members: [] })).toEqual({ value: { team: 'A', members: [] }, errors: [] })
  })
})
