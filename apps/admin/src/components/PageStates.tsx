import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { errorMessage } from "../lib/problems"
import { sessionLost } from "../session"

/** While a screen's data loads (shown after a short delay, so fast pages do not flash). */
export function Loading({ label = "Loading…" }: { readonly label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 p-8 text-slate-600">
      <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-primary-700" />
      {label}
    </div>
  )
}

/** A list with nothing in it says so, and what to do next. */
export function Empty({
  title,
  children,
}: {
  readonly title: string
  readonly children?: ReactNode
}) {
  return (
    <div className="card p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  )
}

/** An alert for a failure, with the server's own words. */
export function ErrorNote({ error }: { readonly error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errorMessage(error)}
    </p>
  )
}

/** A screen whose data could not load: what happened, and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  if (sessionLost(error)) {
    void router.navigate({ to: "/sign-in", search: { redirect: router.state.location.href } })
  }
  return (
    <div className="card m-4 space-y-4 p-6">
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <ErrorNote error={error} />
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </button>
        <Link to="/" className="btn">
          Dashboard
        </Link>
      </div>
    </div>
  )
}

export function NotFound() {
  return (
    <div className="card m-4 p-6">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is nothing at this address.</p>
      <Link to="/" className="btn mt-4">
        Dashboard
      </Link>
    </div>
  )
}

export function PageHeader({
  title,
  children,
}: {
  readonly title: string
  readonly children?: ReactNode
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  )
}
