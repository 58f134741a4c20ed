import type { StaffImage } from "@howzat/contracts/images"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { ConfirmDialog } from "../../../components/Confirm"
import { ImageUpload } from "../../../components/ImageUpload"
import { Pager } from "../../../components/Pager"
import { Empty, ErrorNote, PageHeader } from "../../../components/PageStates"
import { SearchBar } from "../../../components/SearchBar"
import { formatBytes } from "../../../lib/catalogue"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { fieldErrors } from "../../../lib/problems"
import { pageParam, textParam } from "../../../lib/search"
import { useAction } from "../../../lib/use-action"

type Image = typeof StaffImage.Encoded

export const Route = createFileRoute("/_staff/images/")({
  head: () => ({ meta: [{ title: pageTitle("Images") }] }),
  validateSearch: (search: Record<string, unknown>): { page?: number; q?: string } => ({
    page: pageParam(search.page),
    q: textParam(search.q),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.images.list({ urlParams: { Description: deps.q, PageNumber: deps.page, PageSize: 24 } }),
  component: ImageLibrary,
})

function ImageLibrary() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [doomed, setDoomed] = useState<Image>()
  const remove = useAction(async (imageId: string) => {
    await api.images.delete({ path: { imageId } })
    return true
  })
  return (
    <>
      <PageHeader title="Images" />
      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-3">
          <SearchBar
            label="Search by alt text"
            value={search.q}
            onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
          />
          {data.images.length === 0 ? (
            <Empty title={search.q ? "No image matches." : "The library is empty."}>
              {search.q ? "Try other words." : "Upload images with the form beside the library."}
            </Empty>
          ) : (
            <ul
              className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3"
              aria-label="Image library"
            >
              {data.images.map((image) => (
                <ImageCard
                  key={image.id}
                  image={image}
                  onDelete={() => {
                    remove.reset()
                    setDoomed(image)
                  }}
                />
              ))}
            </ul>
          )}
          <Pager
            page={data}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        </div>
        <section className="card h-fit space-y-3 p-4" aria-labelledby="upload-images">
          <h2 id="upload-images" className="font-semibold">
            Upload images
          </h2>
          <ImageUpload />
        </section>
      </div>
      <ConfirmDialog
        open={doomed !== undefined}
        title="Delete this image?"
        confirmLabel="Delete image"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDoomed(undefined)}
        onConfirm={async () => {
          if (doomed && (await remove.run(doomed.id))) setDoomed(undefined)
        }}
      >
        {doomed && (
          <img
            src={doomed.url}
            alt={doomed.description}
            className="max-h-40 rounded object-contain"
          />
        )}
        <p>
          “{doomed?.description || "No alt text"}” is removed from the library
          {doomed?.imageGroupId ? " and from its image group" : ""}. The shop refuses while a
          competition shows it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  )
}

function ImageCard({ image, onDelete }: { readonly image: Image; readonly onDelete: () => void }) {
  const [editing, setEditing] = useState(false)
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="grid aspect-[4/3] place-items-center bg-slate-100">
        <img
          src={image.url}
          alt={image.description}
          loading="lazy"
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 text-sm">
        {editing ? (
          <ImageEdit image={image} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p className="font-medium break-words">
              {image.description || <span className="text-slate-500">No alt text</span>}
            </p>
            <p className="text-xs text-slate-500">
              {image.directory || "—"} · {formatBytes(image.byteSize)}
              {image.createdAt ? ` · ${formatDateTime(image.createdAt)}` : ""}
              {image.imageGroupId ? " · in a group" : ""}
            </p>
            <div className="mt-auto flex gap-2">
              <button
                type="button"
                className="btn"
                aria-label={`Edit ${image.description || "image"}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-danger"
                aria-label={`Delete ${image.description || "image"}`}
                onClick={onDelete}
              >
                Delete
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  )
}

/** Alt text and the order it takes among its group's images. */
function ImageEdit({ image, onDone }: { readonly image: Image; readonly onDone: () => void }) {
  const [description, setDescription] = useState(image.description)
  const [sortOrder, setSortOrder] = useState(String(image.sortOrder))
  const save = useAction(async () => {
    const order = Number(sortOrder)
    await api.images.update({
      path: { imageId: image.id },
      payload: { description: description.trim(), sortOrder: Number.isInteger(order) ? order : -1 },
    })
    return true
  })
  const server = fieldErrors(save.error)
  const id = `image-${image.id}`
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault()
        if (await save.run()) onDone()
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-alt`} className="label">
          Alt text
        </label>
        <textarea
          id={`${id}-alt`}
          className="input min-h-16"
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={server.description ? `${id}-alt-error` : undefined}
        />
        {server.description && (
          <p id={`${id}-alt-error`} className="text-xs text-red-700">
            {server.description}
          </p>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-order`} className="label">
          Sort order
        </label>
        <input
          id={`${id}-order`}
          className="input"
          type="number"
          min={0}
          step={1}
          value={sortOrder}
          onChange={(e) => setSortOrder(e.target.value)}
          aria-describedby={server.sortOrder ? `${id}-order-error` : undefined}
        />
        {server.sortOrder && (
          <p id={`${id}-order-error`} className="text-xs text-red-700">
            {server.sortOrder}
          </p>
        )}
      </div>
      {!server.description && !server.sortOrder && <ErrorNote error={save.error} />}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.pending}>
          {save.pending ? "Saving…" : "Save"}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
