import type { Ref } from 'vue'
import type { UseWebMCPFormModelOptions, UseWebMCPFormModelReturn, UseWebMCPFormReturn, UseWebMCPToolOptions } from '../../src'
import { describe, expectTypeOf, it } from 'vitest'
import { reactive, ref } from 'vue'
import { useWebMCPFormModel } from '../../src'

interface Order { title: string, qty: number }

/** The useWebMCPTool options the form replaces: `execute` by `onSubmit`, `inputSchema` by `schema`; and `validateArgs`, which it does not let an app switch off. */
type Replaced = 'execute' | 'inputSchema' | 'validateArgs'
type PassedOn = Exclude<keyof UseWebMCPToolOptions, Replaced>

describe('useWebMCPFormModel options', () => {
  it('accept every other useWebMCPTool option, with the type it has there (the agent\'s values as its arguments)', () => {
    // A new useWebMCPTool option missing from the form's options fails `Pick`'s constraint here.
    expectTypeOf<Pick<UseWebMCPToolOptions<Partial<Order>, string>, PassedOn>>()
      .toExtend<Pick<UseWebMCPFormModelOptions<Order, string>, PassedOn>>()
    expectTypeOf<keyof UseWebMCPFormModelOptions>().toEqualTypeOf<PassedOn | 'model' | 'schema' | 'onSubmit' | 'autosubmit'>()
  })

  it('take a ref or a reactive() object as the model', () => {
    const base = { name: 'order', description: 'd', schema: {}, onSubmit: (values: Order) => values.qty }
    useWebMCPFormModel<Order, number>({ ...base, model: ref<Order>({ title: '', qty: 1 }) })
    useWebMCPFormModel<Order, number>({ ...base, model: reactive<Order>({ title: '', qty: 1 }) })
    // @ts-expect-error not the values' type
    useWebMCPFormModel<Order, number>({ ...base, model: ref({ title: 1 }) })
  })

  it('infer the values from a ref and from a reactive() object alike', () => {
    const base = { name: 'order', description: 'd', schema: {} }
    useWebMCPFormModel({ ...base, model: ref({ title: '', qty: 1 }), onSubmit: values => expectTypeOf(values).toEqualTypeOf<{ title: string, qty: number }>() })
    useWebMCPFormModel({ ...base, model: reactive({ title: '', qty: 1 }), onSubmit: values => expectTypeOf(values).toEqualTypeOf<{ title: string, qty: number }>() })
  })

  it('have no validateArgs: the schema always checks an agent\'s values', () => {
    // @ts-expect-error the form's schema cannot be switched off
    useWebMCPFormModel<Order>({ name: 'order', description: 'd', schema: {}, model: ref<Order>({ title: '', qty: 1 }), onSubmit: () => 1, validateArgs: false })
  })
})

describe('error and lastError in the form composables', () => {
  it('error is the registration\'s failure, lastError the last submission\'s', () => {
    expectTypeOf<UseWebMCPFormModelReturn['error']>().toEqualTypeOf<Readonly<Ref<Error | null>>>()
    expectTypeOf<UseWebMCPFormModelReturn['lastError']>().toEqualTypeOf<Readonly<Ref<Error | null>>>()
    expectTypeOf<UseWebMCPFormModelReturn>().not.toHaveProperty('registrationError')
    expectTypeOf<UseWebMCPFormReturn['lastError']>().toEqualTypeOf<Readonly<Ref<Error | null>>>()
    expectTypeOf<UseWebMCPFormReturn>().not.toHaveProperty('error')
  })
})
