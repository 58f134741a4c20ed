import { type ErrorComponentProps, Link } from "@tanstack/react-router"
import { ApiError } from "../api"
import { RouteError } from "./PageStates"

/** The API answered 403: the caller is staff, but not an Admin. */
export const isForbidden = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403

/**
 * The error screen of an Admin-only screen. A member of staff who types its
 * address is told plainly what it is for and who can use it, rather than a
 * generic failure; any other failure gets the usual screen.
 */
export function AdminOnlyError({
  what,
  ...props
}: ErrorComponentProps & { readonly what: string }) {
  if (!isForbidden(props.error)) return <RouteError {...props} />
  return (
    <div className="card m-4 max-w-xl space-y-3 p-6">
      <h1 className="text-lg font-semibold">Only Admins can {what}</h1>
      <p className="text-sm text-slate-600">
        Your account has the Staff role. If you need this, ask an Admin to do it for you or to
        change your role.
      </p>
      <Link to="/" className="btn">
        Back to the dashboard
      </Link>
    </div>
  )
}
