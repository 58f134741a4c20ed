import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import type { Principal } from "../accounts/model.js"
import { sampleCompetition } from "../orders/test-doubles.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { type SoldTicket, StaffTicketReads } from "../ports/instant-win-groups.js"
import { makeMemoryCompetitionRepo } from "./competition-repo-doubles.js"
import { CompetitionTickets } from "./competition-tickets.js"
import type { InstantWinTicket, Page } from "./model.js"

const VISIBLE = "11111111-1111-4111-8111-111111111111"
const HIDDEN = "22222222-2222-4222-8222-222222222222"

const principal = (role: Principal["role"]): Principal => ({
  userId: role,
  role,
  customerId: role === "Customer" ? "c1" : null,
  email: `${role}@example.com`,
  name: role,
})

const pageOf = <A>(items: A[]): Page<A> => ({
  items,
  pageNumber: 1,
  pageSize: 50,
  totalCount: items.length,
})

const publicTicket: InstantWinTicket = {
  ticketNumber: 7,
  instantWinGroupId: "g",
  instantWinGroupName: "Bat",
  won: false,
  winnerDisplayName: null,
}
const heldTicket: SoldTicket = {
  ticketNumber: 7,
  holder: { customerId: "c1", fullName: "Ann Archer", email: "ann@example.com" },
  instantWin: null,
}

/** Public reads see visible competitions only; the staff port sees any. */
const doubles = Layer.mergeAll(
  Layer.succeed(
    CompetitionRepo,
    makeMemoryCompetitionRepo({
      competitions: () => [
        sampleCompetition({
          id: VISIBLE,
          instantWinGroups: [
            { id: "g", name: "Bat", ticketCount: 1, quantityWonToDate: 0, imageGroup: null },
          ],
        }),
        sampleCompetition({ id: HIDDEN, visibilityStatus: "Hidden" }),
      ],
      instantWinNumbers: () => [
        {
          competitionId: VISIBLE,
          instantWinGroupId: "g",
          ticketNumber: 7,
          wonAt: null,
          winnerDisplayName: null,
          isVisible: true,
        },
      ],
    }),
  ),
  Layer.succeed(StaffTicketReads, {
    soldTickets: () => Effect.succeed(pageOf([heldTicket])),
    instantWinTickets: () => Effect.succeed(pageOf([heldTicket])),
  }),
)

const run = <A, E>(use: (t: CompetitionTickets) => Effect.Effect<A, E>) =>
  Effect.runSync(
    Effect.either(
      Effect.flatMap(CompetitionTickets, use).pipe(
        Effect.provide(CompetitionTickets.Default.pipe(Layer.provide(doubles))),
      ),
    ),
  )

const query = { status: "All" as const, page: { pageNumber: 1, pageSize: 50 } }

describe("CompetitionTickets", () => {
  it("gives every sold ticket with its holder to staff and admins only", () => {
    for (const viewer of [null, principal("Customer")]) {
      const refused = run((t) =>
        t.tickets(VISIBLE, { ...query, instantWinTicketsOnly: false }, viewer),
      )
      expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
    }
    for (const viewer of [principal("Staff"), principal("Admin")]) {
      expect(
        run((t) => t.tickets(HIDDEN, { ...query, instantWinTicketsOnly: false }, viewer)),
      ).toEqual(Either.right({ view: "Staff", page: pageOf([heldTicket]) }))
    }
  })

  it("shows anyone a visible competition's instant-win numbers, without holders", () => {
    for (const viewer of [null, principal("Customer")]) {
      expect(
        run((t) => t.tickets(VISIBLE, { ...query, instantWinTicketsOnly: true }, viewer)),
      ).toEqual(Either.right({ view: "Public", page: pageOf([publicTicket]) }))
      expect(run((t) => t.instantWinTickets(VISIBLE, "g", query, viewer))).toEqual(
        Either.right({ view: "Public", page: pageOf([publicTicket]) }),
      )
    }
  })

  it("hides a hidden competition's instant wins from all but staff", () => {
    const refused = run((t) => t.instantWinTickets(HIDDEN, undefined, query, principal("Customer")))
    expect(Either.isLeft(refused) && refused.left._tag).toBe("CompetitionNotFound")
    expect(run((t) => t.instantWinTickets(HIDDEN, undefined, query, principal("Staff")))).toEqual(
      Either.right({ view: "Staff", page: pageOf([heldTicket]) }),
    )
  })

  it("lets staff alone filter by sale, refusing anyone else rather than ignoring it", () => {
    for (const viewer of [null, principal("Customer")]) {
      for (const ticketStatus of ["Sold", "Unsold"] as const) {
        const refused = run((t) =>
          t.instantWinTickets(VISIBLE, "g", { ...query, ticketStatus }, viewer),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
        const all = run((t) =>
          t.tickets(VISIBLE, { ...query, ticketStatus, instantWinTicketsOnly: true }, viewer),
        )
        expect(Either.isLeft(all) && all.left._tag).toBe("NotStaff")
      }
      expect(
        run((t) => t.instantWinTickets(VISIBLE, "g", { ...query, ticketStatus: "All" }, viewer)),
      ).toEqual(Either.right({ view: "Public", page: pageOf([publicTicket]) }))
    }
    expect(
      run((t) =>
        t.instantWinTickets(VISIBLE, "g", { ...query, ticketStatus: "Unsold" }, principal("Staff")),
      ),
    ).toEqual(Either.right({ view: "Staff", page: pageOf([heldTicket]) }))
  })
})
