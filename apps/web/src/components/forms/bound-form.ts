import type { AnyFormApi } from "@tanstack/react-form"

/**
 * A TanStack form whose values hold at least `Values`: the shared field
 * groups (PersonFields, AddressFields) take any form that has their fields,
 * and the compiler still refuses one that lacks them.
 */
export type FormWith<Values> = AnyFormApi & { readonly state: { readonly values: Values } }
