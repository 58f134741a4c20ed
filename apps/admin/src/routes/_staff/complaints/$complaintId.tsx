import type { ComplaintJson } from "@howzat/contracts/complaints"
import {
  type ComplaintStatus,
  complaintStatusLabels,
  MAX_COMPLAINT_NOTE_LENGTH,
  validateComplaintNote,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { api } from "../../../api"
import { Field } from "../../../components/Field"
import { OrderRefLink } from "../../../components/Links"
import { ErrorNote, PageHeader } from "../../../components/PageStates"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { fieldErrors } from "../../../lib/problems"
import { statusChoices } from "../../../lib/responsible-play"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/complaints/$complaintId")({
  head: () => ({ meta: [{ title: pageTitle("Complaint") }] }),
  loader: ({ params }) => api.staffComplaints.byId({ path: { complaintId: params.complaintId } }),
  component: ComplaintScreen,
})

function ComplaintScreen() {
  const { complaint } = Route.useLoaderData()
  return (
    <>
      <PageHeader title={`Complaint ${complaint.reference}`}>
        <Link to="/complaints" className="btn">
          All complaints
        </Link>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <section aria-labelledby="complaint-details" className="card space-y-3 p-4">
            <h2 id="complaint-details" className="font-semibold">
              {complaint.category} · {complaintStatusLabels[complaint.status]}
            </h2>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">From</dt>
              <dd>
                {complaint.name} ·{" "}
                <a href={`mailto:${complaint.email}`} className="break-all underline">
                  {complaint.email}
                </a>
              </dd>
              <dt className="text-slate-600">Received</dt>
              <dd>
                {formatDateTime(complaint.receivedAt)} by{" "}
                {complaint.source === "Form" ? "the complaints form" : "email (logged by staff)"}
              </dd>
              <dt className="text-slate-600">Order</dt>
              <dd className="font-mono">
                {complaint.orderNumber.trim() ? (
                  // As the customer typed it: the link finds the order, or searches for it.
                  <OrderRefLink orderRef={complaint.orderNumber.trim()} />
                ) : (
                  "None given"
                )}
              </dd>
              <dt className="text-slate-600">Customer</dt>
              <dd>
                {complaint.customerId ? (
                  <Link
                    to="/customers/$customerId"
                    params={{ customerId: complaint.customerId }}
                    className="underline"
                  >
                    Open the customer
                  </Link>
                ) : (
                  "Not signed in"
                )}
              </dd>
            </dl>
            <p className="whitespace-pre-wrap break-words">{complaint.description}</p>
          </section>
          <section aria-labelledby="complaint-history" className="card p-4">
            <h2 id="complaint-history" className="mb-2 font-semibold">
              History
            </h2>
            <ol className="space-y-2 text-sm">
              {complaint.history.map((step, index) => (
                // The history only grows: a step's place in it is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                <li key={index} className="border-l-2 border-slate-200 pl-3">
                  <p>
                    <span className="font-medium">{complaintStatusLabels[step.status]}</span> ·{" "}
                    {formatDateTime(step.at)}
                  </p>
                  {step.note && <p className="whitespace-pre-wrap text-slate-700">{step.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
        <StatusForm complaint={complaint} />
      </div>
    </>
  )
}

function StatusForm({ complaint }: { readonly complaint: ComplaintJson }) {
  const [saved, setSaved] = useState("")
  const savedRef = useRef<HTMLParagraphElement>(null)
  const save = useAction((status: ComplaintStatus, note: string) =>
    api.staffComplaints.setStatus({
      path: { complaintId: complaint.id },
      payload: { status, note },
    }),
  )
  const form = useForm({
    defaultValues: { status: complaint.status as ComplaintStatus, note: "" },
    onSubmit: async ({ value, formApi }) => {
      setSaved("")
      const result = await save.run(value.status, value.note)
      if (result === undefined) return
      formApi.reset({ status: result.complaint.status, note: "" })
      setSaved(`Saved: ${complaintStatusLabels[result.complaint.status]}.`)
      savedRef.current?.focus()
    },
  })
  const serverErrors = fieldErrors(save.error)
  return (
    <section aria-labelledby="complaint-status" className="card h-fit space-y-3 p-4">
      <h2 id="complaint-status" className="font-semibold">
        Update
      </h2>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="status">
          {(field) => (
            <Field field={field} label="Status">
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="input"
                  value={field.state.value}
                  aria-describedby={describedBy}
                  onChange={(e) => field.handleChange(e.target.value as ComplaintStatus)}
                >
                  {statusChoices(complaint.status).map((status) => (
                    <option key={status} value={status}>
                      {status === complaint.status
                        ? `${complaintStatusLabels[status]} (add a note only)`
                        : complaintStatusLabels[status]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>
        <form.Field
          name="note"
          validators={{ onChange: ({ value }) => validateComplaintNote(value) }}
        >
          {(field) => (
            <Field
              field={field}
              label="Note"
              hint="What was done or decided; kept in the history."
              serverError={serverErrors.note}
            >
              {({ id, describedBy, invalid }) => (
                <textarea
                  id={id}
                  className="input min-h-28"
                  maxLength={MAX_COMPLAINT_NOTE_LENGTH}
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
        <ErrorNote error={save.error} />
        <button type="submit" className="btn btn-primary" disabled={save.pending}>
          {save.pending ? "Saving…" : "Save"}
        </button>
        <p
          ref={savedRef}
          tabIndex={-1}
          role="status"
          className="text-sm text-green-800 outline-none"
        >
          {saved}
        </p>
      </form>
    </section>
  )
}
