import { randomUUID } from "node:crypto"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../schema"
import { competitionOnSale } from "./orders-fixtures"
import type { SuiteDatabase } from "./suite-database"

const count = async (db: Kysely<Database>, competitionId: string) =>
  Number(
    (
      await db
        .selectFrom("tickets")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("competitionId", "=", competitionId)
        .executeTakeFirstOrThrow()
    ).n,
  )

/**
 * What the pool's foreign key to its competition did, now a check per
 * statement (migration 2026-11-30T1400, docs/decisions/0091): a ticket of
 * no competition is refused, whichever way it is written; a ticket never
 * moves; deleting a competition deletes its pool and what hangs on it.
 */
export const poolKeySuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 120_000 }, () => {
    let database: SuiteDatabase
    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database.close())

    it("refuses a ticket of a competition that does not exist, alone or among good ones", async () => {
      const { db } = database
      const real = await competitionOnSale(db, { totalTickets: 3 })
      await expect(
        sql`insert into tickets (competition_id, ticket_number) values (${randomUUID()}::uuid, 1)`.execute(
          db,
        ),
      ).rejects.toMatchObject({ code: "23503", constraint: "tickets_competition_id_fkey" })
      await expect(
        sql`insert into tickets (competition_id, ticket_number)
          values (${real}::uuid, 4), (${randomUUID()}::uuid, 1)`.execute(db),
      ).rejects.toMatchObject({ code: "23503" })
      expect(await count(db, real)).toBe(3)
      await sql`insert into tickets (competition_id, ticket_number) values (${real}::uuid, 4)`.execute(
        db,
      )
      expect(await count(db, real)).toBe(4)
    })

    it("never moves a ticket to another competition, nor a competition with a pool to another id", async () => {
      const { db } = database
      const [a, b] = [await competitionOnSale(db), await competitionOnSale(db)]
      await expect(
        sql`update tickets set competition_id = ${b}::uuid
          where competition_id = ${a}::uuid and ticket_number = 1`.execute(db),
      ).rejects.toMatchObject({ code: "23503" })
      await expect(
        sql`update competitions set id = ${randomUUID()}::uuid where id = ${a}::uuid`.execute(db),
      ).rejects.toMatchObject({ code: "23503" })
      // Naming the column with its own value changes nothing and is allowed.
      await sql`update tickets set competition_id = competition_id where competition_id = ${a}::uuid`.execute(
        db,
      )
      expect(await count(db, a)).toBe(20)
    })

    it("deletes a competition's pool, holds and instant wins with it, and no one else's", async () => {
      const { db } = database
      const [gone, kept] = [
        await competitionOnSale(db, {
          totalTickets: 50,
          instantWinGroups: [{ name: "Tenners", imageUrls: [], ticketNumbers: [3, 7] }],
        }),
        await competitionOnSale(db, { totalTickets: 5 }),
      ]
      await db.deleteFrom("competitions").where("id", "=", gone).execute()
      expect(await count(db, gone)).toBe(0)
      expect(await count(db, kept)).toBe(5)
      const instantWins = await db
        .selectFrom("instantWinTickets")
        .select("id")
        .where("competitionId", "=", gone)
        .execute()
      expect(instantWins).toEqual([])
    })
  })
