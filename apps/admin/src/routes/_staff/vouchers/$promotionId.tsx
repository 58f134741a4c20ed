import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { ConfirmDialog } from "../../../components/Confirm"
import { PageHeader } from "../../../components/PageStates"
import { VoucherForm } from "../../../components/VoucherForm"
import { competitionChoices } from "../../../lib/competition-choices"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { useAction } from "../../../lib/use-action"
import { voucherValues } from "../../../lib/voucher-form"

export const Route = createFileRoute("/_staff/vouchers/$promotionId")({
  head: () => ({ meta: [{ title: pageTitle("Voucher") }] }),
  validateSearch: (search: Record<string, unknown>): { created?: boolean } =>
    search.created === true || search.created === "true" ? { created: true } : {},
  loader: async ({ params }) => {
    const [{ promotion }, competitions] = await Promise.all([
      api.promotions.byId({ path: { promotionId: params.promotionId } }),
      competitionChoices(),
    ])
    // A club's voucher names its club; the ledger itself is not needed here.
    const club =
      promotion.clubId === null
        ? null
        : (
            await api.clubs.byId({
              path: { clubId: promotion.clubId },
              urlParams: { PageSize: 1 },
            })
          ).club
    return { promotion, competitions, club }
  },
  component: EditVoucher,
})

function EditVoucher() {
  const { promotion, competitions, club } = Route.useLoaderData()
  const { created } = Route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const remove = useAction(
    async () => {
      await api.promotions.remove({ path: { promotionId: promotion.id } })
      return true
    },
    { reload: false },
  )
  return (
    <>
      <PageHeader title={`Voucher ${promotion.code}`}>
        <Link to="/vouchers" className="btn">
          All vouchers
        </Link>
        <button
          type="button"
          className="btn"
          disabled={promotion.usageCount > 0}
          aria-describedby={promotion.usageCount > 0 ? "delete-reason" : undefined}
          onClick={() => {
            remove.reset()
            setConfirming(true)
          }}
        >
          Delete
        </button>
      </PageHeader>
      {created && (
        <p role="status" className="mb-3 text-sm text-primary-700">
          Voucher created.
        </p>
      )}
      <p className="mb-3 text-sm text-slate-600">
        Created {formatDateTime(promotion.createdAt)} · used {promotion.usageCount}{" "}
        {promotion.usageCount === 1 ? "time" : "times"}
        {promotion.usageCount > 0 && (
          <span id="delete-reason">
            {" "}
            · a used voucher is kept with its orders: end it with its end date instead of deleting
          </span>
        )}
      </p>
      {club && (
        <p className="mb-3 text-sm text-slate-700">
          Earns credit for the club{" "}
          <Link
            to="/clubs/$clubId"
            params={{ clubId: club.id }}
            className="font-medium text-primary-800 underline"
          >
            {club.name}
          </Link>
          {club.voucherCode === promotion.code ? " (its current code)" : " (an earlier code)"}. The
          club is chosen on the club's page, so credit already earned stays with it.
        </p>
      )}
      <VoucherForm
        // A new key after each load: the form starts from what was saved.
        key={promotion.id}
        initial={voucherValues(promotion)}
        stored={promotion}
        competitions={competitions}
        usedTimes={promotion.usageCount}
        submitLabel="Save voucher"
        onSave={async (payload) => {
          await api.promotions.update({ path: { promotionId: promotion.id }, payload })
          await router.invalidate()
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete the voucher ${promotion.code}?`}
        confirmLabel="Delete voucher"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (await remove.run()) {
            setConfirming(false)
            await navigate({ to: "/vouchers" })
          }
        }}
      >
        <p>Shoppers will no longer be able to use this code. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  )
}
