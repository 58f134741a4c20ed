import type { StaffUser } from "@howzat/contracts/staff-users"
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useId, useState, useSyncExternalStore } from "react"
import { api } from "../../../api"
import { AdminOnlyError } from "../../../components/AdminOnly"
import { ConfirmDialog } from "../../../components/Confirm"
import { DataTable } from "../../../components/DataTable"
import { NewStaffForm } from "../../../components/NewStaffForm"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { pageTitle } from "../../../lib/page-title"
import {
  roleDescription,
  STAFF_ROLES,
  type StaffRole,
  staffListParams,
  staffSearch,
} from "../../../lib/staff-users"
import { useAction } from "../../../lib/use-action"
import { getSession, subscribeSession } from "../../../session"

export const Route = createFileRoute("/_staff/staff/")({
  head: () => ({ meta: [{ title: pageTitle("Staff") }] }),
  validateSearch: staffSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => api.users.list({ urlParams: staffListParams(deps) }),
  errorComponent: (props) => <AdminOnlyError what="manage staff" {...props} />,
  component: Staff,
})

type Member = typeof StaffUser.Encoded
const column = createColumnHelper<Member>()

type Pending =
  | { readonly kind: "role"; readonly member: Member; readonly role: StaffRole }
  | { readonly kind: "remove"; readonly member: Member }
  /** An Admin who lost their phone and recovery codes sets up a new authenticator (decision 0032). */
  | { readonly kind: "reset"; readonly member: Member }

function Staff() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const router = useRouter()
  const session = useSyncExternalStore(subscribeSession, getSession)
  const me = session.status === "signedIn" ? session.user.emailAddress : undefined
  const [email, setEmail] = useState(search.email ?? "")
  const [adding, setAdding] = useState(false)
  const [pending, setPending] = useState<Pending | undefined>()
  const roleId = useId()
  const change = useAction(async (p: Pending) => {
    if (p.kind === "remove") await api.users.remove({ path: { userId: p.member.userId } })
    else if (p.kind === "reset")
      await api.users.resetSecondFactor({ path: { userId: p.member.userId } })
    else
      await api.users.update({
        path: { userId: p.member.userId },
        payload: { firstName: p.member.firstName, lastName: p.member.lastName, role: p.role },
      })
    return true
  })

  const open = (next: Pending) => {
    change.reset()
    setPending(next)
  }

  const columns = [
    column.accessor((m) => `${m.firstName} ${m.lastName}`, {
      id: "name",
      header: "Name",
      cell: (info) => (
        <span className="font-medium">
          {info.getValue()}
          {info.row.original.emailAddress === me && (
            <span className="ml-1 text-xs text-slate-500">(you)</span>
          )}
        </span>
      ),
    }),
    column.accessor("emailAddress", { header: "Email address" }),
    column.accessor("role", { header: "Role" }),
    column.accessor((m) => (m.emailVerified ? "Yes" : "Not yet"), {
      id: "verified",
      header: "Email verified",
    }),
    column.accessor(
      (m) => (m.role !== "Admin" ? "Not used" : m.secondFactorLocked ? "Locked" : "On"),
      {
        id: "second-factor",
        header: "Two-step sign-in",
        cell: (info) =>
          info.getValue() === "Locked" ? (
            <span className="font-semibold text-red-700">
              Locked
              <span className="block text-xs font-normal text-slate-600">
                after 10 wrong codes: reset it, or they sign in with a recovery code
              </span>
            </span>
          ) : (
            info.getValue()
          ),
      },
    ),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const m = info.row.original
        const other: StaffRole = m.role === "Admin" ? "Staff" : "Admin"
        return (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn"
              onClick={() => open({ kind: "role", member: m, role: other })}
            >
              Make {other}
              <span className="sr-only">
                : {m.firstName} {m.lastName}
              </span>
            </button>
            {m.role === "Admin" && m.emailAddress !== me && (
              <button
                type="button"
                className="btn"
                onClick={() => open({ kind: "reset", member: m })}
              >
                Reset two-step sign-in
                <span className="sr-only">
                  {" "}
                  for {m.firstName} {m.lastName}
                </span>
              </button>
            )}
            <button
              type="button"
              className="btn"
              onClick={() => open({ kind: "remove", member: m })}
            >
              Remove
              <span className="sr-only">
                {" "}
                {m.firstName} {m.lastName}
              </span>
            </button>
          </span>
        )
      },
    }),
  ]

  const who = pending ? `${pending.member.firstName} ${pending.member.lastName}` : ""
  return (
    <>
      <PageHeader title="Staff">
        <button
          type="button"
          className="btn btn-primary"
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? "Close the form" : "Add a member of staff"}
        </button>
      </PageHeader>
      {adding && <NewStaffForm onAdded={() => router.invalidate()} />}
      <form
        aria-label="Filter staff"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({
            search: (prev) => ({ ...prev, email: email.trim() || undefined, page: undefined }),
          })
        }}
      >
        <div className="space-y-1">
          <label htmlFor={roleId} className="label">
            Role
          </label>
          <select
            id={roleId}
            className="input"
            value={search.role ?? ""}
            onChange={(e) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  role: (e.target.value || undefined) as StaffRole | undefined,
                  page: undefined,
                }),
              })
            }
          >
            <option value="">Any role</option>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${roleId}-email`} className="label">
            Email address
          </label>
          <input
            id={`${roleId}-email`}
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      <DataTable
        rows={data.items}
        columns={columns}
        caption="Staff"
        rowKey={(m) => m.userId}
        empty={
          <Empty title="Nobody matches these filters.">
            Choose Any role or clear the email search.
          </Empty>
        }
      />
      {data.totalCount > 0 && (
        <Pager
          page={data}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
      <ConfirmDialog
        open={pending !== undefined}
        danger={
          pending?.kind === "remove" ||
          pending?.kind === "reset" ||
          (pending?.kind === "role" && pending.role === "Staff")
        }
        title={
          pending?.kind === "remove"
            ? `Remove ${who}?`
            : pending?.kind === "reset"
              ? `Reset ${who}'s two-step sign-in?`
              : `Make ${who} ${pending?.kind === "role" ? pending.role : ""}?`
        }
        confirmLabel={
          pending?.kind === "remove"
            ? "Remove"
            : pending?.kind === "reset"
              ? "Reset"
              : "Change role"
        }
        pending={change.pending}
        error={change.error}
        onCancel={() => setPending(undefined)}
        onConfirm={async () => {
          if (pending && (await change.run(pending))) setPending(undefined)
        }}
      >
        {pending?.kind === "remove" ? (
          <p>
            {who} will no longer be able to sign in; they are signed out everywhere. What they did
            stays in the audit log.
          </p>
        ) : pending?.kind === "reset" ? (
          <p>
            Their authenticator app and recovery codes stop working and they are signed out
            everywhere. At their next sign-in they set up a new authenticator. Do this only once you
            are sure it is them asking.
          </p>
        ) : pending?.kind === "role" ? (
          <p>
            As {pending.role}, {who} {roleDescription[pending.role]}. The change takes effect when
            they next sign in.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
