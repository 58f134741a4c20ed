import { CLUB_CREDIT_PERCENT, CLUB_VOUCHER_PERCENT } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useId, useState } from "react"
import { resourceHtml } from "../../api/catalogue"
import { brand, pageTitle } from "../../brand"
import { CopyValue } from "../../components/CopyValue"
import { Icon } from "../../components/Icon"
import { EmptyState, PageHeading } from "../../components/PageStates"
import {
  type ClubDocumentName,
  clubDocumentUrl,
  type PerkClub,
  parseClubs,
} from "../../lib/club-perks"

export const Route = createFileRoute("/Home/ClubPerks")({
  loader: async ({ abortController }) =>
    parseClubs(await resourceHtml("content-list-clubs", abortController.signal)),
  head: () => ({ meta: [{ title: pageTitle("Club Perks") }] }),
  component: ClubPerks,
})

function ClubPerks() {
  const clubs = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Back your club" title="Club perks" />
      <div className="card space-y-4 p-6 sm:p-8">
        <p className="text-lg">
          Every club on our list has its own voucher code. Members get{" "}
          <strong>{CLUB_VOUCHER_PERCENT}% off</strong> their tickets with it, and{" "}
          <strong>{CLUB_CREDIT_PERCENT}%</strong> of what they spend with it is credited to the
          club.
        </p>
        <p className="text-muted">
          Choose your club to see its code, and download its welcome letter and a poster for the
          clubhouse. Club not listed? Email{" "}
          <a
            className="font-semibold text-accent hover:underline"
            href={`mailto:${brand.customerCareEmail}`}
          >
            {brand.customerCareEmail}
          </a>{" "}
          to join.
        </p>
      </div>
      <div className="mt-8">
        {clubs.length === 0 ? (
          <EmptyState icon="trophy" title="No clubs have joined club perks yet. Check back soon!">
            <Link to="/Competitions" className="btn-primary">
              View competitions
            </Link>
          </EmptyState>
        ) : (
          <ClubChooser clubs={clubs} />
        )}
      </div>
    </div>
  )
}

const documents: { name: ClubDocumentName; label: string }[] = [
  { name: "welcomeLetter", label: "Welcome letter" },
  { name: "poster", label: "Poster" },
]

function ClubChooser({ clubs }: { clubs: readonly PerkClub[] }) {
  const [clubId, setClubId] = useState("")
  const selectId = useId()
  const chosen = clubs.find((c) => c.id === clubId)
  return (
    <section aria-labelledby={`${selectId}-title`} className="card space-y-6 p-6 sm:p-8">
      <h2 id={`${selectId}-title`} className="display-title text-2xl">
        Find your club's code
      </h2>
      <div>
        <label htmlFor={selectId} className="field-label">
          Your club
        </label>
        <select
          id={selectId}
          className="field-input"
          value={clubId}
          onChange={(event) => setClubId(event.target.value)}
        >
          <option value="">Choose your club…</option>
          {clubs.map((club) => (
            <option key={club.id} value={club.id}>
              {club.name}
            </option>
          ))}
        </select>
      </div>
      {/* One live region: a screen reader hears the code as soon as a club is chosen. */}
      <div aria-live="polite">
        {chosen ? (
          <div className="space-y-6">
            <dl>
              <CopyValue
                label="YOUR CODE IS :"
                value={chosen.voucherCode}
                copyLabel="Copy the code"
              />
            </dl>
            <p className="text-sm text-muted">
              Enter the code in the voucher box at checkout: {CLUB_VOUCHER_PERCENT}% comes off your
              basket and {chosen.name} earns {CLUB_CREDIT_PERCENT}% of what you spend on tickets.
            </p>
            <ul className="flex flex-wrap gap-3">
              {documents.map((document) => (
                <li key={document.name}>
                  <a
                    href={clubDocumentUrl(chosen.id, document.name)}
                    className="btn-outline inline-flex items-center gap-2"
                    target="_blank"
                    rel="noopener"
                  >
                    <Icon name="download" className="size-4" />
                    {document.label} (PDF)
                    <span className="sr-only"> for {chosen.name}, opens in a new tab</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-muted">Choose your club to see its code.</p>
        )}
      </div>
    </section>
  )
}
