/**
 * A form's rules in one place: each field's check (a core validator from
 * docs/product/validation.md) given the field's value and the whole form. The same object
 * drives the messages under the fields and whether the submit button may be
 * pressed, so the two can never disagree.
 */
export type Rule<Values, Value> = (value: Value, values: Values) => string | undefined

export type Rules<Values> = { readonly [K in keyof Values]?: Rule<Values, Values[K]> }

/** The first error of the form, in field order, or undefined when everything passes. */
export const firstFormError = <Values>(
  rules: Rules<Values>,
  values: Values,
): string | undefined => {
  for (const field of Object.keys(rules) as (keyof Values)[]) {
    const error = rules[field]?.(values[field], values)
    if (error !== undefined) return error
  }
  return undefined
}

export const isFormValid = <Values>(rules: Rules<Values>, values: Values): boolean =>
  firstFormError(rules, values) === undefined

/**
 * A field's validators for TanStack Form: the rule runs on every change (and
 * again on submit), and `listenTo` re-checks it when another field changes,
 * as a confirmation does when its password changes.
 */
export const fieldRule = <Values, Value>(
  rule: Rule<Values, Value> | undefined,
  listenTo: readonly (keyof Values & string)[] = [],
) => ({
  onChangeListenTo: [...listenTo],
  onChange: ({
    value,
    fieldApi,
  }: {
    value: Value
    fieldApi: { form: { state: { values: Values } } }
  }) => rule?.(value, fieldApi.form.state.values),
})
