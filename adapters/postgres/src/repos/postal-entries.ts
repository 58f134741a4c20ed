import { randomUUID } from "node:crypto"
import { CompetitionNotFound, type RepositoryError } from "@howzat/core/competitions"
import { PostalEntryRepo, type PostalEntryRepoShape } from "@howzat/core/ports"
import {
  type CompetitionForEntry,
  EntryReferenceInUse,
  type PostalEntry,
} from "@howzat/core/postal-entries"
import type { EntrantKey } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, PostalEntriesTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"
import {
  claimTickets,
  lockCustomerInCompetition,
  normalisedEmail,
  ticketsHeld,
} from "./ticket-allocator"

type PostalEntryRow = Omit<Selectable<PostalEntriesTable>, "dateOfBirth"> & {
  readonly dateOfBirthText: string
}

const selectEntries = (q: Kysely<Database>) =>
  q
    .selectFrom("postalEntries")
    .selectAll()
    .select(sql<string>`date_of_birth::text`.as("dateOfBirthText"))

const toEntry = (row: PostalEntryRow): PostalEntry => ({
  id: row.id,
  competitionId: row.competitionId,
  ticketNumber: row.ticketNumber,
  customerId: row.customerId,
  firstName: row.firstName,
  lastName: row.lastName,
  emailAddress: row.email,
  dateOfBirth: row.dateOfBirthText,
  telephoneNumber: row.telephoneNumber,
  address:
    row.addressLine1 === null
      ? null
      : {
          line1: row.addressLine1,
          line2: row.addressLine2 ?? "",
          city: row.addressCity ?? "",
          county: row.addressCounty ?? "",
          postCode: row.addressPostCode ?? "",
        },
  entryReference: row.entryReference,
  enteredBy: row.enteredBy,
  enteredAt: row.enteredAt,
})

/**
 * A person without an account has no customer id for the allocator's lock,
 * so theirs is keyed on their email, in a space no customer id can reach.
 */
const holdEntrant = (trx: Kysely<Database>, competitionId: string, entrant: EntrantKey) =>
  lockCustomerInCompetition(trx, entrant.customerId ?? `postal:${entrant.email}`, competitionId)

const heldBy = async (q: Kysely<Database>, competitionId: string, entrant: EntrantKey) => {
  if (entrant.customerId !== null) return ticketsHeld(q, entrant.customerId, competitionId)
  const row = await q
    .selectFrom("postalEntries")
    .select((eb) => eb.fn.countAll<string>().as("held"))
    .where("competitionId", "=", competitionId)
    .where("customerId", "is", null)
    // The person by core's normaliseEmail (entrantKey's email is normalised already).
    .where(normalisedEmail("email"), "=", entrant.email)
    .executeTakeFirstOrThrow()
  return Number(row.held)
}

/** Thrown inside the recording transaction so that its claim is rolled back with it. */
class ReferenceTaken extends Error {}

const recordInTransaction = async (
  trx: Kysely<Database>,
  entry: Parameters<PostalEntryRepoShape["record"]>[0],
): Promise<PostalEntry | null> => {
  const id = randomUUID()
  // The checkout's own claim: one free ticket in the pool's random order.
  const [ticketNumber] = await claimTickets(
    trx,
    { orderId: id, customerId: entry.customerId, at: entry.enteredAt },
    entry.competitionId,
    1,
  )
  if (ticketNumber === undefined) return null
  const inserted = await trx
    .insertInto("postalEntries")
    .values({
      id,
      competitionId: entry.competitionId,
      ticketNumber,
      customerId: entry.customerId,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.emailAddress,
      dateOfBirth: entry.dateOfBirth,
      telephoneNumber: entry.telephoneNumber,
      addressLine1: entry.address?.line1 ?? null,
      addressLine2: entry.address?.line2 ?? null,
      addressCity: entry.address?.city ?? null,
      addressCounty: entry.address?.county ?? null,
      addressPostCode: entry.address?.postCode ?? null,
      entryReference: entry.entryReference,
      enteredBy: entry.enteredBy,
      enteredAt: entry.enteredAt,
    })
    // Behind holdReference this never conflicts; it is the backstop if a caller skipped the hold.
    .onConflict((oc) => oc.columns(["competitionId", "entryReference"]).doNothing())
    .returning("id")
    .executeTakeFirst()
  if (inserted === undefined) throw new ReferenceTaken()
  return { ...entry, id, ticketNumber }
}

export const makePostalEntryRepo = (db: Kysely<Database>): PostalEntryRepoShape => ({
  competition: (competitionId) =>
    runQuery(db, "postalEntries.competition", (q) =>
      isUuid(competitionId)
        ? q
            .selectFrom("competitions")
            .select(["id", "name", "startDateTimeUtc", "closeDateTimeUtc", "maxTicketsPerCustomer"])
            .where("id", "=", competitionId)
            .executeTakeFirst()
        : Promise.resolve(undefined),
    ).pipe(
      Effect.flatMap((row) =>
        row === undefined
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed<CompetitionForEntry>({
              competitionId: row.id,
              competitionName: row.name,
              startDateTimeUtc: row.startDateTimeUtc,
              closeDateTimeUtc: row.closeDateTimeUtc,
              maxTicketsPerCustomer: row.maxTicketsPerCustomer,
            }),
      ),
    ),
  holdEntrant: (competitionId, entrant) =>
    runQuery(db, "postalEntries.holdEntrant", async (q) => {
      await holdEntrant(q, competitionId, entrant)
    }),
  holdReference: (competitionId, entryReference) =>
    runQuery(db, "postalEntries.holdReference", async (q) => {
      await lockCustomerInCompetition(q, `postal-reference:${entryReference}`, competitionId)
    }),
  byReference: (competitionId, entryReference) =>
    runQuery(db, "postalEntries.byReference", async (q) => {
      const row = await selectEntries(q)
        .where("competitionId", "=", competitionId)
        .where("entryReference", "=", entryReference)
        .executeTakeFirst()
      return row === undefined ? null : toEntry(row)
    }),
  ticketsHeld: (competitionId, entrant) =>
    runQuery(db, "postalEntries.ticketsHeld", (q) => heldBy(q, competitionId, entrant)),
  record: (entry) =>
    runQuery(db, "postalEntries.record", (executor) =>
      atomically(executor, (trx) => recordInTransaction(trx, entry)),
    ).pipe(
      Effect.catchTag(
        "RepositoryError",
        (error): Effect.Effect<never, EntryReferenceInUse | RepositoryError> =>
          error.cause instanceof ReferenceTaken
            ? Effect.fail(
                new EntryReferenceInUse({
                  competitionId: entry.competitionId,
                  entryReference: entry.entryReference ?? "",
                }),
              )
            : Effect.fail(error),
      ),
    ),
})

export const PostalEntryRepoLive: Layer.Layer<PostalEntryRepo, never, Db> = Layer.effect(
  PostalEntryRepo,
  Effect.map(Db, makePostalEntryRepo),
)
