import type { EditableResourceJson } from "@howzat/contracts/site-content"
import { UpdateResourceRequest } from "@howzat/contracts/site-content"
import { useForm } from "@tanstack/react-form"
import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { useId, useState } from "react"
import { api } from "../../../api"
import { fieldError } from "../../../components/Field"
import { Empty, ErrorNote, PageHeader } from "../../../components/PageStates"
import { contentProblem, editorText, kindLabel } from "../../../lib/content-editor"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/content/")({
  head: () => ({ meta: [{ title: pageTitle("Site content") }] }),
  loader: () => api.siteContent.list(),
  component: SiteContent,
})

function SiteContent() {
  const { resources } = Route.useLoaderData()
  return (
    <>
      <PageHeader title="Site content" />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        What the shop shows from its Resources. HTML is cleaned by the server when it is saved
        (scripts, styles and unknown tags are removed); the preview shows what the shop serves.
      </p>
      {resources.length === 0 ? (
        <Empty title="There is no editable content." />
      ) : (
        <div className="space-y-6">
          {resources.map((resource) => (
            <ResourceEditor key={resource.key} resource={resource} />
          ))}
        </div>
      )}
    </>
  )
}

const updateSchema = Schema.standardSchemaV1(UpdateResourceRequest)

/**
 * One resource: its text, checked with the server's rules as it is typed,
 * saved on its own. What was typed stays after a refusal; after a save the
 * editor shows what the server stored (sanitised HTML).
 */
function ResourceEditor({ resource }: { readonly resource: EditableResourceJson }) {
  const [saved, setSaved] = useState(resource)
  const [failure, setFailure] = useState<unknown>()
  const [status, setStatus] = useState("")
  const headingId = useId()
  const editorId = useId()
  const form = useForm({
    // From what the server last stored, so a save's answer becomes the new starting point.
    defaultValues: { value: editorText(saved.kind, saved.value) },
    validators: { onSubmit: updateSchema },
    onSubmit: async ({ value, formApi }) => {
      setFailure(undefined)
      setStatus("")
      try {
        const answer = await api.siteContent.update({ path: { key: resource.key }, payload: value })
        setSaved(answer.resource)
        formApi.reset({ value: editorText(answer.resource.kind, answer.resource.value) })
        setStatus("Saved")
      } catch (error) {
        setFailure(error)
      }
    },
  })
  const isHtml = resource.kind === "Html"
  return (
    <section className="card p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        {resource.description}
      </h2>
      <p className="text-xs text-slate-500">
        <code>{resource.key}</code> · {kindLabel[resource.kind]}
        {saved.value === null && " · not set yet"}
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <div className={isHtml ? "grid gap-4 lg:grid-cols-2" : ""}>
          <form.Field
            name="value"
            validators={{
              onChange: ({ value }) => contentProblem(resource, value),
            }}
          >
            {(field) => {
              const error = fieldError(field)
              return (
                <div className="space-y-1">
                  <label htmlFor={editorId} className="label">
                    {resource.key} ({kindLabel[resource.kind]})
                  </label>
                  <textarea
                    id={editorId}
                    className="input min-h-48 font-mono text-xs"
                    spellCheck={isHtml}
                    value={field.state.value}
                    onChange={(e) => {
                      setStatus("")
                      field.handleChange(e.target.value)
                    }}
                    onBlur={field.handleBlur}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${editorId}-error` : undefined}
                  />
                  {error && (
                    <p id={`${editorId}-error`} className="text-xs text-red-700">
                      {error}
                    </p>
                  )}
                </div>
              )
            }}
          </form.Field>
          {isHtml && (
            <div className="space-y-1">
              <p className="label">Preview (as saved)</p>
              {saved.value ? (
                <div
                  className="prose min-h-48 rounded-md border border-dashed border-slate-300 p-3 text-sm"
                  // The server's sanitised copy only, never the unsaved text.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save
                  dangerouslySetInnerHTML={{ __html: saved.value }}
                />
              ) : (
                <p className="min-h-48 rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-500">
                  Nothing saved yet.
                </p>
              )}
            </div>
          )}
        </div>
        <ErrorNote error={failure} />
        <div className="flex flex-wrap items-center gap-3">
          <form.Subscribe selector={(s) => [s.isSubmitting, s.isDirty] as const}>
            {([submitting, dirty]) => (
              <>
                <button type="submit" className="btn btn-primary" disabled={submitting}>
                  {submitting ? "Saving…" : "Save"}
                  <span className="sr-only"> {resource.key}</span>
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={!dirty || submitting}
                  onClick={() => {
                    setFailure(undefined)
                    form.reset({ value: editorText(saved.kind, saved.value) })
                  }}
                >
                  Undo changes
                </button>
                {dirty && <span className="text-xs text-amber-700">Unsaved changes</span>}
              </>
            )}
          </form.Subscribe>
          <p role="status" aria-live="polite" className="text-sm text-primary-700">
            {status}
          </p>
        </div>
      </form>
    </section>
  )
}
