import {
  EARLIEST_DATE_OF_BIRTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TELEPHONE_LENGTH,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
} from "@howzat/core/rules"
import { Field, useStore } from "@tanstack/react-form"
import { latestDateOfBirth } from "../../lib/dates"
import { fieldRule, type Rules } from "../../lib/form-rules"
import type { PersonValues } from "../../lib/person"
import type { FormWith } from "./bound-form"
import { TextField } from "./Fields"
import { ReadOnlyField } from "./ReadOnlyField"

export type { PersonValues } from "../../lib/person"

export type PersonKey = keyof PersonValues

type TextFieldProps = Omit<Parameters<typeof TextField>[0], "field" | "label">

/**
 * Each field's label, browser hints and typing rules, said once: e2e specs
 * and accessibility checks find the fields by these labels and autocomplete
 * names. `listenTo` re-checks a field when another changes (the
 * confirmation when the password changes).
 */
const personFields: Record<
  PersonKey,
  { label: string; input: () => TextFieldProps; listenTo?: PersonKey[] }
> = {
  firstName: {
    label: "First name",
    input: () => ({ autoComplete: "given-name", maxLength: MAX_NAME_LENGTH }),
  },
  lastName: {
    label: "Last name",
    input: () => ({ autoComplete: "family-name", maxLength: MAX_NAME_LENGTH }),
  },
  emailAddress: {
    label: "Email address",
    input: () => ({
      type: "email",
      inputMode: "email",
      autoComplete: "email",
      maxLength: MAX_EMAIL_LENGTH,
      clean: stripInvalidEmailCharacters,
    }),
  },
  telephoneNumber: {
    label: "Phone number",
    input: () => ({
      type: "tel",
      inputMode: "tel",
      autoComplete: "tel",
      maxLength: MAX_TELEPHONE_LENGTH,
      clean: stripInvalidTelephoneCharacters,
    }),
  },
  dateOfBirth: {
    label: "Date of birth",
    // Today's latest date of birth, worked out when the field is drawn.
    input: () => ({
      type: "date",
      autoComplete: "bday",
      min: EARLIEST_DATE_OF_BIRTH,
      max: latestDateOfBirth(new Date()),
    }),
  },
  password: {
    label: "Password",
    input: () => ({ type: "password", autoComplete: "new-password", trim: false }),
  },
  confirmPassword: {
    label: "Confirm password",
    input: () => ({ type: "password", autoComplete: "new-password", trim: false }),
    listenTo: ["password"],
  },
}

/** One person field, typed into under its rule, or shown read-only with the value the form holds. */
export const PersonField = <Values extends Partial<PersonValues>>({
  form,
  rules,
  name,
  readOnly = false,
}: {
  form: FormWith<Values>
  rules: Rules<Values>
  name: PersonKey & keyof Values
  readOnly?: boolean
}) => {
  const spec = personFields[name]
  if (readOnly) return <ReadOnlyPersonField form={form} name={name} label={spec.label} />
  return (
    <Field form={form} name={name} validators={fieldRule(rules[name], spec.listenTo)}>
      {(field) => <TextField field={field} label={spec.label} {...spec.input()} />}
    </Field>
  )
}

const ReadOnlyPersonField = ({
  form,
  name,
  label,
}: {
  form: FormWith<Partial<PersonValues>>
  name: PersonKey
  label: string
}) => {
  const value = useStore(form.store, (s) => (s.values as Partial<PersonValues>)[name])
  return <ReadOnlyField label={label} value={String(value ?? "")} />
}

/** Person fields side by side (two columns from small screens up), in the order named. */
export const PersonFields = <Values extends Partial<PersonValues>>({
  form,
  rules,
  names,
  readOnly = false,
}: {
  form: FormWith<Values>
  rules: Rules<Values>
  names: readonly (PersonKey & keyof Values)[]
  readOnly?: boolean
}) => (
  <div className="grid gap-5 sm:grid-cols-2">
    {names.map((name) => (
      <PersonField key={name} form={form} rules={rules} name={name} readOnly={readOnly} />
    ))}
  </div>
)
