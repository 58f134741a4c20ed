import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { CategoryForm } from "../../../components/CategoryForm"
import { ConfirmDialog } from "../../../components/Confirm"
import { DataTable } from "../../../components/DataTable"
import { CompetitionLink } from "../../../components/Links"
import { Empty, ErrorNote, PageHeader } from "../../../components/PageStates"
import { categoryValues } from "../../../lib/catalogue"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/categories/$categoryId")({
  head: () => ({ meta: [{ title: pageTitle("Category") }] }),
  loader: async ({ params }) => {
    const [{ category }, linked] = await Promise.all([
      api.categories.byId({ path: { categoryId: params.categoryId } }),
      // Staff see every competition in the category, hidden and past ones too.
      api.competitions.list({
        urlParams: {
          CategoryId: params.categoryId,
          VisibilityStatus: "All",
          TimePeriod: "All",
          PageSize: 100,
        },
      }),
    ])
    return { category, linked }
  },
  component: CategoryScreen,
})

const column = createColumnHelper<CompetitionJson>()

function CategoryScreen() {
  const { category, linked } = Route.useLoaderData()
  const router = useRouter()
  const navigate = useNavigate()
  const [deleting, setDeleting] = useState(false)
  const [unlinking, setUnlinking] = useState<CompetitionJson>()
  const remove = useAction(
    async () => {
      await api.categoryAdmin.delete({ path: { categoryId: category.id } })
      return true
    },
    { reload: false },
  )
  const unlink = useAction(async (competitionId: string) => {
    await api.categoryAdmin.unlinkCompetition({ path: { categoryId: category.id, competitionId } })
    return true
  })
  const columns = [
    column.accessor("name", {
      header: "Competition",
      cell: (info) => (
        <CompetitionLink id={info.row.original.id}>{info.getValue()}</CompetitionLink>
      ),
    }),
    column.accessor("visibilityStatus", { header: "Visibility" }),
    column.accessor("closeDateTimeUtc", {
      header: "Closes",
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => (
        <button
          type="button"
          className="btn"
          aria-label={`Remove ${info.row.original.name} from this category`}
          onClick={() => {
            unlink.reset()
            setUnlinking(info.row.original)
          }}
        >
          Remove
        </button>
      ),
    }),
  ]
  return (
    <>
      <PageHeader title={category.name}>
        <Link to="/categories" className="btn">
          All categories
        </Link>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            remove.reset()
            setDeleting(true)
          }}
        >
          Delete category
        </button>
      </PageHeader>
      <div className="grid gap-4 xl:grid-cols-[22rem_1fr]">
        <section className="card h-fit space-y-3 p-4" aria-labelledby="edit-category">
          <h2 id="edit-category" className="font-semibold">
            Details
          </h2>
          <CategoryForm
            key={category.id}
            initial={categoryValues(category)}
            submitLabel="Save changes"
            onSave={async (payload) => {
              await api.categoryAdmin.update({ path: { categoryId: category.id }, payload })
              await router.invalidate()
            }}
          />
        </section>
        <section className="min-w-0 space-y-3" aria-labelledby="category-competitions">
          <h2 id="category-competitions" className="font-semibold">
            Competitions in this category ({linked.totalCount})
          </h2>
          <DataTable
            rows={linked.competitions}
            columns={columns}
            caption={`Competitions in ${category.name}`}
            rowKey={(c) => c.id}
            empty={
              <Empty title="No competitions in this category yet.">
                Add one with the search below.
              </Empty>
            }
          />
          <LinkCompetition
            categoryId={category.id}
            linkedIds={new Set(linked.competitions.map((c) => c.id))}
          />
        </section>
      </div>
      <ConfirmDialog
        open={deleting}
        title={`Delete “${category.name}”?`}
        confirmLabel="Delete category"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          if (await remove.run()) await navigate({ to: "/categories" })
        }}
      >
        <p>
          The category is removed from the shop. Its {linked.totalCount} competition
          {linked.totalCount === 1 ? "" : "s"} stay; they are only unlinked from it. This cannot be
          undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={unlinking !== undefined}
        title={`Remove “${unlinking?.name ?? ""}” from ${category.name}?`}
        confirmLabel="Remove from category"
        pending={unlink.pending}
        error={unlink.error}
        onCancel={() => setUnlinking(undefined)}
        onConfirm={async () => {
          if (unlinking && (await unlink.run(unlinking.id))) setUnlinking(undefined)
        }}
      >
        <p>The competition itself is not changed; it is no longer listed in this category.</p>
      </ConfirmDialog>
    </>
  )
}

/** Find a competition by name (hidden and past ones too) and add it to the category. */
function LinkCompetition({
  categoryId,
  linkedIds,
}: {
  readonly categoryId: string
  readonly linkedIds: ReadonlySet<string>
}) {
  const [text, setText] = useState("")
  const [found, setFound] = useState<readonly CompetitionJson[]>()
  const find = useAction(
    async (name: string) => {
      const result = await api.competitions.list({
        urlParams: { Name: name, VisibilityStatus: "All", TimePeriod: "All", PageSize: 10 },
      })
      setFound(result.competitions)
      return true
    },
    { reload: false },
  )
  const link = useAction(async (competitionId: string) => {
    await api.categoryAdmin.linkCompetition({ path: { categoryId }, payload: { competitionId } })
    return true
  })
  return (
    <div className="card space-y-3 p-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (text.trim()) void find.run(text.trim())
        }}
      >
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor="link-competition" className="label">
            Add a competition: search by name
          </label>
          <input
            id="link-competition"
            type="search"
            className="input"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn" disabled={find.pending}>
          {find.pending ? "Searching…" : "Find"}
        </button>
      </form>
      <ErrorNote error={find.error ?? link.error} />
      {found &&
        (found.length === 0 ? (
          <p className="text-sm text-slate-600">No competition has that name.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {found.map((competition) => (
              <li key={competition.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {competition.name}{" "}
                  <span className="text-slate-500">
                    ({competition.visibilityStatus}, closes{" "}
                    {formatDateTime(competition.closeDateTimeUtc)})
                  </span>
                </span>
                {linkedIds.has(competition.id) ? (
                  <span className="text-slate-500">In this category</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={link.pending}
                    aria-label={`Add ${competition.name} to this category`}
                    onClick={() => void link.run(competition.id)}
                  >
                    Add
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}
