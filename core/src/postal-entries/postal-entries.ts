import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { Brand } from "../brand.js"
import { postalInstantWinEmail } from "../orders/instant-win-email.js"
import { instantWinAwards } from "../orders/instant-wins.js"
import { AccountStandingStore } from "../ports/account-standing.js"
import { CustomerRepo, UserRepo } from "../ports/accounts.js"
import { now } from "../ports/clock.js"
import type { WonInstantWin } from "../ports/instant-wins.js"
import { Mailer } from "../ports/mailer.js"
import { PostalEntryRepo } from "../ports/postal-entries.js"
import { competitionPageLink, ShopLinks } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import { AccountNotInGoodStanding } from "../responsible-play/standing-errors.js"
import {
  type EntrantKey,
  entrantKey,
  isSameEntrant,
  type PostalEntrant,
  type PostalEntryForm,
  postalEntryRefusal,
  readPostalEntry,
} from "../rules/postal-entries.js"
import { standingAt } from "../rules/standing.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import {
  CompetitionNotTakingEntries,
  CompetitionSoldOut,
  EntryReferenceInUse,
  PostalEntryInvalid,
  PostalEntryLimitReached,
} from "./errors.js"
import type { NewPostalEntry, PostalEntry, RecordedPostalEntry } from "./model.js"

/** Who the entry is for and what it records about them, once the entrant is known. */
interface ResolvedEntrant {
  readonly key: EntrantKey
  readonly snapshot: Omit<
    NewPostalEntry,
    "competitionId" | "entryReference" | "enteredBy" | "enteredAt"
  >
}

/**
 * Free postal entries (decision 0022), recorded by staff from postcards. Each
 * gives one ticket from the same random pool as a sale, counts toward the
 * same per-person maximum and is in the draw like a paid ticket, so a free
 * entry has exactly the chance of a paid one.
 */
export class PostalEntries extends Effect.Service<PostalEntries>()("@howzat/core/PostalEntries", {
  effect: Effect.gen(function* () {
    const repo = yield* PostalEntryRepo
    const customers = yield* CustomerRepo
    const users = yield* UserRepo
    const transactions = yield* Transactions
    const audit = yield* auditor
    const awardInstantWins = yield* instantWinAwards
    const mailer = yield* Mailer
    const { origin } = yield* ShopLinks
    const brand = yield* Brand
    const standings = yield* AccountStandingStore

    /**
     * A free ticket that is an instant-win number wins at once, exactly as
     * a paid one does, in the recording transaction; the entrant hears of
     * it through the outbox, so only if the entry commits.
     */
    const awardEntry = (entry: PostalEntry) =>
      Effect.gen(function* () {
        const won = yield* awardInstantWins(
          {
            holding: { kind: "PostalEntry", postalEntryId: entry.id },
            customerId: entry.customerId,
            winner: entry,
            tickets: [{ competitionId: entry.competitionId, ticketNumber: entry.ticketNumber }],
          },
          entry.enteredAt,
        )
        if (won.length > 0) {
          yield* mailer.send(
            postalInstantWinEmail(
              brand,
              entry.emailAddress,
              entry.firstName,
              { ticketNumber: entry.ticketNumber, hasAccount: entry.customerId !== null },
              won,
              competitionPageLink(origin, entry.competitionId),
            ),
          )
        }
        return won
      })

    /**
     * A customer by id; a person by email is that customer only if the
     * customer's address is verified, so nobody can register someone else's
     * address and collect their postal entries (or their prize).
     */
    const resolve = (entrant: PostalEntrant) =>
      Effect.gen(function* () {
        if (entrant.kind === "Customer") {
          const customer = yield* customers.byId(entrant.customerId)
          const resolved: ResolvedEntrant = {
            key: entrantKey(customer.customerId, customer.email),
            snapshot: {
              customerId: customer.customerId,
              firstName: customer.firstName,
              lastName: customer.lastName,
              emailAddress: customer.email,
              dateOfBirth: customer.dateOfBirth,
              telephoneNumber: customer.telephoneNumber,
              address: customer.defaultBillingAddress,
            },
          }
          return resolved
        }
        const { details } = entrant
        const user = yield* users.byEmail(details.emailAddress)
        const customerId =
          user !== undefined && user.customerId !== null && user.emailVerified
            ? user.customerId
            : null
        const resolved: ResolvedEntrant = {
          key: entrantKey(customerId, details.emailAddress),
          snapshot: { customerId, ...details },
        }
        return resolved
      })

    /**
     * Records one postal entry in `competitionId`. Staff only. A request
     * that repeats an earlier one's entry reference for the same person
     * (a double click, a retry) answers that entry and gives no second
     * ticket, even after the close.
     */
    const enter = (by: Principal, competitionId: string, form: PostalEntryForm) =>
      Effect.gen(function* () {
        yield* authorize(by, "RecordPostalEntries")
        const at = yield* now
        const read = readPostalEntry(form, at)
        if (read._tag === "Invalid") return yield* new PostalEntryInvalid({ errors: read.errors })
        const competition = yield* repo.competition(competitionId)
        const entrant = yield* resolve(read.entrant)
        // A customer on a break or closed gets no entries, free ones included (decision 0043).
        const customerId = entrant.snapshot.customerId
        if (customerId !== null) {
          const standing = standingAt(yield* standings.read(customerId), at)
          if (standing.status !== "Active") {
            return yield* new AccountNotInGoodStanding({ customerId, standing })
          }
        }
        const answer = (
          entry: PostalEntry,
          created: boolean,
          instantWins: readonly WonInstantWin[] = [],
        ): RecordedPostalEntry => ({
          entry,
          competitionName: competition.competitionName,
          created,
          instantWins,
        })

        return yield* transactions.within(
          Effect.gen(function* () {
            yield* repo.holdEntrant(competition.competitionId, entrant.key)
            const reference = read.entryReference
            if (reference !== null) {
              yield* repo.holdReference(competition.competitionId, reference)
              const earlier = yield* repo.byReference(competition.competitionId, reference)
              if (earlier !== null) {
                if (isSameEntrant(earlier, entrant.key)) return answer(earlier, false)
                return yield* new EntryReferenceInUse({
                  competitionId: competition.competitionId,
                  entryReference: reference,
                })
              }
            }
            const held = yield* repo.ticketsHeld(competition.competitionId, entrant.key)
            const refusal = postalEntryRefusal(competition, at, held)
            if (refusal?._tag === "MaximumReached") {
              return yield* new PostalEntryLimitReached({
                competitionId: competition.competitionId,
                max: refusal.max,
              })
            }
            if (refusal !== undefined) {
              return yield* new CompetitionNotTakingEntries({
                competitionId: competition.competitionId,
                reason: refusal._tag,
              })
            }
            const entry = yield* repo.record({
              ...entrant.snapshot,
              competitionId: competition.competitionId,
              entryReference: reference,
              enteredBy: by.userId,
              enteredAt: at,
            })
            if (entry === null) {
              return yield* new CompetitionSoldOut({ competitionId: competition.competitionId })
            }
            yield* audit(by, {
              action: "PostalEntry.Create",
              subject: { type: "PostalEntry", id: entry.id },
              before: null,
              after: entry,
            })
            return answer(entry, true, yield* awardEntry(entry))
          }),
        )
      })

    return { enter }
  }),
}) {}
