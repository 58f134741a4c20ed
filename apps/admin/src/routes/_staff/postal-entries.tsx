import type { PostalEntryResponseJson } from "@howzat/contracts/postal-entries"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useId, useRef, useState } from "react"
import { api } from "../../api"
import { Field } from "../../components/Field"
import { Empty, ErrorNote, PageHeader } from "../../components/PageStates"
import { publicCompetitionUrl } from "../../lib/draws"
import { formatDateTime, formatPence } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"
import {
  customerIdError,
  emptyPostalEntry,
  newDraftReference,
  type PostalEntryValues,
  postalEntryPayload,
  serverFieldName,
} from "../../lib/postal-entry"
import { fieldErrors } from "../../lib/problems"
import { textParam } from "../../lib/search"

export const Route = createFileRoute("/_staff/postal-entries")({
  head: () => ({ meta: [{ title: pageTitle("Postal entries") }] }),
  validateSearch: (search: Record<string, unknown>): { competitionId?: string } => {
    const competitionId = textParam(search.competitionId)
    return competitionId ? { competitionId } : {}
  },
  // Entries are taken until the close: the competitions on sale now, hidden ones too.
  loader: () =>
    api.competitions.list({
      urlParams: { TimePeriod: "Current", VisibilityStatus: "All", PageSize: 100 },
    }),
  component: PostalEntries,
})

function Result({ answer }: { readonly answer: PostalEntryResponseJson }) {
  const entry = answer.postalEntry
  return (
    <section
      className="card mb-4 border-green-300 bg-green-50 p-4"
      aria-labelledby="entry-result-h"
    >
      <h2 id="entry-result-h" tabIndex={-1} className="font-semibold">
        {answer.alreadyRecorded
          ? `This postcard was already recorded: ticket ${entry.ticketNumber}`
          : `Entry recorded: ticket ${entry.ticketNumber}`}
      </h2>
      <p className="mt-1 text-sm">
        {entry.fullName} · {entry.competition.name} · reference {entry.entryReference ?? "none"} ·{" "}
        {formatDateTime(entry.enteredAt)}
      </p>
      {answer.alreadyRecorded ? (
        <p className="mt-1 text-sm">Nothing new was given: the person keeps the one ticket.</p>
      ) : answer.instantWins.length > 0 ? (
        <div className="mt-2">
          <p className="font-medium">The ticket won an instant prize:</p>
          <ul className="list-disc pl-5 text-sm">
            {answer.instantWins.map((win) => (
              <li key={win.instantWinId}>
                {win.prizeName}
                {win.siteCredit !== null
                  ? ` (${formatPence(win.siteCredit)} site credit, paid at once)`
                  : " (to be handed over: see Winners, Instant wins)"}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-1 text-sm">No instant prize on this ticket.</p>
      )}
      <p className="mt-2 text-sm">
        <a
          className="text-primary-700 underline hover:text-primary-800"
          href={publicCompetitionUrl(entry.competition.id)}
          target="_blank"
          rel="noopener"
        >
          View the competition in the shop
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  )
}

const PERSON_FIELDS: readonly {
  readonly name: Exclude<keyof PostalEntryValues, "kind" | "customerId" | "entryReference">
  readonly label: string
  readonly type?: string
  readonly hint?: string
  readonly autoComplete?: string
}[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "emailAddress", label: "Email address", type: "email" },
  {
    name: "dateOfBirth",
    label: "Date of birth",
    type: "date",
    hint: "The entrant must be 18 or over.",
  },
  { name: "telephoneNumber", label: "Telephone number (optional)", type: "tel" },
  { name: "line1", label: "Address line 1" },
  { name: "line2", label: "Address line 2 (optional)" },
  { name: "city", label: "Town or city" },
  { name: "county", label: "County (optional)" },
  { name: "postCode", label: "Postcode" },
]

function PostalEntries() {
  const { competitions } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const competitionSelectId = useId()
  const kindName = useId()
  const [failure, setFailure] = useState<unknown>()
  const [answer, setAnswer] = useState<PostalEntryResponseJson | undefined>()
  // One reference per postcard typed in: a retry after a lost answer is the same entry.
  const draftReference = useRef(newDraftReference())
  const resultRef = useRef<HTMLDivElement>(null)
  const competitionId =
    search.competitionId && competitions.some((c) => c.id === search.competitionId)
      ? search.competitionId
      : undefined
  const competition = competitions.find((c) => c.id === competitionId)

  const form = useForm({
    defaultValues: emptyPostalEntry,
    onSubmit: async ({ value, formApi }) => {
      if (!competitionId) return
      setFailure(undefined)
      setAnswer(undefined)
      try {
        const result = await api.postalEntries.enter({
          path: { competitionId },
          payload: postalEntryPayload(value, draftReference.current),
        })
        setAnswer(result)
        draftReference.current = newDraftReference()
        formApi.reset()
        requestAnimationFrame(() => resultRef.current?.querySelector("h2")?.focus())
      } catch (error) {
        // What was typed stays in the form; the reason is shown beside it.
        setFailure(error)
      }
    },
  })
  const serverErrors = fieldErrors(failure)
  const generalFailure = failure && Object.keys(serverErrors).length === 0 ? failure : undefined

  return (
    <>
      <PageHeader title="Postal entries" />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">
        Record a free entry from a postcard. It gets one ticket from the same pool as paid tickets,
        counts toward the per-person maximum and is in the draw like any other.
      </p>
      <div ref={resultRef}>{answer && <Result answer={answer} />}</div>
      {competitions.length === 0 ? (
        <Empty title="No competition is taking entries right now.">
          Postal entries are taken from a competition's start until its close.
        </Empty>
      ) : (
        <form
          noValidate
          className="card max-w-3xl space-y-5 p-4"
          onSubmit={(event) => {
            event.preventDefault()
            void form.handleSubmit()
          }}
        >
          <div className="space-y-1">
            <label htmlFor={competitionSelectId} className="label">
              Competition
            </label>
            <select
              id={competitionSelectId}
              className="input"
              value={competitionId ?? ""}
              onChange={(e) =>
                void navigate({
                  search: { competitionId: e.target.value || undefined },
                  replace: true,
                })
              }
            >
              <option value="">Choose a competition…</option>
              {competitions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.ticketsSoldToDate}/{c.totalTickets} sold, closes{" "}
                  {formatDateTime(c.closeDateTimeUtc)})
                </option>
              ))}
            </select>
            {competition && (
              <p className="text-xs text-slate-500">
                Up to {competition.maxTicketsPerCustomer} entries per person, paid and free
                together.
              </p>
            )}
          </div>

          <form.Field name="kind">
            {(field) => (
              <fieldset className="space-y-2">
                <legend className="label">The entrant is</legend>
                <div className="flex flex-wrap gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={kindName}
                      checked={field.state.value === "person"}
                      onChange={() => field.handleChange("person")}
                    />
                    A person (details from the postcard)
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={kindName}
                      checked={field.state.value === "customer"}
                      onChange={() => field.handleChange("customer")}
                    />
                    An existing customer (by id)
                  </label>
                </div>
              </fieldset>
            )}
          </form.Field>

          <form.Subscribe selector={(s) => s.values.kind}>
            {(kind) =>
              kind === "customer" ? (
                <form.Field
                  name="customerId"
                  validators={{ onSubmit: ({ value }) => customerIdError(value) }}
                >
                  {(field) => (
                    <Field
                      field={field}
                      label="Customer id"
                      hint="From the customer's page in the back office."
                      serverError={serverErrors.customerId}
                    />
                  )}
                </form.Field>
              ) : (
                <div className="grid gap-4 sm:grid-cols-2">
                  {PERSON_FIELDS.map((f) => (
                    <form.Field key={f.name} name={f.name}>
                      {(field) => (
                        <Field
                          field={field}
                          label={f.label}
                          type={f.type}
                          hint={f.hint}
                          autoComplete="off"
                          serverError={serverErrors[serverFieldName(f.name)]}
                        />
                      )}
                    </form.Field>
                  ))}
                </div>
              )
            }
          </form.Subscribe>

          <form.Field name="entryReference">
            {(field) => (
              <Field
                field={field}
                label="Postcard reference (optional)"
                hint="Sending the same reference again for the same person answers the entry already recorded."
                serverError={serverErrors.entryReference}
              />
            )}
          </form.Field>

          <ErrorNote error={generalFailure} />
          {!competitionId && (
            <p className="text-sm text-slate-600">Choose a competition to record the entry in.</p>
          )}
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(submitting) => (
              <button
                type="submit"
                className="btn btn-primary"
                disabled={submitting || !competitionId}
              >
                {submitting ? "Recording…" : "Record postal entry"}
              </button>
            )}
          </form.Subscribe>
        </form>
      )}
    </>
  )
}
