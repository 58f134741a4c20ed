import { Field } from "@tanstack/react-form"
import { fieldRule, type Rules } from "../../lib/form-rules"
import type { FormWith } from "./bound-form"
import { CheckboxField } from "./Fields"

/** What a new customer ticks, at registration and when registering at checkout. */
export interface ConsentValues {
  allowMarketing: boolean
  acceptTerms: boolean
}

/**
 * Marketing consent (one tick for every channel, starting empty: consent is
 * given, not assumed, docs/decisions/0005) and accepting the terms.
 */
export const ConsentFields = <Values extends ConsentValues>({
  form,
  rules,
}: {
  form: FormWith<Values>
  rules: Rules<Values>
}) => (
  <div className="space-y-4 rounded-xl bg-sunken p-4">
    <Field form={form} name="allowMarketing">
      {(field) => (
        <CheckboxField field={field}>
          Keep me posted about new competitions, offers and winners by email, phone, text and post.
          You can change this at any time in My Details.
        </CheckboxField>
      )}
    </Field>
    <Field form={form} name="acceptTerms" validators={fieldRule(rules.acceptTerms)}>
      {(field) => (
        <CheckboxField field={field}>
          I am 18 or over and I accept the terms and conditions.
        </CheckboxField>
      )}
    </Field>
  </div>
)
