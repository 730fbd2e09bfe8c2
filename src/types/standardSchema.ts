// The Standard Schema interfaces (https://standardschema.dev, @standard-schema/spec
// 1.1.0, MIT), as the spec asks libraries to take them: copied as types, so no
// runtime dependency. Zod 4, Valibot and ArkType schemas satisfy them. Only the
// members vue-webmcp reads are kept; see NOTICE.

/** A schema that can check a value: Zod, Valibot, ArkType and others implement it. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>
}

// The spec's own shape: a namespace of types beside the interface.
// eslint-disable-next-line ts/no-namespace
export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> }) => Result<Output> | Promise<Result<Output>>
    readonly types?: Types<Input, Output> | undefined
    /** Present on schemas that also implement Standard JSON Schema. */
    readonly jsonSchema?: JSONSchemaConverter
  }
  /** Standard JSON Schema's converter: what `~standard.jsonSchema` holds. */
  interface JSONSchemaConverter {
    /** JSON Schema of what the schema accepts. Throws on a target the library does not support. */
    readonly input: (options: JSONSchemaOptions) => Record<string, unknown>
    readonly output: (options: JSONSchemaOptions) => Record<string, unknown>
  }
  interface JSONSchemaOptions {
    readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string)
    readonly libraryOptions?: Record<string, unknown> | undefined
  }
  type Result<Output> = SuccessResult<Output> | FailureResult
  interface SuccessResult<Output> {
    readonly value: Output
    readonly issues?: undefined
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>
  }
  interface Issue {
    readonly message: string
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined
  }
  interface PathSegment {
    readonly key: PropertyKey
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input
    readonly output: Output
  }
  type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input']
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output']
}
