import type { CompetitionWinner } from "@howzat/core/competitions"
import { DrawRepo, type DrawRepoShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import {
  attempt,
  containsPattern,
  emptyPage,
  isUuid,
  normalisePage,
  pageOffset,
  toPage,
} from "./shared"

export const makeDrawRepo = (db: Kysely<Database>): DrawRepoShape => ({
  nextDrawDate: (drawType, now) =>
    attempt("draws.nextDrawDate", async () => {
      const row = await db
        .selectFrom("competitions")
        .select((eb) => eb.fn.min("drawDateTimeUtc").as("next"))
        .where("visibilityStatus", "=", "Visible")
        .where("drawType", "=", drawType)
        .where("drawDateTimeUtc", ">", now)
        .executeTakeFirst()
      return row?.next ?? null
    }),

  winners: (query) => {
    if (
      (query.competitionId !== undefined && !isUuid(query.competitionId)) ||
      (query.customerId !== undefined && !isUuid(query.customerId))
    ) {
      return Effect.succeed(emptyPage<CompetitionWinner>(query.page))
    }
    return attempt("draws.winners", async () => {
      let q = db
        .selectFrom("draws as d")
        .innerJoin("competitions as c", "c.id", "d.competitionId")
        .where("d.winningTicketNumber", "is not", null)
        .where("d.winnerFullName", "is not", null)
        .where("d.drawDate", "is not", null)
        // A winner whose prize went unclaimed and was redrawn is not the prize's winner.
        .where("d.redrawRequestedAt", "is", null)
      // A hidden competition's winner would reveal the competition, so both must be visible.
      if (!query.includeHidden) {
        q = q.where("d.isVisible", "=", true).where("c.visibilityStatus", "=", "Visible")
      }
      if (query.fromDate) q = q.where("d.drawDate", ">=", query.fromDate)
      if (query.toDate) q = q.where("d.drawDate", "<=", query.toDate)
      if (query.competitionId) q = q.where("d.competitionId", "=", query.competitionId)
      if (query.customerId) q = q.where("d.winnerCustomerId", "=", query.customerId)
      if (query.customerName)
        q = q.where("d.winnerFullName", "ilike", containsPattern(query.customerName))
      const [{ totalCount }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as("totalCount")).executeTakeFirstOrThrow(),
        q
          .select((eb) => [
            "d.competitionId",
            "c.name as competitionName",
            "d.drawDate",
            "d.winningTicketNumber",
            "d.winnerFullName",
            "d.isVisible",
            eb
              .selectFrom("images as i")
              .select("i.url")
              .whereRef("i.imageGroupId", "=", "c.imageGroupId")
              .orderBy("i.sortOrder")
              .orderBy("i.id")
              .limit(1)
              .as("imageUrl"),
          ])
          .orderBy("d.drawDate", "desc")
          .orderBy("d.id")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
      ])
      const items = rows.flatMap((r): CompetitionWinner[] =>
        r.drawDate !== null && r.winningTicketNumber !== null && r.winnerFullName !== null
          ? [
              {
                competitionId: r.competitionId,
                competitionName: r.competitionName,
                drawDate: r.drawDate,
                ticketNumber: r.winningTicketNumber,
                winnerFullName: r.winnerFullName,
                imageUrl: r.imageUrl,
                isVisible: r.isVisible,
              },
            ]
          : [],
      )
      return toPage(query.page, items, Number(totalCount))
    })
  },
})

export const DrawRepoLive: Layer.Layer<DrawRepo, never, Db> = Layer.effect(
  DrawRepo,
  Effect.map(Db, makeDrawRepo),
)
