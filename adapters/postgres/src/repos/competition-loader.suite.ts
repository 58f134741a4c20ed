import type { Competition } from "@howzat/core/competitions"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../schema"
import { seedDemoData } from "../seed/demo"
import { loadCompetitionById, loadCompetitions } from "./competition-loader"
import { loadCompetitionsReadByRead } from "./competition-loader.reference"
import type { SuiteDatabase } from "./suite-database"

const NOW = new Date("2026-06-15T12:00:00.000Z")

/**
 * The one-statement loader (decision 0089) answers exactly what the reads
 * it replaced answered, on a shop with every kind of competition: images,
 * instant wins won and not, draws and redraws, categories and attributes.
 */
export const competitionLoaderSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    let db: Kysely<Database>
    beforeAll(async () => {
      database = await open()
      db = database.db
      await seedDemoData(db, NOW)
    }, 120_000)
    afterAll(async () => {
      await database?.close()
    })

    const allRows = () => db.selectFrom("competitions").selectAll().orderBy("name").execute()

    it("loads every competition as the read-by-read loader did", async () => {
      const rows = await allRows()
      const loaded = await loadCompetitions(db, rows)
      const reference = await loadCompetitionsReadByRead(db, rows)
      expect(loaded).toEqual(reference)
      // The demo shop exercises every part, or the comparison above proves little.
      const some = (test: (c: Competition) => boolean) => expect(loaded.some(test)).toBe(true)
      some((c) => c.imageGroup !== null && c.imageGroup.images.length > 1)
      some((c) => c.instantWinGroups.some((g) => g.quantityWonToDate > 0))
      some((c) => c.instantWinGroups.some((g) => g.imageGroup !== null))
      some((c) => c.drawResult !== null)
      some((c) => c.ticketsSoldToDate > 0)
      some((c) => c.categoryIds.length > 0)
      some((c) => c.attributes.length > 0)
    })

    it("loads any page of them, and one alone, as the read-by-read loader did", async () => {
      const rows = await allRows()
      for (let start = 0; start < rows.length; start += 5) {
        const page = rows.slice(start, start + 5)
        expect(await loadCompetitions(db, page)).toEqual(await loadCompetitionsReadByRead(db, page))
      }
      for (const row of rows.slice(0, 8)) {
        expect(await loadCompetitions(db, [row])).toEqual(
          await loadCompetitionsReadByRead(db, [row]),
        )
      }
      expect(await loadCompetitions(db, [])).toEqual([])
    })

    it("loads one competition by its id as the read-by-read loader did, hidden ones to staff only", async () => {
      const rows = await allRows()
      expect(rows.some((r) => r.visibilityStatus === "Hidden")).toBe(true)
      for (const row of rows) {
        const [reference] = await loadCompetitionsReadByRead(db, [row])
        expect(await loadCompetitionById(db, row.id, false)).toEqual(reference)
        expect(await loadCompetitionById(db, row.id, true)).toEqual(
          row.visibilityStatus === "Visible" ? reference : undefined,
        )
      }
      expect(await loadCompetitionById(db, "00000000-0000-0000-0000-000000000000", false)).toBe(
        undefined,
      )
    })
  })
