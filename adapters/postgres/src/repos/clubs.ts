import {
  ClubDirectory,
  type ClubDirectoryShape,
  ClubStore,
  type ClubStoreShape,
  type StaffClub,
} from "@howzat/core/ports"
import {
  CLUB_VOUCHER_PERCENT,
  type ClubLedgerEntry,
  type LedgerEntryKind,
  openOrderStatuses,
  pence,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"
import { isUniqueViolation } from "./users"

interface ClubRow {
  readonly id: string
  readonly name: string
  readonly createdAt: Date
  readonly voucherPromotionId: string | null
  readonly earned: number | string
  readonly reversed: number | string
  readonly paidOut: number | string
  readonly orderCount: number | string
}

/** Each club with what its ledgers add up to, in one statement. */
const clubsWithFigures = (q: Kysely<Database>) =>
  q.selectFrom("clubs as c").select([
    "c.id",
    "c.name",
    "c.createdAt",
    "c.voucherPromotionId",
    sql<string>`(select coalesce(sum(e.amount_pence), 0) from club_credit_entries e
        where e.club_id = c.id and not e.reversal)`.as("earned"),
    sql<string>`(select coalesce(-sum(e.amount_pence), 0) from club_credit_entries e
        where e.club_id = c.id and e.reversal)`.as("reversed"),
    sql<string>`(select coalesce(sum(p.amount_pence), 0) from club_payouts p
        where p.club_id = c.id)`.as("paidOut"),
    sql<string>`(select count(distinct e.order_id) from club_credit_entries e
        where e.club_id = c.id and not e.reversal)`.as("orderCount"),
  ])

/** The clubs with their vouchers, in the order of `rows`. */
const withVouchers = async (
  q: Kysely<Database>,
  rows: readonly ClubRow[],
): Promise<StaffClub[]> => {
  if (rows.length === 0) return []
  const vouchers = await q
    .selectFrom("promotions")
    .select(["id", "code", "usageCount", "validTo", "clubId"])
    .where(
      "clubId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("createdAt")
    .orderBy("id")
    .execute()
  return rows.map((row) => {
    const own = vouchers.filter((v) => v.clubId === row.id)
    // The current voucher counts only while it is still this club's (staff may relink it in Vouchers).
    const current = own.find((v) => v.id === row.voucherPromotionId)
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      voucherCode: current?.code ?? null,
      currentVoucherId: current?.id ?? null,
      vouchers: own.map((v) => ({
        promotionId: v.id,
        code: v.code,
        usageCount: v.usageCount,
        validTo: v.validTo,
      })),
      earned: pence(Number(row.earned)),
      reversed: pence(Number(row.reversed)),
      paidOut: pence(Number(row.paidOut)),
      orderCount: Number(row.orderCount),
    }
  })
}

const oneClub = async (q: Kysely<Database>, id: string) => {
  const row = await clubsWithFigures(q).where("c.id", "=", id).executeTakeFirst()
  if (row === undefined) return null
  const [club] = await withVouchers(q, [row])
  return club ?? null
}

export const makeClubStore = (db: Kysely<Database>): ClubStoreShape => ({
  list: (query) =>
    runQuery(db, "clubs.list", async (q) => {
      const named = (base: ReturnType<typeof clubsWithFigures>) =>
        query.name ? base.where("c.name", "ilike", containsPattern(query.name)) : base
      const { pageSize } = normalisePage(query.page)
      let count = q.selectFrom("clubs as c").select((eb) => eb.fn.countAll<string>().as("n"))
      if (query.name) count = count.where("c.name", "ilike", containsPattern(query.name))
      const [rows, total] = await Promise.all([
        named(clubsWithFigures(q))
          .orderBy("c.name")
          .orderBy("c.id")
          .limit(pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        count.executeTakeFirstOrThrow(),
      ])
      return toPage(query.page, await withVouchers(q, rows), Number(total.n))
    }),
  byId: (id) => runQuery(db, "clubs.byId", async (q) => (isUuid(id) ? oneClub(q, id) : null)),
  held: (id) =>
    runQuery(db, "clubs.held", async (q) => {
      if (!isUuid(id)) return null
      const locked = await q
        .selectFrom("clubs")
        .select("id")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst()
      return locked === undefined ? null : oneClub(q, id)
    }),
  ledger: (id, page) =>
    runQuery(db, "clubs.ledger", async (q) => {
      if (!isUuid(id)) return toPage(page, [], 0)
      const { pageSize } = normalisePage(page)
      const { rows } = await sql<{
        at: Date
        kind: LedgerEntryKind
        orderId: string | null
        amount: number
        reference: string | null
      }>`
        select at, kind, "orderId", amount, reference from (
          select created_at as at, case when reversal then 'Reversal' else 'Credit' end as kind,
            order_id as "orderId", amount_pence as amount, null::text as reference, id
          from club_credit_entries where club_id = ${id}::uuid
          union all
          select paid_at, 'Payout', null, -amount_pence, reference, id
          from club_payouts where club_id = ${id}::uuid
        ) ledger
        order by at desc, id
        limit ${pageSize} offset ${pageOffset(page)}`.execute(q)
      const { rows: counted } = await sql<{ n: string | number }>`
        select (select count(*) from club_credit_entries where club_id = ${id}::uuid)
          + (select count(*) from club_payouts where club_id = ${id}::uuid) as n`.execute(q)
      const entries: ClubLedgerEntry[] = rows.map((r) => ({
        at: new Date(r.at),
        kind: r.kind,
        orderId: r.orderId,
        amount: Number(r.amount),
        reference: r.reference,
      }))
      return toPage(page, entries, Number(counted[0]?.n ?? 0))
    }),
  insert: (name) =>
    runQuery(db, "clubs.insert", async (q) => {
      // ON CONFLICT rather than catching the violation: the transaction stays
      // usable. No target, so the any-case name index counts too.
      const made = await q
        .insertInto("clubs")
        .values({ name })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst()
      return made === undefined ? ("NameTaken" as const) : { id: made.id }
    }),
  rename: (id, name) =>
    runQuery(db, "clubs.rename", async (q) => {
      try {
        await q.updateTable("clubs").set({ name }).where("id", "=", id).execute()
        return "Renamed" as const
      } catch (error) {
        if (isUniqueViolation(error)) return "NameTaken" as const
        throw error
      }
    }),
  voucherByCode: (code) =>
    runQuery(db, "clubs.voucherByCode", async (q) => {
      const row = await q
        .selectFrom("promotions")
        .select(["id", "clubId"])
        .where("code", "=", code.toUpperCase())
        .forUpdate()
        .executeTakeFirst()
      return row === undefined ? null : { promotionId: row.id, clubId: row.clubId }
    }),
  newVoucher: (clubId, code, description) =>
    runQuery(db, "clubs.newVoucher", async (q) => {
      const made = await q
        .insertInto("promotions")
        .values({
          code,
          description,
          discountKind: "Percentage",
          percent: CLUB_VOUCHER_PERCENT,
          amountPence: null,
          competitionId: null,
          validFrom: null,
          validTo: null,
          usageLimit: null,
          clubId,
        })
        .onConflict((oc) => oc.column("code").doNothing())
        .returning("id")
        .executeTakeFirst()
      if (made === undefined) return "CodeTaken" as const
      await q
        .updateTable("clubs")
        .set({ voucherPromotionId: made.id })
        .where("id", "=", clubId)
        .execute()
      return "Made" as const
    }),
  adoptVoucher: (clubId, promotionId) =>
    runQuery(db, "clubs.adoptVoucher", async (q) => {
      // A voucher relinked in Vouchers may still be named another club's current code.
      await q
        .updateTable("clubs")
        .set({ voucherPromotionId: null })
        .where("voucherPromotionId", "=", promotionId)
        .where("id", "<>", clubId)
        .execute()
      await q.updateTable("promotions").set({ clubId }).where("id", "=", promotionId).execute()
      await q
        .updateTable("clubs")
        .set({ voucherPromotionId: promotionId })
        .where("id", "=", clubId)
        .execute()
    }),
  endVoucher: (promotionId, at) =>
    runQuery(db, "clubs.endVoucher", (q) =>
      q
        .updateTable("promotions")
        .set({ validTo: at })
        .where("id", "=", promotionId)
        .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">", at)]))
        .execute(),
    ).pipe(Effect.asVoid),
  removalFacts: (id) =>
    runQuery(db, "clubs.removalFacts", async (q) => {
      // First, so no checkout starts using one of its codes until this ends.
      await q.selectFrom("promotions").select("id").where("clubId", "=", id).forUpdate().execute()
      const earned = await q
        .selectFrom("clubCreditEntries")
        .select("id")
        .where("clubId", "=", id)
        .limit(1)
        .executeTakeFirst()
      // core's isOpenOrder, as its openOrderStatuses list: the decision is
      // core's clubRemovalRefusal; test/contracts/clubs.contract.ts holds this
      // to it for an order in every status.
      const open = await q
        .selectFrom("promotionUses as u")
        .innerJoin("promotions as p", "p.id", "u.promotionId")
        .innerJoin("orders as o", "o.id", "u.orderId")
        .select("o.id")
        .where("p.clubId", "=", id)
        .where("o.status", "in", [...openOrderStatuses])
        .limit(1)
        .executeTakeFirst()
      return { everEarned: earned !== undefined, openOrderUsedItsVoucher: open !== undefined }
    }),
  remove: (id, at) =>
    runQuery(db, "clubs.remove", async (q) => {
      // Unused vouchers go with the club; used ones stay with their orders, ended.
      await q
        .deleteFrom("promotions")
        .where("clubId", "=", id)
        .where("usageCount", "=", 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("promotionUses")
                .select("orderId")
                .whereRef("promotionId", "=", "promotions.id"),
            ),
          ),
        )
        .execute()
      await q
        .updateTable("promotions")
        .set({ validTo: at })
        .where("clubId", "=", id)
        .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">", at)]))
        .execute()
      await q.deleteFrom("clubs").where("id", "=", id).execute()
    }),
  recordPayout: (payout) =>
    runQuery(db, "clubs.recordPayout", (q) =>
      q
        .insertInto("clubPayouts")
        .values({
          clubId: payout.clubId,
          amountPence: payout.amount,
          reference: payout.reference,
          recordedBy: payout.recordedBy,
          paidAt: payout.at,
        })
        .execute(),
    ).pipe(Effect.asVoid),
})

/** The club-perks list: clubs whose current voucher is theirs and works at `at`, by name. */
export const makeClubDirectory = (db: Kysely<Database>): ClubDirectoryShape => ({
  listed: (at) =>
    runQuery(db, "clubs.listed", (q) =>
      q
        .selectFrom("clubs as c")
        .innerJoin("promotions as p", (join) =>
          join.onRef("p.id", "=", "c.voucherPromotionId").onRef("p.clubId", "=", "c.id"),
        )
        .select(["c.id", "c.name", "p.code as voucherCode"])
        .where((eb) => eb.or([eb("p.validFrom", "is", null), eb("p.validFrom", "<=", at)]))
        .where((eb) => eb.or([eb("p.validTo", "is", null), eb("p.validTo", ">", at)]))
        .orderBy("c.name")
        .execute(),
    ),
})

export const ClubStoreLive: Layer.Layer<ClubStore, never, Db> = Layer.effect(
  ClubStore,
  Effect.map(Db, makeClubStore),
)

export const ClubDirectoryLive: Layer.Layer<ClubDirectory, never, Db> = Layer.effect(
  ClubDirectory,
  Effect.map(Db, makeClubDirectory),
)
