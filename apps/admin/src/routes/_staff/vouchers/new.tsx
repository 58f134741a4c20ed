import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { api } from "../../../api"
import { PageHeader } from "../../../components/PageStates"
import { VoucherForm } from "../../../components/VoucherForm"
import { competitionChoices } from "../../../lib/competition-choices"
import { pageTitle } from "../../../lib/page-title"
import { emptyVoucher } from "../../../lib/voucher-form"

export const Route = createFileRoute("/_staff/vouchers/new")({
  head: () => ({ meta: [{ title: pageTitle("New voucher") }] }),
  loader: () => competitionChoices(),
  component: NewVoucher,
})

function NewVoucher() {
  const competitions = Route.useLoaderData()
  const navigate = useNavigate()
  return (
    <>
      <PageHeader title="New voucher">
        <Link to="/vouchers" className="btn">
          All vouchers
        </Link>
      </PageHeader>
      <VoucherForm
        initial={emptyVoucher}
        competitions={competitions}
        submitLabel="Create voucher"
        onSave={async (payload) => {
          const { promotion } = await api.promotions.create({ payload })
          await navigate({
            to: "/vouchers/$promotionId",
            params: { promotionId: promotion.id },
            search: { created: true },
          })
        }}
      />
    </>
  )
}
