import type { StaffImage } from "@howzat/contracts/images"
import { useEffect, useId, useState } from "react"
import { api } from "../api"
import { moveItem, requiredText } from "../lib/catalogue"
import { fieldErrors } from "../lib/problems"
import { useAction } from "../lib/use-action"
import { ErrorNote } from "./PageStates"

type Image = typeof StaffImage.Encoded

export interface ImageGroupDraft {
  readonly name: string
  readonly description: string
  readonly images: readonly Image[]
}

const nameRequired = requiredText("A name is required.")

/**
 * A group's name, description and images in display order: chosen from the
 * library (an image belongs to one group at most), moved up and down,
 * removed. Saving sends the whole list; a refusal keeps every choice.
 */
export function ImageGroupEditor({
  groupId,
  initial,
  submitLabel,
  onSave,
}: {
  readonly groupId?: string
  readonly initial: ImageGroupDraft
  readonly submitLabel: string
  readonly onSave: (payload: {
    name: string
    description: string
    imageIds: string[]
  }) => Promise<unknown>
}) {
  const id = useId()
  const [name, setName] = useState(initial.name)
  const [description, setDescription] = useState(initial.description)
  const [images, setImages] = useState<readonly Image[]>(initial.images)
  const [nameProblem, setNameProblem] = useState<string>()
  const [status, setStatus] = useState("")
  const save = useAction(async () => {
    await onSave({
      name: name.trim(),
      description: description.trim(),
      imageIds: images.map((image) => image.id),
    })
    return true
  })
  const server = fieldErrors(save.error)
  const nameError = nameProblem ?? server.name
  const chosen = new Set(images.map((image) => image.id))
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <form
        noValidate
        className="card h-fit space-y-3 p-4"
        onSubmit={async (event) => {
          event.preventDefault()
          setStatus("")
          const missing = nameRequired(name)
          setNameProblem(missing)
          if (missing) return
          if (await save.run()) setStatus("Saved")
        }}
      >
        <div className="space-y-1">
          <label htmlFor={`${id}-name`} className="label">
            Name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            maxLength={1000}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
          />
          {nameError && (
            <p id={`${id}-name-error`} className="text-xs text-red-700">
              {nameError}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-description`} className="label">
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="input min-h-16"
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          {server.description && <p className="text-xs text-red-700">{server.description}</p>}
        </div>
        <fieldset className="space-y-2">
          <legend className="label">Images in display order ({images.length})</legend>
          {images.length === 0 ? (
            <p className="text-sm text-slate-600">
              No images yet. Add them from the library beside this form.
            </p>
          ) : (
            <ol className="space-y-2">
              {images.map((image, index) => (
                <li
                  key={image.id}
                  className="flex items-center gap-2 rounded border border-slate-200 p-2"
                >
                  <span className="w-6 text-right text-sm text-slate-500">{index + 1}.</span>
                  <img
                    src={image.url}
                    alt={image.description}
                    className="size-14 rounded object-cover"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm">
                    {image.description || "No alt text"}
                  </span>
                  <button
                    type="button"
                    className="btn"
                    disabled={index === 0}
                    aria-label={`Move ${image.description || `image ${index + 1}`} up`}
                    onClick={() => setImages((list) => moveItem(list, index, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn"
                    disabled={index === images.length - 1}
                    aria-label={`Move ${image.description || `image ${index + 1}`} down`}
                    onClick={() => setImages((list) => moveItem(list, index, 1))}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Take ${image.description || `image ${index + 1}`} out of the group`}
                    onClick={() => setImages((list) => list.filter((i) => i.id !== image.id))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
          )}
          {server.imageIds && <p className="text-xs text-red-700">{server.imageIds}</p>}
        </fieldset>
        {!server.name && !server.description && !server.imageIds && (
          <ErrorNote error={save.error} />
        )}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={save.pending}>
            {save.pending ? "Saving…" : submitLabel}
          </button>
          <p role="status" aria-live="polite" className="text-sm text-green-700">
            {status}
          </p>
        </div>
      </form>
      <LibraryPicker
        groupId={groupId}
        chosen={chosen}
        onPick={(image) => setImages((list) => [...list, image])}
      />
    </div>
  )
}

/** The library, a page at a time, for picking a group's images. */
function LibraryPicker({
  groupId,
  chosen,
  onPick,
}: {
  readonly groupId?: string
  readonly chosen: ReadonlySet<string>
  readonly onPick: (image: Image) => void
}) {
  const [page, setPage] = useState(1)
  const [query, setQuery] = useState<string>()
  const [text, setText] = useState("")
  const [library, setLibrary] = useState<{
    images: readonly Image[]
    totalPages: number
  }>()
  const [failure, setFailure] = useState<unknown>()
  useEffect(() => {
    let live = true
    setFailure(undefined)
    api.images
      .list({ urlParams: { Description: query, PageNumber: page, PageSize: 12 } })
      .then((result) => live && setLibrary(result))
      .catch((error: unknown) => live && setFailure(error))
    return () => {
      live = false
    }
  }, [page, query])
  return (
    <section className="card h-fit space-y-3 p-4" aria-labelledby="library-picker">
      <h2 id="library-picker" className="font-semibold">
        Add from the library
      </h2>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          setPage(1)
          setQuery(text.trim() || undefined)
        }}
      >
        <div className="flex-1 space-y-1">
          <label htmlFor="picker-search" className="label">
            Search by alt text
          </label>
          <input
            id="picker-search"
            type="search"
            className="input"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      <ErrorNote error={failure} />
      {!library && !failure && <p className="text-sm text-slate-600">Loading the library…</p>}
      {library && library.images.length === 0 && (
        <p className="text-sm text-slate-600">
          No images found. Upload them on the Images screen first.
        </p>
      )}
      {library && library.images.length > 0 && (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-2">
          {library.images.map((image) => {
            const inOther = image.imageGroupId !== null && image.imageGroupId !== groupId
            const inThis = chosen.has(image.id)
            return (
              <li key={image.id} className="space-y-1 rounded border border-slate-200 p-2 text-xs">
                <img
                  src={image.url}
                  alt={image.description}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded object-cover"
                />
                <p className="truncate">{image.description || "No alt text"}</p>
                {inThis ? (
                  <p className="text-slate-500">In this group</p>
                ) : inOther ? (
                  <p className="text-slate-500">In another group</p>
                ) : (
                  <button
                    type="button"
                    className="btn w-full"
                    aria-label={`Add ${image.description || "image"} to the group`}
                    onClick={() => onPick(image)}
                  >
                    Add
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {library && library.totalPages > 1 && (
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            Page {page} of {library.totalPages}
          </span>
          <span className="flex gap-2">
            <button
              type="button"
              className="btn"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn"
              disabled={page >= library.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </span>
        </div>
      )}
    </section>
  )
}
