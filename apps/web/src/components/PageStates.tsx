import { type ErrorComponentProps, Link, Navigate, useRouter } from "@tanstack/react-router"
import { type ReactNode, useEffect } from "react"
import { isApiError } from "../api/client"
import { connectivityMessages } from "../lib/connectivity"
import { useRecheckConnectivity } from "./Connectivity"
import { Icon } from "./Icon"
import { MessagePage } from "./MessagePage"

/** Unknown paths go home (docs/product/screens.md). */
export const RedirectHome = () => <Navigate to="/" replace />

/** The loading state of a page whose data is on its way. */
export const PagePending = () => (
  <div className="mx-auto max-w-7xl px-5 py-10" aria-busy="true">
    <p className="sr-only" role="status">
      Loading…
    </p>
    <div className="mb-8 h-9 w-64 animate-pulse rounded-lg bg-sunken" />
    <TileSkeletons />
  </div>
)

export const TileSkeletons = ({ count = 6 }: { count?: number }) => (
  <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
    {Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
      <div key={i} className="card overflow-hidden">
        <div className="aspect-[4/3] animate-pulse bg-sunken" />
        <div className="space-y-3 p-5">
          <div className="h-5 w-3/4 animate-pulse rounded bg-sunken" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-sunken" />
          <div className="h-10 animate-pulse rounded-full bg-sunken" />
        </div>
      </div>
    ))}
  </div>
)

/**
 * A page whose data failed to load. If the API could not be reached the
 * layout is asked to check, and takes over with its own message.
 */
export const RouteError = ({ error }: ErrorComponentProps) => {
  const router = useRouter()
  const recheck = useRecheckConnectivity()
  const unreachable = isApiError(error) && error.unreachable
  useEffect(() => {
    if (unreachable) recheck()
  }, [unreachable, recheck])
  return (
    <MessagePage icon="info">
      <p role="alert" className="text-xl font-semibold text-balance">
        {unreachable
          ? connectivityMessages.unreachable
          : "Sorry, this page didn't load properly. Please try again."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => void router.invalidate()}>
          Try again
        </button>
        <Link to="/" className="btn-outline">
          Go home
        </Link>
      </div>
    </MessagePage>
  )
}

/** A friendly "nothing here" panel for empty lists. */
export const EmptyState = ({
  icon = "ticket",
  title,
  children,
}: {
  icon?: "ticket" | "trophy" | "clock"
  title: string
  children?: ReactNode
}) => (
  <div className="card flex flex-col items-center px-6 py-14 text-center">
    <span className="mb-5 inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
      <Icon name={icon} className="size-8" />
    </span>
    <p className="text-lg font-semibold text-balance">{title}</p>
    {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
  </div>
)

/** The heading block every list page opens with. */
export const PageHeading = ({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string
  title: string
  children?: ReactNode
}) => (
  <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
    <div>
      {eyebrow ? <p className="eyebrow mb-2">{eyebrow}</p> : null}
      <h1 className="display-title text-3xl sm:text-4xl">{title}</h1>
    </div>
    {children}
  </div>
)
