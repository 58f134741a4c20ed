import type { AttributeTypeResponseJson } from "@howzat/contracts/catalogue-admin"
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../api"
import { ConfirmDialog } from "../../components/Confirm"
import { DataTable } from "../../components/DataTable"
import { Pager } from "../../components/Pager"
import { Empty, ErrorNote, PageHeader } from "../../components/PageStates"
import { SearchBar } from "../../components/SearchBar"
import { requiredText } from "../../lib/catalogue"
import { pageTitle } from "../../lib/page-title"
import { fieldErrors } from "../../lib/problems"
import { pageParam, textParam } from "../../lib/search"
import { useAction } from "../../lib/use-action"

type AttributeType = AttributeTypeResponseJson["attributeType"]

export const Route = createFileRoute("/_staff/attribute-types")({
  head: () => ({ meta: [{ title: pageTitle("Attribute types") }] }),
  validateSearch: (search: Record<string, unknown>): { page?: number; q?: string } => ({
    page: pageParam(search.page),
    q: textParam(search.q),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.attributeTypes.list({
      urlParams: { Description: deps.q, PageNumber: deps.page, PageSize: 20 },
    }),
  component: AttributeTypes,
})

const column = createColumnHelper<AttributeType>()
const descriptionRequired = requiredText("A description is required")

/**
 * One line of text and its save: used for a new type and for renaming one.
 * A refusal keeps the text and shows the server's reason under the input.
 */
function DescriptionForm({
  id,
  label,
  initial,
  submitLabel,
  onSave,
  onDone,
}: {
  readonly id: string
  readonly label: string
  readonly initial: string
  readonly submitLabel: string
  readonly onSave: (description: string) => Promise<unknown>
  readonly onDone?: () => void
}) {
  const [text, setText] = useState(initial)
  const [problem, setProblem] = useState<string>()
  const save = useAction(async (description: string) => {
    await onSave(description)
    return true
  })
  const message = problem ?? fieldErrors(save.error).description
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault()
        const missing = descriptionRequired(text)
        setProblem(missing)
        if (missing) return
        if (await save.run(text.trim())) {
          if (!onDone) setText("")
          onDone?.()
        }
      }}
    >
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={id} className={onDone ? "sr-only" : "label"}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          value={text}
          maxLength={255}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        {message && (
          <p id={`${id}-error`} className="text-xs text-red-700">
            {message}
          </p>
        )}
        {!fieldErrors(save.error).description && <ErrorNote error={save.error} />}
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.pending}>
        {save.pending ? "Saving…" : submitLabel}
      </button>
      {onDone && (
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      )}
    </form>
  )
}

function AttributeTypes() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const router = useRouter()
  const [editing, setEditing] = useState<string>()
  const [doomed, setDoomed] = useState<AttributeType>()
  const [status, setStatus] = useState("")
  const remove = useAction(async (id: string) => {
    await api.attributeTypes.delete({ path: { attributeTypeId: id } })
    return true
  })
  const columns = [
    column.accessor("description", {
      header: "Description",
      cell: (info) =>
        editing === info.row.original.id ? (
          <DescriptionForm
            id={`rename-${info.row.original.id}`}
            label={`New description for ${info.getValue()}`}
            initial={info.getValue()}
            submitLabel="Save"
            onSave={async (description) => {
              await api.attributeTypes.update({
                path: { attributeTypeId: info.row.original.id },
                payload: { description },
              })
              setStatus(`Saved “${description}”.`)
            }}
            onDone={() => setEditing(undefined)}
          />
        ) : (
          info.getValue()
        ),
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) =>
        editing === info.row.original.id ? null : (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn"
              aria-label={`Rename ${info.row.original.description}`}
              onClick={() => setEditing(info.row.original.id)}
            >
              Rename
            </button>
            <button
              type="button"
              className="btn btn-danger"
              aria-label={`Delete ${info.row.original.description}`}
              onClick={() => {
                remove.reset()
                setDoomed(info.row.original)
              }}
            >
              Delete
            </button>
          </div>
        ),
    }),
  ]
  return (
    <>
      <PageHeader title="Attribute types" />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">
        Attribute types name the extra facts a competition can carry (a car's mileage, a display
        order). Each competition gives its own value for the types it uses.
      </p>
      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-3">
          <SearchBar
            label="Search by description"
            value={search.q}
            onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
          />
          <p role="status" aria-live="polite" className="text-sm text-green-700">
            {status}
          </p>
          <DataTable
            rows={data.attributeTypes}
            columns={columns}
            caption="Attribute types"
            rowKey={(t) => t.id}
            empty={
              <Empty title={search.q ? "No attribute type matches." : "No attribute types yet."}>
                {search.q ? "Try other words." : "Add the first one with the form beside the list."}
              </Empty>
            }
          />
          <Pager
            page={data}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        </div>
        <section className="card h-fit space-y-3 p-4" aria-labelledby="new-attribute-type">
          <h2 id="new-attribute-type" className="font-semibold">
            New attribute type
          </h2>
          <DescriptionForm
            id="new-attribute-description"
            label="Description"
            initial=""
            submitLabel="Add"
            onSave={async (description) => {
              await api.attributeTypes.create({ payload: { description } })
              setStatus(`Added “${description}”.`)
              await router.invalidate()
            }}
          />
        </section>
      </div>
      <ConfirmDialog
        open={doomed !== undefined}
        title={`Delete “${doomed?.description ?? ""}”?`}
        confirmLabel="Delete attribute type"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDoomed(undefined)}
        onConfirm={async () => {
          if (doomed && (await remove.run(doomed.id))) {
            setStatus(`Deleted “${doomed.description}”.`)
            setDoomed(undefined)
          }
        }}
      >
        <p>
          The type is removed for good. While any competition carries a value of it, the shop
          refuses and says which.
        </p>
      </ConfirmDialog>
    </>
  )
}
