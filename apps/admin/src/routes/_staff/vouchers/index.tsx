import type { PromotionJson } from "@howzat/contracts/promotions"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { ConfirmDialog } from "../../../components/Confirm"
import { ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { competitionChoices } from "../../../lib/competition-choices"
import { formatDateTime, formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { pageParam, textParam } from "../../../lib/search"
import { useAction } from "../../../lib/use-action"
import { discountLabel } from "../../../lib/voucher-form"

interface VoucherSearch {
  readonly page?: number
  readonly code?: string
}

export const Route = createFileRoute("/_staff/vouchers/")({
  head: () => ({ meta: [{ title: pageTitle("Vouchers") }] }),
  validateSearch: (search: Record<string, unknown>): VoucherSearch => ({
    page: pageParam(search.page),
    code: textParam(search.code),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [list, competitions] = await Promise.all([
      api.promotions.list({ urlParams: { Code: deps.code, PageNumber: deps.page } }),
      competitionChoices(),
    ])
    return { ...list, competitionNames: new Map(competitions.map((c) => [c.id, c.name])) }
  },
  component: Vouchers,
})

const column = createColumnHelper<PromotionJson>()

const period = (p: PromotionJson): string => {
  if (!p.validFrom && !p.validTo) return "Always"
  return `${p.validFrom ? formatDateTime(p.validFrom) : "Now"} – ${p.validTo ? formatDateTime(p.validTo) : "no end"}`
}

/** The vouchers' columns: the competition a voucher is limited to by name, and Delete while unused. */
const voucherColumns = (
  competitionNames: ReadonlyMap<string, string>,
  onDelete: (voucher: PromotionJson) => void,
) => [
  column.accessor("code", {
    header: "Code",
    cell: (info) => (
      <Link
        to="/vouchers/$promotionId"
        params={{ promotionId: info.row.original.id }}
        className="font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor((p) => discountLabel(p, formatPence), { id: "discount", header: "Discount" }),
  column.accessor(
    (p) =>
      p.competitionId === null
        ? "Whole basket"
        : `Only ${competitionNames.get(p.competitionId) ?? "one competition"}`,
    {
      id: "scope",
      header: "Applies to",
    },
  ),
  column.accessor((p) => period(p), { id: "period", header: "Valid", enableSorting: false }),
  column.accessor("usageCount", {
    header: "Used",
    cell: (info) => {
      const limit = info.row.original.usageLimit
      return limit === null ? `${info.getValue()}` : `${info.getValue()} of ${limit}`
    },
  }),
  column.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => {
      const p = info.row.original
      return p.usageCount > 0 ? (
        <span className="text-xs text-slate-500">Used: end it by its end date</span>
      ) : (
        <button type="button" className="btn" onClick={() => onDelete(p)}>
          Delete<span className="sr-only"> {p.code}</span>
        </button>
      )
    },
  }),
]

function Vouchers() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [deleting, setDeleting] = useState<PromotionJson | undefined>()
  const remove = useAction(async (id: string) => {
    await api.promotions.remove({ path: { promotionId: id } })
    return true
  })

  const columns = voucherColumns(data.competitionNames, (p) => {
    remove.reset()
    setDeleting(p)
  })

  return (
    <ListScreen
      title="Vouchers"
      actions={
        <Link to="/vouchers/new" className="btn btn-primary">
          New voucher
        </Link>
      }
      filters={<VoucherSearch code={search.code} />}
      rows={data.promotions}
      columns={columns}
      caption="Vouchers"
      rowKey={(p) => p.id}
      empty={
        <Empty title={search.code ? `No voucher matches “${search.code}”.` : "No vouchers yet."}>
          {search.code
            ? "Try part of the code, or clear the search."
            : "Create one with New voucher."}
        </Empty>
      }
      page={data}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
    >
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete the voucher ${deleting?.code ?? ""}?`}
        confirmLabel="Delete voucher"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return
          if (await remove.run(deleting.id)) setDeleting(undefined)
        }}
      >
        <p>Shoppers will no longer be able to use this code. This cannot be undone.</p>
      </ConfirmDialog>
    </ListScreen>
  )
}

/** Vouchers whose code contains what is typed; Clear shows them all again. */
function VoucherSearch({ code: searched }: { readonly code: string | undefined }) {
  const navigate = useNavigate({ from: Route.fullPath })
  const [code, setCode] = useState(searched ?? "")
  return (
    <form
      aria-label="Search vouchers"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate({
          search: (prev) => ({ ...prev, code: code.trim() || undefined, page: undefined }),
        })
      }}
    >
      <div className="space-y-1">
        <label htmlFor="voucher-code" className="label">
          Code
        </label>
        <input
          id="voucher-code"
          className="input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="btn">
        Search
      </button>
      {searched && (
        <button
          type="button"
          className="btn"
          onClick={() => {
            setCode("")
            void navigate({ search: {} })
          }}
        >
          Clear
        </button>
      )}
    </form>
  )
}
