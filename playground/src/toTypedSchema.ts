import type { TypedSchema, TypedSchemaError } from 'vee-validate'

// What this reads of a Standard Schema (https://standardschema.dev): Zod 4, Valibot and ArkType
// schemas have it.
interface Issue { readonly message: string, readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }
type Result<Output> = { readonly value: Output, readonly issues?: undefined } | { readonly issues: ReadonlyArray<Issue> }
interface StandardSchema<Input, Output> {
  readonly '~standard': {
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>
    readonly types?: { readonly input: Input, readonly output: Output }
  }
}

/** A Standard Schema issue's path as VeeValidate writes field paths: `items[0].name`. */
function fieldPath(issue: Issue): string {
  let path = ''
  for (const segment of issue.path ?? []) {
    const key = typeof segment === 'object' ? segment.key : segment
    path += typeof key === 'number' ? `[${key}]` : `${path ? '.' : ''}${String(key)}`
  }
  return path
}

/**
 * A Standard Schema (Zod 4, Valibot, ArkType) as VeeValidate 4's `validationSchema`. VeeValidate 4
 * reads schemas through its own TypedSchema, and `@vee-validate/zod` is written for Zod 3; from
 * VeeValidate 5 on, pass the schema itself.
 */
export function toTypedSchema<Input, Output>(schema: StandardSchema<Input, Output>): TypedSchema<Input, Output> {
  return {
    __type: 'VVTypedSchema',
    async parse(values) {
      const result = await schema['~standard'].validate(values)
      if (!result.issues)
        return { value: result.value, errors: [] }
      // One entry per field with all its messages: VeeValidate shows the first.
      const byField = new Map<string, string[]>()
      for (const issue of result.issues) {
        const path = fieldPath(issue)
        byField.set(path, [...byField.get(path) ?? [], issue.message])
      }
      return { errors: [...byField].map(([path, errors]): TypedSchemaError => ({ path, errors })) }
    },
  }
}
