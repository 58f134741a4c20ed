import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import {
  Conflict,
  forbidden,
  notFound,
  problemType,
  validationProblem,
} from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { PostalEntries, type RecordedPostalEntry } from "@howzat/core/postal-entries"
import { entryRefusalForStaff, fullName, postalEntryMessages } from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

const refused = (title: string, detail: string) =>
  new Conflict({
    type: problemType("postal-entry-refused"),
    title,
    detail,
    status: 409,
  })

const toWire = ({ entry, competitionName }: RecordedPostalEntry) => ({
  id: entry.id,
  competition: { id: entry.competitionId, name: competitionName },
  ticketNumber: entry.ticketNumber,
  customerId: entry.customerId,
  firstName: entry.firstName,
  lastName: entry.lastName,
  fullName: fullName(entry.firstName, entry.lastName),
  emailAddress: entry.emailAddress,
  dateOfBirth: entry.dateOfBirth,
  telephoneNumber: entry.telephoneNumber,
  address: entry.address,
  entryReference: entry.entryReference,
  enteredBy: entry.enteredBy,
  enteredAt: entry.enteredAt,
})

/**
 * Free postal entries. Who may record one, when, and how many a person may
 * hold are core's decisions (PostalEntries); this maps its answers to HTTP.
 */
export const PostalEntryHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "postalEntries",
  (handlers) =>
    Effect.gen(function* () {
      const postalEntries = yield* PostalEntries
      return handlers.handle("enter", ({ path, payload }) =>
        Effect.gen(function* () {
          const recorded = yield* postalEntries.enter(yield* CurrentUser, path.competitionId, {
            customerId: payload.customerId ?? "",
            firstName: payload.firstName,
            lastName: payload.lastName,
            emailAddress: payload.emailAddress,
            dateOfBirth: payload.dateOfBirth,
            telephoneNumber: payload.telephoneNumber,
            address: payload.address ?? null,
            entryReference: payload.entryReference,
          })
          const postalEntry = toWire(recorded)
          if (!recorded.created) return { postalEntry, alreadyRecorded: true as const }
          return {
            postalEntry,
            alreadyRecorded: false as const,
            instantWins: recorded.instantWins.map((won) => ({
              instantWinId: won.instantWinTicketId,
              instantWinGroupId: won.instantWinGroupId,
              prizeName: won.prizeName,
              ticketNumber: won.ticketNumber,
              siteCredit: won.siteCredit,
            })),
          }
        }).pipe(
          Effect.catchTags({
            NotStaff: () => Effect.fail(forbidden("Only staff can record free postal entries.")),
            PostalEntryInvalid: (e) =>
              Effect.fail(
                validationProblem(
                  Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, [v]])),
                ),
              ),
            CustomerNotFound: () =>
              Effect.fail(validationProblem({ customerId: [postalEntryMessages.noSuchCustomer] })),
            CompetitionNotFound: () => Effect.fail(notFound("Not Found", "no such competition")),
            CompetitionNotTakingEntries: (e) =>
              Effect.fail(
                e.reason === "Closed"
                  ? refused("Entries closed", postalEntryMessages.closed)
                  : refused("Not open yet", postalEntryMessages.notOpen),
              ),
            PostalEntryLimitReached: (e) =>
              Effect.fail(refused("Maximum reached", postalEntryMessages.maximumReached(e.max))),
            CompetitionSoldOut: () => Effect.fail(refused("Sold out", postalEntryMessages.soldOut)),
            EntryReferenceInUse: (e) =>
              Effect.fail(
                refused(
                  "Entry reference in use",
                  postalEntryMessages.entryReferenceInUse(e.entryReference),
                ),
              ),
            AccountNotInGoodStanding: (e) =>
              Effect.fail(
                refused(
                  e.standing.status === "Closed" ? "Account closed" : "Account on a break",
                  entryRefusalForStaff(e.standing),
                ),
              ),
            RepositoryError: repositoryProblem,
          }),
        ),
      )
    }),
)
