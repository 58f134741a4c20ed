import { Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import {
  type SoldTicket,
  type SoldTicketQuery,
  StaffTicketReads,
} from "../ports/instant-win-groups.js"
import { mayFilterBySale } from "../rules/ticket-status.js"
import { can } from "../staff/permissions.js"
import type { InstantWinTicket, Page } from "./model.js"

/**
 * A page of tickets in one of two views: the public one (instant-win
 * numbers, a winner's display name) or the staff one (holders' names and
 * addresses, hidden competitions too).
 */
export type TicketListing =
  | { readonly view: "Public"; readonly page: Page<InstantWinTicket> }
  | { readonly view: "Staff"; readonly page: Page<SoldTicket> }

const staffView = (page: Page<SoldTicket>): TicketListing => ({ view: "Staff", page })
const publicView = (page: Page<InstantWinTicket>): TicketListing => ({ view: "Public", page })

const mayReadHolders = (viewer: Principal | null): viewer is Principal =>
  viewer !== null && can(viewer, "ViewBackOffice")

/**
 * Who may read which tickets of a competition. Anyone may see its
 * instant-win numbers and which have been won; who holds a ticket is
 * personal data, for staff only, and so is filtering by sale
 * (core/src/rules/ticket-status.ts).
 */
export class CompetitionTickets extends Effect.Service<CompetitionTickets>()(
  "@howzat/core/CompetitionTickets",
  {
    effect: Effect.gen(function* () {
      const competitions = yield* CompetitionRepo
      const staffReads = yield* StaffTicketReads

      /** Of one group, or of every group when `instantWinGroupId` is undefined. */
      const instantWinTickets = (
        competitionId: string,
        instantWinGroupId: string | undefined,
        query: SoldTicketQuery,
        viewer: Principal | null,
      ) =>
        Effect.gen(function* () {
          if (mayReadHolders(viewer)) {
            return staffView(
              yield* staffReads.instantWinTickets(competitionId, instantWinGroupId, query),
            )
          }
          if (!mayFilterBySale(query.ticketStatus, false)) return yield* new NotStaff()
          // Hidden competitions must not leak their instant wins either.
          yield* competitions.byId(competitionId, { visibleOnly: true })
          const page = yield* competitions.instantWinTickets(
            competitionId,
            {
              instantWinGroupId,
              fromTicketNumber: query.fromTicketNumber,
              toTicketNumber: query.toTicketNumber,
              status: query.status,
            },
            query.page,
          )
          return publicView(page)
        })

      /** Every sold ticket with its holder (staff), or the instant-win numbers only. */
      const tickets = (
        competitionId: string,
        query: SoldTicketQuery & { readonly instantWinTicketsOnly: boolean },
        viewer: Principal | null,
      ) =>
        Effect.gen(function* () {
          if (query.instantWinTicketsOnly) {
            return yield* instantWinTickets(competitionId, undefined, query, viewer)
          }
          if (!mayReadHolders(viewer)) return yield* new NotStaff()
          return staffView(yield* staffReads.soldTickets(competitionId, query))
        })

      return { tickets, instantWinTickets }
    }),
  },
) {}
