import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import {
  type CompetitionAlreadyOpen,
  type InstantWinGroupInvalid,
  InstantWinGroups,
  type TicketListing,
} from "@howzat/core/competitions"
import type { SoldTicket, StaffInstantWinGroup } from "@howzat/core/ports"
import { ordinalDateTime, pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { instantWinShareRefused } from "./live-share-problems"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"
import { instantWinTicketToWire } from "./wire"

/** What any call naming a competition or group may meet. */
export const lookupProblems = {
  CompetitionNotFound: () => Effect.fail(notFound("Not Found", "no such competition")),
  InstantWinGroupNotFound: () => Effect.fail(notFound("Not Found", "no such instant-win group")),
  RepositoryError: repositoryProblem,
}

const alreadyOpen = (e: CompetitionAlreadyOpen) =>
  Effect.fail(
    new Conflict({
      type: problemType("competition-open"),
      title: "Competition already open",
      detail: `Instant-win groups can only be changed before the competition goes on sale; ${
        e.ticketsHeld > 0
          ? "tickets of this one are already held"
          : `this one opened on ${ordinalDateTime(e.startDateTimeUtc)}`
      }.`,
      status: 409,
    }),
  )

const invalid = (e: InstantWinGroupInvalid) =>
  Effect.fail(
    validationProblem(
      Object.fromEntries(
        Object.entries(e.errors).flatMap(([field, message]) =>
          message === undefined ? [] : [[field, [message]]],
        ),
      ),
    ),
  )

const changeProblems = {
  ...lookupProblems,
  CompetitionAlreadyOpen: alreadyOpen,
  InstantWinGroupInvalid: invalid,
}
/** Deleting asks for nothing that could be invalid. */
const removalProblems = { ...lookupProblems, CompetitionAlreadyOpen: alreadyOpen }

const groupToWire = (group: StaffInstantWinGroup) => ({
  id: group.id,
  name: group.name,
  ticketCount: group.ticketCount,
  quantityWonToDate: group.quantityWonToDate,
  imageGroup: group.imageGroup,
  prizeSiteCreditPence: group.prizeSiteCredit,
  ticketNumbers: group.ticketNumbers,
})

const soldTicketToWire = (ticket: SoldTicket) => ({
  ticketNumber: ticket.ticketNumber,
  customer: ticket.holder,
  instantWin:
    ticket.instantWin === null
      ? null
      : {
          won: ticket.instantWin.won,
          instantWinGroup: {
            id: ticket.instantWin.instantWinGroupId,
            name: ticket.instantWin.instantWinGroupName,
          },
        },
})

/** A page of tickets as the wire's TicketList, in whichever view core chose. */
export const ticketListToWire = (listing: TicketListing) =>
  listing.view === "Staff"
    ? { tickets: listing.page.items.map(soldTicketToWire), ...pageInfo(listing.page) }
    : { tickets: listing.page.items.map(instantWinTicketToWire), ...pageInfo(listing.page) }

/** Left out on PUT: kept as the group has it. */
const prizeOf = (amount: number | null | undefined) =>
  amount === undefined || amount === null ? amount : pence(amount)

/**
 * POST, PUT and DELETE of a competition's instant-win groups. Who may, and
 * until when, is core's decision (InstantWinGroups); this maps its answers.
 */
export const InstantWinGroupHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "instantWinGroups",
  (handlers) =>
    Effect.gen(function* () {
      const groups = yield* InstantWinGroups

      const changed = (made: {
        readonly instantWinGroup: StaffInstantWinGroup
        readonly instantWinCommitment: string | null
      }) => ({
        instantWinGroup: groupToWire(made.instantWinGroup),
        instantWinCommitment: made.instantWinCommitment,
      })

      return handlers
        .handle("create", ({ path, payload }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const made = yield* groups
              .create(
                path.competitionId,
                {
                  name: payload.name,
                  ticketCount: payload.ticketCount,
                  imageUrls: payload.imageUrls ?? [],
                  prizeSiteCredit: prizeOf(payload.prizeSiteCreditPence) ?? null,
                },
                principal,
              )
              .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
            return changed(made)
          }).pipe(
            Effect.catchTags({ ...changeProblems, InstantWinShareRefused: instantWinShareRefused }),
          ),
        )
        .handle("update", ({ path, payload }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const made = yield* groups
              .update(
                path.competitionId,
                path.instantWinGroupId,
                {
                  name: payload.name,
                  ticketCount: payload.ticketCount,
                  imageUrls: payload.imageUrls,
                  prizeSiteCredit: prizeOf(payload.prizeSiteCreditPence),
                },
                principal,
              )
              .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
            return changed(made)
          }).pipe(Effect.catchTags(changeProblems)),
        )
        .handle("delete", ({ path }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            return yield* groups
              .remove(path.competitionId, path.instantWinGroupId, principal)
              .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          }).pipe(Effect.catchTags(removalProblems)),
        )
    }),
)
