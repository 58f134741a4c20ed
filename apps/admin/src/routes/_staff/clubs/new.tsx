import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { api } from "../../../api"
import { ClubForm } from "../../../components/ClubForm"
import { PageHeader } from "../../../components/PageStates"
import { emptyClub } from "../../../lib/clubs"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/clubs/new")({
  head: () => ({ meta: [{ title: pageTitle("New club") }] }),
  component: NewClub,
})

function NewClub() {
  const navigate = useNavigate()
  return (
    <>
      <PageHeader title="New club">
        <Link to="/clubs" className="btn">
          All clubs
        </Link>
      </PageHeader>
      <section className="card max-w-xl p-5">
        <ClubForm
          initial={emptyClub}
          submitLabel="Create club"
          codeHint="A new code becomes a voucher: 10% off the basket for shoppers, 10% credit to the club. A voucher no club has yet is adopted with its own terms."
          onSave={async (payload) => {
            const { club } = await api.clubs.create({ payload })
            await navigate({
              to: "/clubs/$clubId",
              params: { clubId: club.id },
              search: { created: true },
            })
          }}
        />
      </section>
    </>
  )
}
