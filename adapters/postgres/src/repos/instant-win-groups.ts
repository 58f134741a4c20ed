import { CompetitionNotFound, type VisibilityStatus } from "@howzat/core/competitions"
import {
  type InstantWinCompetition,
  type InstantWinGroupFields,
  InstantWinGroupStore,
  type InstantWinGroupStoreShape,
  type StaffInstantWinGroup,
} from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { loadImageGroups } from "./competition-loader"
import { createImageGroup } from "./competition-writer"
import { isUuid } from "./shared"
import { ticketsSoldOf } from "./tickets-sold"

const readCompetition = async (
  db: Kysely<Database>,
  competitionId: string,
): Promise<InstantWinCompetition | null> => {
  if (!isUuid(competitionId)) return null
  // The row lock serialises every change to this competition's instant wins.
  const competition = await db
    .selectFrom("competitions as c")
    .select([
      "c.id",
      "c.startDateTimeUtc",
      "c.visibilityStatus",
      "c.totalTickets",
      ticketsSoldOf(sql.ref("c.id")).as("ticketsSold"),
    ])
    .where("c.id", "=", competitionId)
    .forUpdate()
    .executeTakeFirst()
  if (competition === undefined) return null
  const groups = await db
    .selectFrom("instantWinGroups")
    .select(["id", "name", "imageGroupId", "prizeSiteCreditPence"])
    .where("competitionId", "=", competitionId)
    .orderBy("sortOrder")
    .orderBy("name")
    .orderBy("id")
    .execute()
  const tickets = await db
    .selectFrom("instantWinTickets")
    .select(["instantWinGroupId", "ticketNumber", "wonAt"])
    .where("competitionId", "=", competitionId)
    .orderBy("ticketNumber")
    .execute()
  const imageGroups = await loadImageGroups(
    db,
    groups.flatMap((g) => (g.imageGroupId ? [g.imageGroupId] : [])),
  )
  return {
    competitionId: competition.id,
    startDateTimeUtc: competition.startDateTimeUtc,
    visibilityStatus: competition.visibilityStatus as VisibilityStatus,
    totalTickets: competition.totalTickets,
    ticketsAllocated: competition.ticketsSold,
    groups: groups.map((g): StaffInstantWinGroup => {
      const own = tickets.filter((t) => t.instantWinGroupId === g.id)
      return {
        id: g.id,
        competitionId: competition.id,
        name: g.name,
        ticketCount: own.length,
        quantityWonToDate: own.filter((t) => t.wonAt !== null).length,
        imageGroup: g.imageGroupId ? (imageGroups.get(g.imageGroupId) ?? null) : null,
        prizeSiteCredit: g.prizeSiteCreditPence === null ? null : pence(g.prizeSiteCreditPence),
        ticketNumbers: own.map((t) => t.ticketNumber),
      }
    }),
  }
}

const insertNumbers = async (
  db: Kysely<Database>,
  competitionId: string,
  groupId: string,
  ticketNumbers: readonly number[],
) => {
  if (ticketNumbers.length === 0) return
  // One statement however many numbers. The pool's foreign key refuses a
  // number outside 1..total; the unique key, a number another group holds.
  await sql`
    insert into instant_win_tickets (instant_win_group_id, competition_id, ticket_number)
    select ${groupId}::uuid, ${competitionId}::uuid, unnest(${[...ticketNumbers]}::int[])
  `.execute(db)
}

/** Replaces a group's images with a new image group (or none), dropping the old one. */
const replaceImages = async (
  db: Kysely<Database>,
  groupId: string,
  name: string,
  imageUrls: readonly string[],
) => {
  const { imageGroupId } = await db
    .selectFrom("instantWinGroups")
    .select("imageGroupId")
    .where("id", "=", groupId)
    .executeTakeFirstOrThrow()
  const replacement = await createImageGroup(db, name, imageUrls)
  await db
    .updateTable("instantWinGroups")
    .set({ imageGroupId: replacement })
    .where("id", "=", groupId)
    .execute()
  if (imageGroupId !== null) await dropImageGroup(db, imageGroupId)
}

/** Image groups belong to one owner here; one nobody uses any more goes with its images. */
const dropImageGroup = async (db: Kysely<Database>, imageGroupId: string) => {
  await db.deleteFrom("imageGroups").where("id", "=", imageGroupId).execute()
}

const groupValues = (fields: InstantWinGroupFields) => ({
  name: fields.name,
  prizeSiteCreditPence: fields.prizeSiteCredit,
})

export const makeInstantWinGroupStore = (db: Kysely<Database>): InstantWinGroupStoreShape => ({
  lock: (competitionId) =>
    runQuery(db, "instantWinGroups.lock", (q) => readCompetition(q, competitionId)).pipe(
      Effect.flatMap((found) =>
        found === null
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed(found),
      ),
    ),

  insert: (competitionId, fields, ticketNumbers) =>
    runQuery(db, "instantWinGroups.insert", (q) =>
      atomically(q, async (trx) => {
        const imageGroupId = await createImageGroup(trx, fields.name, fields.imageUrls)
        const { id } = await trx
          .insertInto("instantWinGroups")
          .values({
            ...groupValues(fields),
            competitionId,
            imageGroupId,
            // After the groups already there: staff see them in the order they made them.
            sortOrder: sql<number>`(select coalesce(max(sort_order) + 1, 0)
              from instant_win_groups where competition_id = ${competitionId}::uuid)`,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        await insertNumbers(trx, competitionId, id, ticketNumbers)
        return id
      }),
    ),

  update: (groupId, fields, ticketNumbers) =>
    runQuery(db, "instantWinGroups.update", (q) =>
      atomically(q, async (trx) => {
        const { competitionId } = await trx
          .updateTable("instantWinGroups")
          .set(groupValues(fields))
          .where("id", "=", groupId)
          .returning("competitionId")
          .executeTakeFirstOrThrow()
        await replaceImages(trx, groupId, fields.name, fields.imageUrls)
        if (ticketNumbers !== undefined) {
          await trx
            .deleteFrom("instantWinTickets")
            .where("instantWinGroupId", "=", groupId)
            .execute()
          await insertNumbers(trx, competitionId, groupId, ticketNumbers)
        }
      }),
    ),

  remove: (groupId) =>
    runQuery(db, "instantWinGroups.remove", (q) =>
      atomically(q, async (trx) => {
        // Its winning numbers go with it (on delete cascade).
        const removed = await trx
          .deleteFrom("instantWinGroups")
          .where("id", "=", groupId)
          .returning("imageGroupId")
          .executeTakeFirst()
        if (removed?.imageGroupId) await dropImageGroup(trx, removed.imageGroupId)
      }),
    ),

  lines: (competitionId) =>
    runQuery(db, "instantWinGroups.lines", (q) =>
      q
        .selectFrom("instantWinTickets")
        .select(["instantWinGroupId", "ticketNumber"])
        .where("competitionId", "=", competitionId)
        .execute(),
    ),

  commit: (competitionId, commitment) =>
    runQuery(db, "instantWinGroups.commit", (q) =>
      q
        .updateTable("competitions")
        .set({
          instantWinSalt: commitment?.salt ?? null,
          instantWinCommitment: commitment?.commitment ?? null,
        })
        .where("id", "=", competitionId)
        .execute(),
    ),
})

export const InstantWinGroupStoreLive: Layer.Layer<InstantWinGroupStore, never, Db> = Layer.effect(
  InstantWinGroupStore,
  Effect.map(Db, makeInstantWinGroupStore),
)
