import { NewUserRequest } from "@howzat/contracts/staff-users"
import { hoursText, STAFF_INVITATION_LIFETIME_HOURS } from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { Schema } from "effect"
import { useState } from "react"
import { api } from "../api"
import { fieldErrors } from "../lib/problems"
import {
  newStaffEmailError,
  roleDescription,
  STAFF_ROLES,
  type StaffRole,
} from "../lib/staff-users"
import { Field } from "./Field"
import { ErrorNote } from "./PageStates"

const required = (what: string) => ({
  onChange: ({ value }: { value: string }) => (value.trim() ? undefined : `Enter ${what}.`),
})

/**
 * Adds a member of staff. The server emails them a link to choose their
 * own password (48 hours); no password is ever shown here, so the screen
 * says once where the link went.
 */
export function NewStaffForm({ onAdded }: { readonly onAdded: () => Promise<void> }) {
  const [failure, setFailure] = useState<unknown>()
  const [added, setAdded] = useState<string | undefined>()
  const server = fieldErrors(failure)
  const form = useForm({
    defaultValues: {
      firstName: "",
      lastName: "",
      emailAddress: "",
      role: "Staff" as StaffRole,
    },
    validators: { onSubmit: Schema.standardSchemaV1(NewUserRequest) },
    onSubmit: async ({ value, formApi }) => {
      setFailure(undefined)
      setAdded(undefined)
      try {
        const { user } = await api.users.create({
          payload: { ...value, emailAddress: value.emailAddress.trim() },
        })
        setAdded(
          `${user.firstName} ${user.lastName} was added as ${user.role}. An email with a link to choose their password (valid for ${hoursText(STAFF_INVITATION_LIFETIME_HOURS)}) has been sent to ${user.emailAddress}.`,
        )
        formApi.reset()
        await onAdded()
      } catch (error) {
        setFailure(error)
      }
    },
  })
  return (
    <form
      noValidate
      aria-label="Add a member of staff"
      className="card mb-4 space-y-4 p-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <h2 className="font-semibold">Add a member of staff</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="firstName" validators={required("their first name")}>
          {(field) => <Field field={field} label="First name" serverError={server.firstName} />}
        </form.Field>
        <form.Field name="lastName" validators={required("their last name")}>
          {(field) => <Field field={field} label="Last name" serverError={server.lastName} />}
        </form.Field>
        <form.Field
          name="emailAddress"
          validators={{
            onChange: ({ value }) => newStaffEmailError(value),
          }}
        >
          {(field) => (
            <Field
              field={field}
              label="Email address"
              type="email"
              autoComplete="off"
              serverError={server.emailAddress}
            />
          )}
        </form.Field>
        <form.Field name="role">
          {(field) => (
            <Field
              field={field}
              label="Role"
              hint={roleDescription[field.state.value]}
              serverError={server.role}
            >
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="input"
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.target.value as StaffRole)}
                  aria-describedby={describedBy}
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>
      </div>
      <ErrorNote error={failure} />
      {added && (
        <p role="status" className="rounded-md bg-primary-50 p-3 text-sm text-primary-800">
          {added}
        </p>
      )}
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? "Adding…" : "Add member of staff"}
          </button>
        )}
      </form.Subscribe>
    </form>
  )
}
