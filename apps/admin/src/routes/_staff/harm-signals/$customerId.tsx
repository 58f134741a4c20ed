import { harmSignalLabels, validateReviewNote } from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { api } from "../../../api"
import { Field } from "../../../components/Field"
import { Empty, ErrorNote, PageHeader } from "../../../components/PageStates"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { fieldErrors } from "../../../lib/problems"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/harm-signals/$customerId")({
  head: () => ({ meta: [{ title: pageTitle("Harm signals") }] }),
  loader: ({ params }) => api.harmSignals.byCustomer({ path: { customerId: params.customerId } }),
  component: CustomerSignals,
})

/** One customer's signals with their evidence, past reviews, and the review form. */
function CustomerSignals() {
  const { harmSignals } = Route.useLoaderData()
  const { customer, signals, reviews } = harmSignals
  const awaiting = signals.filter((s) => s.awaitingReview)
  const [saved, setSaved] = useState("")
  const savedRef = useRef<HTMLParagraphElement>(null)
  const review = useAction((note: string) =>
    api.harmSignals.review({ path: { customerId: customer.customerId }, payload: { note } }),
  )
  const form = useForm({
    defaultValues: { note: "" },
    onSubmit: async ({ value, formApi }) => {
      setSaved("")
      if ((await review.run(value.note)) === undefined) return
      formApi.reset({ note: "" })
      setSaved("Saved: marked reviewed.")
      savedRef.current?.focus()
    },
  })
  return (
    <>
      <PageHeader title={`Harm signals: ${customer.name}`}>
        <Link
          to="/customers/$customerId"
          params={{ customerId: customer.customerId }}
          className="btn"
        >
          Open the customer
        </Link>
        <Link to="/harm-signals" className="btn">
          All harm signals
        </Link>
      </PageHeader>
      <p className="mb-3 text-sm text-slate-600 break-all">{customer.email}</p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          {signals.length === 0 ? (
            <Empty title="No signal fires for this customer now." />
          ) : (
            <ul className="space-y-2" aria-label="Signals">
              {signals.map((signal) => (
                <li key={signal.kind} className="card p-4">
                  <p className="font-semibold">
                    {signal.label}{" "}
                    <span className={signal.awaitingReview ? "text-amber-800" : "text-slate-600"}>
                      ·{" "}
                      {signal.awaitingReview
                        ? "Awaiting review"
                        : `Reviewed ${formatDateTime(signal.reviewedAt ?? signal.latestEvidenceAt)}`}
                    </span>
                  </p>
                  <p className="text-sm">{signal.description}</p>
                  {signal.evidence.kind === "ReferralRefused" ? (
                    // The other account of the refused referral: likely the same person.
                    <Link
                      to="/customers/$customerId"
                      params={{ customerId: signal.evidence.otherCustomerId }}
                      className="text-sm text-primary-800 underline"
                    >
                      {signal.evidence.role === "Friend" ? "Open the referrer" : "Open the friend"}
                    </Link>
                  ) : null}
                  <p className="text-xs text-slate-600">
                    Newest evidence {formatDateTime(signal.latestEvidenceAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <section aria-labelledby="reviews" className="card p-4">
            <h2 id="reviews" className="mb-2 font-semibold">
              Reviews
            </h2>
            {reviews.length === 0 ? (
              <p className="text-sm text-slate-600">Not reviewed yet.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {[...reviews].reverse().map((r) => (
                  <li key={r.at} className="border-l-2 border-slate-200 pl-3">
                    <p className="font-medium">
                      {formatDateTime(r.at)} ·{" "}
                      {r.signals.map((k) => harmSignalLabels[k]).join("; ")}
                    </p>
                    <p className="whitespace-pre-wrap text-slate-700">{r.note}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <section aria-labelledby="review-form" className="card h-fit space-y-3 p-4">
          <h2 id="review-form" className="font-semibold">
            Mark reviewed
          </h2>
          {awaiting.length === 0 ? (
            <p className="text-sm text-slate-600">
              Nothing awaiting review. New evidence brings the customer back to the list.
            </p>
          ) : (
            <form
              noValidate
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault()
                void form.handleSubmit()
              }}
            >
              <form.Field
                name="note"
                validators={{ onChange: ({ value }) => validateReviewNote(value) }}
              >
                {(field) => (
                  <Field
                    field={field}
                    label="What you did or decided"
                    hint="For example: emailed our responsible-play message; called and agreed a lower limit."
                    serverError={fieldErrors(review.error).note}
                  >
                    {({ id, describedBy, invalid }) => (
                      <textarea
                        id={id}
                        className="input min-h-28"
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
              <ErrorNote error={review.error} />
              <button type="submit" className="btn btn-primary" disabled={review.pending}>
                {review.pending ? "Saving…" : "Mark reviewed"}
              </button>
            </form>
          )}
          <p
            ref={savedRef}
            tabIndex={-1}
            role="status"
            className="text-sm text-green-800 outline-none"
          >
            {saved}
          </p>
        </section>
      </div>
    </>
  )
}
