import type { CategoryJson } from "@howzat/contracts/catalogue"
import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { CategoryForm } from "../../../components/CategoryForm"
import { ConfirmDialog } from "../../../components/Confirm"
import { DataTable } from "../../../components/DataTable"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { SearchBar } from "../../../components/SearchBar"
import { emptyCategory } from "../../../lib/catalogue"
import { pageTitle } from "../../../lib/page-title"
import { oneOf, pageParam, textParam } from "../../../lib/search"
import { useAction } from "../../../lib/use-action"

const visibility = oneOf("VisibleOnly", "HiddenOnly")

interface CategorySearch {
  readonly page?: number
  readonly q?: string
  readonly visibility?: "VisibleOnly" | "HiddenOnly"
}

export const Route = createFileRoute("/_staff/categories/")({
  head: () => ({ meta: [{ title: pageTitle("Categories") }] }),
  validateSearch: (search: Record<string, unknown>): CategorySearch => ({
    page: pageParam(search.page),
    q: textParam(search.q),
    visibility: visibility(search.visibility),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.categories.list({
      urlParams: {
        Name: deps.q,
        VisibilityStatus: deps.visibility ?? "All",
        PageNumber: deps.page,
        PageSize: 20,
      },
    }),
  component: Categories,
})

const column = createColumnHelper<CategoryJson>()

function Categories() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [doomed, setDoomed] = useState<CategoryJson>()
  const router = useRouter()
  const remove = useAction(async (id: string) => {
    await api.categoryAdmin.delete({ path: { categoryId: id } })
    return true
  })
  const columns = [
    column.accessor("name", {
      header: "Name",
      cell: (info) => (
        <Link
          to="/categories/$categoryId"
          params={{ categoryId: info.row.original.id }}
          className="font-medium text-primary-800 underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor("visibilityStatus", {
      header: "Visibility",
      cell: (info) => (info.getValue() === "Visible" ? "Visible" : "Hidden"),
    }),
    column.accessor("description", {
      header: "Description",
      enableSorting: false,
      cell: (info) => <span className="line-clamp-2 text-slate-600">{info.getValue()}</span>,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => (
        <div className="flex gap-2">
          <Link
            to="/categories/$categoryId"
            params={{ categoryId: info.row.original.id }}
            className="btn"
            aria-label={`Edit ${info.row.original.name}`}
          >
            Edit
          </Link>
          <button
            type="button"
            className="btn btn-danger"
            aria-label={`Delete ${info.row.original.name}`}
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
      <PageHeader title="Categories" />
      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-3">
          <SearchBar
            label="Search by name"
            value={search.q}
            onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
          >
            <div className="space-y-1">
              <label className="label" htmlFor="category-visibility">
                Visibility
              </label>
              <select
                id="category-visibility"
                className="input w-auto"
                value={search.visibility ?? ""}
                onChange={(e) =>
                  navigate({
                    search: (prev) => ({
                      ...prev,
                      visibility: visibility(e.target.value),
                      page: undefined,
                    }),
                  })
                }
              >
                <option value="">All</option>
                <option value="VisibleOnly">Visible</option>
                <option value="HiddenOnly">Hidden</option>
              </select>
            </div>
          </SearchBar>
          <DataTable
            rows={data.categories}
            columns={columns}
            caption="Categories"
            rowKey={(c) => c.id}
            empty={
              <Empty
                title={
                  search.q || search.visibility ? "No category matches." : "No categories yet."
                }
              >
                {search.q || search.visibility
                  ? "Try another name, or clear the filters."
                  : "Add the first one with the form beside the list."}
              </Empty>
            }
          />
          <Pager
            page={data}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        </div>
        <section className="card h-fit space-y-3 p-4" aria-labelledby="new-category">
          <h2 id="new-category" className="font-semibold">
            New category
          </h2>
          <CategoryForm
            initial={emptyCategory}
            submitLabel="Add category"
            resetAfterSave
            onSave={async (payload) => {
              await api.categoryAdmin.create({ payload })
              await router.invalidate()
            }}
          />
        </section>
      </div>
      <ConfirmDialog
        open={doomed !== undefined}
        title={`Delete “${doomed?.name ?? ""}”?`}
        confirmLabel="Delete category"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDoomed(undefined)}
        onConfirm={async () => {
          if (!doomed) return
          if (await remove.run(doomed.id)) setDoomed(undefined)
        }}
      >
        <p>
          The category is removed from the shop. Its competitions stay; they are only unlinked from
          it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  )
}
