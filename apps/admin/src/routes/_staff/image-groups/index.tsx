import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { ConfirmDialog } from "../../../components/Confirm"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { SearchBar } from "../../../components/SearchBar"
import { pageTitle } from "../../../lib/page-title"
import { pageParam, textParam } from "../../../lib/search"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/image-groups/")({
  head: () => ({ meta: [{ title: pageTitle("Image groups") }] }),
  validateSearch: (search: Record<string, unknown>): { page?: number; q?: string } => ({
    page: pageParam(search.page),
    q: textParam(search.q),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.imageGroups.list({ urlParams: { Name: deps.q, PageNumber: deps.page, PageSize: 20 } }),
  component: ImageGroups,
})

function ImageGroups() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [doomed, setDoomed] = useState<{ id: string; name: string; count: number }>()
  const remove = useAction(async (imageGroupId: string) => {
    await api.imageGroups.delete({ path: { imageGroupId } })
    return true
  })
  return (
    <>
      <PageHeader title="Image groups">
        <Link to="/image-groups/new" className="btn btn-primary">
          New image group
        </Link>
      </PageHeader>
      <div className="space-y-3">
        <SearchBar
          label="Search by name"
          value={search.q}
          onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
        />
        {data.imageGroups.length === 0 ? (
          <Empty title={search.q ? "No image group matches." : "No image groups yet."}>
            {search.q
              ? "Try another name."
              : "A group is the gallery a competition shows. Make one with New image group."}
          </Empty>
        ) : (
          <ul className="space-y-2" aria-label="Image groups">
            {data.imageGroups.map((group) => (
              <ImageGroupRow
                key={group.id}
                group={group}
                onDelete={() => {
                  remove.reset()
                  setDoomed({ id: group.id, name: group.name, count: group.images.length })
                }}
              />
            ))}
          </ul>
        )}
        <Pager page={data} onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })} />
      </div>
      <ConfirmDialog
        open={doomed !== undefined}
        title={`Delete “${doomed?.name ?? ""}”?`}
        confirmLabel="Delete group"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDoomed(undefined)}
        onConfirm={async () => {
          if (doomed && (await remove.run(doomed.id))) setDoomed(undefined)
        }}
      >
        <p>
          The group goes; its {doomed?.count ?? 0} image{doomed?.count === 1 ? "" : "s"} go back to
          the library. The shop refuses while a competition or an instant-win group shows it.
        </p>
      </ConfirmDialog>
    </>
  )
}

/** One group: its name and count, the first few images, Edit and Delete. */
function ImageGroupRow({
  group,
  onDelete,
}: {
  readonly group: (typeof Route.types.loaderData)["imageGroups"][number]
  readonly onDelete: () => void
}) {
  return (
    <li className="card flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-48 flex-1">
        <Link
          to="/image-groups/$imageGroupId"
          params={{ imageGroupId: group.id }}
          className="font-medium text-primary-800 underline"
        >
          {group.name}
        </Link>
        <p className="text-xs text-slate-500">
          {group.images.length} {group.images.length === 1 ? "image" : "images"}
          {group.description ? ` · ${group.description}` : ""}
        </p>
      </div>
      <div className="flex gap-1" aria-hidden="true">
        {group.images.slice(0, 5).map((image) => (
          <img
            key={image.id}
            src={image.url}
            alt=""
            loading="lazy"
            className="size-12 rounded object-cover"
          />
        ))}
      </div>
      <div className="flex gap-2">
        <Link
          to="/image-groups/$imageGroupId"
          params={{ imageGroupId: group.id }}
          className="btn"
          aria-label={`Edit ${group.name}`}
        >
          Edit
        </Link>
        <button
          type="button"
          className="btn btn-danger"
          aria-label={`Delete ${group.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  )
}
