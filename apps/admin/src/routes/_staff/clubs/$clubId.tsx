import type { ClubDetailJson } from "@howzat/contracts/clubs"
import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { ClubForm } from "../../../components/ClubForm"
import { ClubPayout } from "../../../components/ClubPayout"
import { ConfirmDialog } from "../../../components/Confirm"
import { DataTable } from "../../../components/DataTable"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { clubValues, ledgerKindLabel, perksListGap } from "../../../lib/clubs"
import { formatDateTime, formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { pageParam } from "../../../lib/search"
import { useAction } from "../../../lib/use-action"

interface ClubScreenSearch {
  readonly page?: number
  readonly created?: boolean
}

export const Route = createFileRoute("/_staff/clubs/$clubId")({
  head: () => ({ meta: [{ title: pageTitle("Club") }] }),
  validateSearch: (search: Record<string, unknown>): ClubScreenSearch => ({
    page: pageParam(search.page),
    created: search.created === true || search.created === "true" ? true : undefined,
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps }) =>
    api.clubs.byId({ path: { clubId: params.clubId }, urlParams: { PageNumber: deps.page } }),
  component: ClubScreen,
})

type Entry = ClubDetailJson["ledger"][number]
const column = createColumnHelper<Entry>()
const columns = [
  column.accessor("date", { header: "Date", cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor((e) => ledgerKindLabel[e.kind], { id: "kind", header: "Entry" }),
  column.accessor("amount", {
    header: "Amount",
    cell: (info) => (
      <span className={`tabular-nums ${info.getValue() < 0 ? "text-red-700" : ""}`}>
        {formatPence(info.getValue())}
      </span>
    ),
  }),
  column.display({
    id: "source",
    header: "Order or reference",
    cell: (info) => {
      const { orderId, reference } = info.row.original
      return orderId ? (
        <Link to="/orders/$orderId" params={{ orderId }} className="text-primary-800 underline">
          Order {orderId.slice(0, 8)}
        </Link>
      ) : (
        (reference ?? "—")
      )
    },
  }),
]

function ClubScreen() {
  const data = Route.useLoaderData()
  const { club } = data
  const search = Route.useSearch()
  const router = useRouter()
  const navigate = useNavigate({ from: Route.fullPath })
  const [deleting, setDeleting] = useState(false)
  const remove = useAction(
    async () => {
      await api.clubs.remove({ path: { clubId: club.id } })
      return true
    },
    { reload: false },
  )
  // Decision 0033: a club that ever earned keeps its ledger in the accounts.
  const hasHistory = club.creditEarned > 0 || data.totalCount > 0
  const gap = perksListGap(club, new Date())
  return (
    <>
      <PageHeader title={club.name}>
        <Link to="/clubs" className="btn">
          All clubs
        </Link>
        <button
          type="button"
          className="btn btn-danger"
          disabled={hasHistory}
          aria-describedby={hasHistory ? "club-delete-reason" : undefined}
          onClick={() => {
            remove.reset()
            setDeleting(true)
          }}
        >
          Delete club
        </button>
      </PageHeader>
      {search.created && (
        <p role="status" className="mb-3 text-sm text-primary-700">
          Club created.
        </p>
      )}
      {hasHistory && (
        <p id="club-delete-reason" className="mb-3 text-sm text-slate-600">
          This club has a credit ledger, so it stays with the accounts and cannot be deleted: change
          its code to retire the old one.
        </p>
      )}
      <dl className="mb-4 grid gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {(
          [
            ["Earned", formatPence(club.creditEarned)],
            ["Reversed", formatPence(club.creditReversed)],
            ["Paid out", formatPence(club.paidOut)],
            ["Owed", formatPence(club.balanceOwed)],
            ["Orders", String(club.orderCount)],
            ["Since", formatDateTime(club.createdAt)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="card p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className={`text-lg font-semibold tabular-nums ${
                label === "Owed" && club.balanceOwed < 0 ? "text-red-700" : ""
              }`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 xl:grid-cols-[24rem_1fr]">
        <div className="space-y-4">
          <section className="card space-y-3 p-4" aria-labelledby="club-details">
            <h2 id="club-details" className="font-semibold">
              Name and code
            </h2>
            {gap && (
              <p className="text-sm text-amber-800">
                {gap === "Ended"
                  ? "Its current code has ended, so the club is not on the club perks list: give it a new code."
                  : "Its voucher was deleted, so the club is not on the club perks list: give it a code."}
              </p>
            )}
            <ClubForm
              key={club.id}
              initial={clubValues(club)}
              submitLabel="Save club"
              codeHint="A new code ends the old voucher now (it keeps its history and the credit it earned). A new code becomes a 10% club voucher; a voucher no club has is adopted."
              onSave={async (payload) => {
                await api.clubs.update({ path: { clubId: club.id }, payload })
                await router.invalidate()
              }}
            />
          </section>
          <section className="card space-y-3 p-4" aria-labelledby="club-payout">
            <h2 id="club-payout" className="font-semibold">
              Record a payout
            </h2>
            <ClubPayout clubId={club.id} clubName={club.name} owed={club.balanceOwed} />
          </section>
        </div>
        <div className="min-w-0 space-y-4">
          <section className="space-y-2" aria-labelledby="club-vouchers">
            <h2 id="club-vouchers" className="font-semibold">
              Vouchers
            </h2>
            {club.vouchers.length === 0 ? (
              <Empty title="No voucher earns credit for this club.">
                Give it a code with Save club.
              </Empty>
            ) : (
              <ul className="card divide-y divide-slate-100 text-sm">
                {club.vouchers.map((v) => (
                  <li key={v.promotionId} className="flex flex-wrap items-center gap-3 px-4 py-2">
                    <Link
                      to="/vouchers/$promotionId"
                      params={{ promotionId: v.promotionId }}
                      className="font-medium text-primary-800 underline"
                    >
                      {v.code}
                    </Link>
                    {v.current && (
                      <span className="rounded bg-primary-100 px-1.5 text-xs text-primary-800">
                        Current
                      </span>
                    )}
                    <span className="text-slate-600">
                      used {v.usageCount} {v.usageCount === 1 ? "time" : "times"}
                      {v.validTo ? ` · ends ${formatDateTime(v.validTo)}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="space-y-2" aria-labelledby="club-ledger">
            <h2 id="club-ledger" className="font-semibold">
              Credit ledger
            </h2>
            <DataTable
              rows={data.ledger}
              columns={columns}
              caption={`Credit ledger of ${club.name}, newest first`}
              rowKey={(e) => `${e.date}/${e.kind}/${e.orderId ?? e.reference ?? ""}/${e.amount}`}
              empty={
                <Empty title="Nothing earned yet.">
                  Paid orders that use the club's codes add credit here.
                </Empty>
              }
            />
            {data.totalCount > 0 && (
              <Pager page={data} onPage={(page) => void navigate({ search: { page } })} />
            )}
          </section>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title={`Delete “${club.name}”?`}
        confirmLabel="Delete club"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          if (await remove.run()) await navigate({ to: "/clubs" })
        }}
      >
        <p>
          The club leaves the club perks list at once. Its unused vouchers are deleted; a voucher
          that was used is ended and kept with its orders. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  )
}
