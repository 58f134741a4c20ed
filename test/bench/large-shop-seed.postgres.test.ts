import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { drawFromEntryList, readEntryList, seedCommitment } from "@howzat/core/draws"
import { type DatabaseHandle, makeDatabase } from "@howzat/postgres"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readConfig } from "../../apps/server/src/config"
import { composeShop } from "../../apps/server/src/shop-runtime"
import type { Browser } from "../../apps/server/src/test-support/browser"
import { TEST_JWT_SECRET } from "../../apps/server/src/test-support/shop"
import { signedInStaff } from "../../apps/server/src/test-support/staff"
import type { TestDatabase } from "../support/postgres-database"
import { createMigratedTestDatabase } from "../support/suite-database"
import { backOfficeReads, readSamples, type Samples } from "./backoffice-reads"
import {
  DatabaseNotEmpty,
  type SeedReport,
  seedLargeShop,
  seedSize,
  tableCounts,
} from "./large-shop-seed"

/**
 * `npm run seed:large` at a hundredth of its size (docs/decisions/0090):
 * the rows hang together as the application writes them, and the shop
 * composed on them answers every read of the back office.
 */

const NOW = new Date()
const size = seedSize(0.01)

let database: TestDatabase
let handle: DatabaseHandle
let report: SeedReport
let shop: Awaited<ReturnType<typeof composeShop>>
let admin: Browser
let samples: Samples

beforeAll(async () => {
  database = await createMigratedTestDatabase()
  handle = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 2 })
  report = await seedLargeShop(handle.db, size, { now: NOW })
  samples = await readSamples(handle.db)
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  shop = await composeShop(
    {
      ...readConfig({
        DATABASE_URL: database.connectionString,
        TRUST_PROXY: "true",
        JWT_SECRET: TEST_JWT_SECRET,
      }),
      seedDemoData: false,
      webDistDir,
      files: { store: "local", dir: mkdtempSync(path.join(tmpdir(), "howzat-files-")) },
    },
    NOW,
  )
  admin = (await signedInStaff(shop, "Admin")).browser
})

afterAll(async () => {
  await shop?.close()
  await handle?.close()
  await database?.drop()
})

describe("the large shop's seed", () => {
  it("writes the counts asked for, at this scale", () => {
    expect(report.counts).toMatchObject({
      customers: size.customers,
      orders: size.orders,
      baskets: size.orders,
      competitions: size.competitions,
    })
    // Sold tickets aim at the size; each order's lines are random.
    expect(report.counts.soldTickets).toBeGreaterThan(size.tickets * 0.6)
    expect(report.counts.soldTickets).toBeLessThan(size.tickets * 1.4)
  })

  it("keeps each order's lines, tickets, totals, payment and sold counts together", async () => {
    const { rows } = await sql<{ check: string; bad: string }>`
      select 'paid orders whose tickets are not their lines' as check, count(*) as bad
      from orders o
      where o.status = 'Completed'
        and (select coalesce(sum(quantity), 0) from order_lines l where l.order_id = o.id)
          <> (select count(*) from tickets t where t.order_id = o.id)
      union all
      select 'orders given back that kept tickets', count(*) from tickets t
      join orders o on o.id = t.order_id where o.status <> 'Completed'
      union all
      select 'orders whose total is not their lines less credit', count(*) from orders o
      where o.order_total_pence <> o.item_total_pence - o.discount_total_pence - o.site_credit_debit_pence
        or o.item_total_pence <> (select sum(line_total_pence) from order_lines l where l.order_id = o.id)
      union all
      select 'orders paid other than their total', count(*) from orders o
      join payments p on p.order_id = o.id where p.amount_pence <> o.order_total_pence
      union all
      select 'competitions whose sold count is not their tickets', count(*) from competitions c
      where (select coalesce(sum(sold), 0) from competition_tickets_sold s where s.competition_id = c.id)
        <> (select count(*) from tickets t where t.competition_id = c.id and t.order_id is not null)
      union all
      select 'tickets outside their pool', count(*) from tickets t
      join competitions c on c.id = t.competition_id where t.ticket_number > c.total_tickets
      union all
      select 'customers whose site credit went below nothing', count(*) from (
        select customer_id from site_credit_entries group by customer_id having sum(amount_pence) < 0
      ) overdrawn
      union all
      select 'refunded payments without a refund', count(*) from payments p
      where p.status = 'Refunded' and not exists (select 1 from payment_refunds r where r.payment_id = p.id)
    `.execute(handle.db)
    expect(rows.filter((row) => Number(row.bad) > 0)).toEqual([])
  })

  it("draws every drawn competition as the published procedure does", async () => {
    const { rows } = await sql<{
      competitionId: string
      seed: string
      commitment: string
      entries: string
      entriesHash: string
      winningTicketNumber: number | null
      winnerCustomerId: string | null
      holder: string | null
    }>`
      select d.competition_id as "competitionId", c.draw_seed as seed,
        c.draw_seed_commitment as commitment, e.entries, d.entries_hash as "entriesHash",
        d.winning_ticket_number as "winningTicketNumber", d.winner_customer_id as "winnerCustomerId",
        t.customer_id as holder
      from draws d
      join competitions c on c.id = d.competition_id
      join draw_entries e on e.draw_id = d.id
      left join tickets t on t.competition_id = d.competition_id
        and t.ticket_number = d.winning_ticket_number`.execute(handle.db)
    expect(rows.length).toBe(
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from competitions
            where close_date_time_utc < ${NOW.toISOString()}::timestamptz and draw_type = 'Automatic'`.execute(
            handle.db,
          )
        ).rows[0]?.n,
      ),
    )
    for (const row of rows) {
      const seed = new Uint8Array(Buffer.from(row.seed, "hex"))
      expect(seedCommitment(seed)).toBe(row.commitment)
      const drawn = drawFromEntryList({
        seed,
        competitionId: row.competitionId,
        beacon: "",
        entries: readEntryList(row.entries),
      })
      expect(drawn.entriesHash).toBe(row.entriesHash)
      expect("winningTicketNumber" in drawn ? drawn.winningTicketNumber : null).toBe(
        row.winningTicketNumber,
      )
      expect(row.winnerCustomerId).toBe(row.holder)
    }
  })

  it("refuses a database that already has a shop in it", async () => {
    await expect(seedLargeShop(handle.db, size)).rejects.toBeInstanceOf(DatabaseNotEmpty)
    expect((await tableCounts(handle.db)).customers).toBe(size.customers)
  })

  it("is read by every list, search and report of the back office", async () => {
    const failures: string[] = []
    for (const read of backOfficeReads(NOW)) {
      for (const i of [0, 1]) {
        const response = await admin.get(read.path(samples, i))
        if (response.status !== 200)
          failures.push(`${read.name}: ${response.status} ${await response.text()}`)
        else await response.arrayBuffer()
      }
    }
    expect(failures).toEqual([])
  })

  it("finds a seeded order by its reference, customer email and name", async () => {
    const ref = samples.orderRefs[0] ?? ""
    const byRef = await admin.get(`/api/Orders?Search=${ref}`)
    const found = (await byRef.json()) as { orders: { orderRef: string }[] }
    expect(found.orders.map((o) => o.orderRef)).toContain(ref)
    const email = samples.emails[0] ?? ""
    const byEmail = (await (
      await admin.get(`/api/Orders?Search=${encodeURIComponent(email)}`)
    ).json()) as { totalCount: number }
    expect(byEmail.totalCount).toBeGreaterThan(0)
  })
})
