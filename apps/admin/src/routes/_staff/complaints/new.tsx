import { COMPLAINT_CATEGORIES, type ComplaintForm, validateComplaintForm } from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { api } from "../../../api"
import { Field } from "../../../components/Field"
import { ErrorNote, PageHeader } from "../../../components/PageStates"
import { pageTitle } from "../../../lib/page-title"
import { fieldErrors } from "../../../lib/problems"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/complaints/new")({
  head: () => ({ meta: [{ title: pageTitle("Log a complaint") }] }),
  component: LogComplaint,
})

const blank: ComplaintForm = { name: "", email: "", orderNumber: "", category: "", description: "" }

/** Core's rule for one field, judged with the rest of the form. */
const rule =
  (name: keyof ComplaintForm) =>
  ({
    value,
    fieldApi,
  }: {
    value: string
    fieldApi: { form: { state: { values: ComplaintForm } } }
  }) =>
    validateComplaintForm({ ...fieldApi.form.state.values, [name]: value })[name]

/**
 * A complaint that arrived by email (decision 0044): logged so it has a
 * reference, and the customer is sent the acknowledgement with it.
 */
function LogComplaint() {
  const navigate = useNavigate()
  const log = useAction((form: ComplaintForm) => api.staffComplaints.log({ payload: form }), {
    reload: false,
  })
  const form = useForm({
    defaultValues: blank,
    onSubmit: async ({ value }) => {
      const logged = await log.run(value)
      if (logged)
        await navigate({
          to: "/complaints/$complaintId",
          params: { complaintId: logged.complaint.id },
        })
    },
  })
  const server = fieldErrors(log.error)
  const text = (name: keyof ComplaintForm, label: string, type = "text", hint?: string) => (
    <form.Field name={name} validators={{ onChange: rule(name) }}>
      {(field) => (
        <Field field={field} label={label} type={type} hint={hint} serverError={server[name]} />
      )}
    </form.Field>
  )
  return (
    <>
      <PageHeader title="Log an emailed complaint">
        <Link to="/complaints" className="btn">
          All complaints
        </Link>
      </PageHeader>
      <form
        noValidate
        className="card max-w-2xl space-y-4 p-4"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <p className="text-sm text-slate-600">
          The customer is emailed an acknowledgement with the complaint's reference and our
          timelines, as if they had used the form.
        </p>
        {text("name", "Their name")}
        {text("email", "Their email address", "email")}
        <form.Field name="category" validators={{ onChange: rule("category") }}>
          {(field) => (
            <Field field={field} label="What is it about?" serverError={server.category}>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  className="input"
                  value={field.state.value}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => field.handleChange(e.target.value)}
                  onBlur={field.handleBlur}
                >
                  <option value="">Choose one</option>
                  {COMPLAINT_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>
        {text("orderNumber", "Order number (optional)")}
        <form.Field name="description" validators={{ onChange: rule("description") }}>
          {(field) => (
            <Field
              field={field}
              label="The complaint"
              hint="Paste what they wrote."
              serverError={server.description}
            >
              {({ id, describedBy, invalid }) => (
                <textarea
                  id={id}
                  className="input min-h-40"
                  value={field.state.value}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => field.handleChange(e.target.value)}
                  onBlur={field.handleBlur}
                />
              )}
            </Field>
          )}
        </form.Field>
        <ErrorNote error={log.error} />
        <button type="submit" className="btn btn-primary" disabled={log.pending}>
          {log.pending ? "Logging…" : "Log complaint"}
        </button>
      </form>
    </>
  )
}
