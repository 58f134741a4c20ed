import { useId, useRef, useState } from "react"
import { ApiError, api } from "../api"
import { MAX_FILES_PER_UPLOAD, uploadForm } from "../lib/catalogue"
import { useAction } from "../lib/use-action"
import { ErrorNote } from "./PageStates"

/**
 * Upload one or more images to the library. The server judges each file by
 * its bytes, its size and whether it can be read; one bad file refuses the
 * whole upload, naming it, and nothing is stored, so the files stay chosen
 * for staff to fix and retry. It stores each picture re-encoded without its
 * metadata (docs/decisions/0066), which the hint tells staff.
 */
export function ImageUpload({ onUploaded }: { readonly onUploaded?: (count: number) => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [files, setFiles] = useState<readonly File[]>([])
  const [directory, setDirectory] = useState("competitions")
  const [description, setDescription] = useState("")
  const [status, setStatus] = useState("")
  const [tooMany, setTooMany] = useState(false)
  const upload = useAction(async (chosen: readonly File[]) => {
    const { images } = await api.images.upload({
      urlParams: { directory: directory.trim() || undefined },
      payload: uploadForm(chosen, description),
    })
    return images.length
  })
  const refusals = fieldErrorsAll(upload.error)
  return (
    <form
      noValidate
      className="space-y-3"
      aria-busy={upload.pending}
      onSubmit={async (event) => {
        event.preventDefault()
        setStatus("")
        if (files.length === 0 || files.length > MAX_FILES_PER_UPLOAD) {
          setTooMany(files.length > MAX_FILES_PER_UPLOAD)
          if (files.length === 0) setStatus("Choose at least one image first.")
          return
        }
        const count = await upload.run(files)
        if (count !== undefined) {
          setStatus(`Uploaded ${count} ${count === 1 ? "image" : "images"}.`)
          setFiles([])
          setDescription("")
          if (input.current) input.current.value = ""
          onUploaded?.(count)
        }
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-files`} className="label">
          Image files
        </label>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="input"
          aria-describedby={`${id}-files-hint`}
          onChange={(e) => {
            setFiles([...(e.target.files ?? [])])
            setTooMany((e.target.files?.length ?? 0) > MAX_FILES_PER_UPLOAD)
            upload.reset()
            setStatus("")
          }}
        />
        <p id={`${id}-files-hint`} className="text-xs text-slate-500">
          JPEG, PNG, WebP, GIF or AVIF; up to {MAX_FILES_PER_UPLOAD} files at a time. Photos are
          stored upright, without their location or camera details.
        </p>
        {tooMany && (
          <p className="text-xs text-red-700">
            Choose at most {MAX_FILES_PER_UPLOAD} files in one upload.
          </p>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="label">
          Alt text for these images (optional)
        </label>
        <input
          id={`${id}-description`}
          className="input"
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-directory`} className="label">
          Folder
        </label>
        <input
          id={`${id}-directory`}
          className="input"
          maxLength={200}
          value={directory}
          aria-describedby={`${id}-directory-hint`}
          onChange={(e) => setDirectory(e.target.value)}
        />
        <p id={`${id}-directory-hint`} className="text-xs text-slate-500">
          Where the library files them, e.g. competitions or winners/2026 (lower case).
        </p>
      </div>
      <ErrorNote error={upload.error} />
      {refusals.length > 1 && (
        <ul className="list-disc pl-5 text-sm text-red-800">
          {refusals.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={upload.pending}>
          {upload.pending
            ? `Uploading ${files.length} ${files.length === 1 ? "file" : "files"}…`
            : "Upload"}
        </button>
        {upload.pending && (
          <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-primary-700" />
        )}
        <p role="status" aria-live="polite" className="text-sm text-green-700">
          {status}
        </p>
      </div>
    </form>
  )
}

/** Every message of a refused upload's `errors.files` (one per bad file). */
const fieldErrorsAll = (error: unknown): readonly string[] => {
  const all = error instanceof ApiError ? error.problem?.errors : undefined
  const files = all && typeof all === "object" ? (all as { files?: unknown }).files : undefined
  return Array.isArray(files) ? files.filter((m): m is string => typeof m === "string") : []
}
