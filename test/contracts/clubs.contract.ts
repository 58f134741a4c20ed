import {
  ClubDirectory,
  type ClubDirectoryShape,
  ClubStore,
  type ClubStoreShape,
} from "@howzat/core/ports"
import {
  clubRemovalRefusal,
  isOpenOrder,
  type OrderStatus,
  orderStatuses,
  pence,
} from "@howzat/core/rules"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * ClubStore and ClubDirectory to test and the seeding their contract
 * needs: vouchers of no club (staff make them in Vouchers), uses of a
 * voucher, and a member of staff who records payouts.
 */
export interface ClubsWorld {
  readonly layer: Layer.Layer<ClubStore | ClubDirectory>
  /** A voucher of no club, valid from `validFrom` when given; its promotion id. */
  readonly voucher: (code: string, validFrom?: Date) => Promise<string>
  /** Counts one use of the voucher, as a checked-out order's does. */
  readonly use: (promotionId: string) => Promise<void>
  readonly staff: () => Promise<string>
  /** A paid order's club credit, as checkout records it: the order's id. */
  readonly credit: (clubId: string, amount: number, at: Date) => Promise<string>
  /** The order refunded: its club credit reversed, as the refund records it. */
  readonly reverse: (orderId: string, at: Date) => Promise<void>
  /** Staff move a voucher to another club in Vouchers: the first club's current code stays named. */
  readonly relink: (promotionId: string, clubId: string) => Promise<void>
  /** A customer's order that used the voucher and is still being paid; `cancel` gives it up. */
  readonly orderPaying: (promotionId: string) => Promise<{ readonly cancel: () => Promise<void> }>
  /** A customer's order that used the voucher, moved along the status machine to `status`. */
  readonly orderUsing: (promotionId: string, status: OrderStatus) => Promise<void>
  readonly close: () => Promise<void>
}

const NOW = new Date("2026-06-15T12:00:00.000Z")
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const UNKNOWN = "00000000-0000-4000-8000-000000000000"
let made = 0
/** Names and codes unique to the run, upper case so every collation sorts them alike. */
const unique = (prefix: string) =>
  `${prefix}${String(++made).padStart(4, "0")}${Date.now() % 100_000}`

/**
 * The ClubStore and ClubDirectory ports' contract, run on the in-memory
 * adapters and on PGlite and PostgreSQL: names and codes unique in any
 * case, a club's current voucher, adopting and ending vouchers, the list
 * by name, the facts core's clubRemovalRefusal decides a removal by (no
 * credit ever, no open order that used its code, for an order in every
 * status) and the removal itself, what credit, reversals and payouts add up to, and the club-perks
 * list. The payouts' trigger and the migration that gave older clubs a
 * current code are the database's (clubs.database.ts).
 */
export const clubsContract = (name: string, open: () => Promise<ClubsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: ClubsWorld
    const run = <A, E>(use: (store: ClubStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(ClubStore, use).pipe(Effect.provide(world.layer)))
    const directory = <A, E>(use: (d: ClubDirectoryShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(ClubDirectory, use).pipe(Effect.provide(world.layer)))
    /** Removal as core's StaffClubs.remove makes it: the store's facts, core's rule, then the store. */
    const removeIfAllowed = (id: string, when: Date) =>
      run((s) =>
        Effect.gen(function* () {
          const refusal = clubRemovalRefusal(yield* s.removalFacts(id))
          if (refusal !== null) return refusal
          yield* s.remove(id, when)
          return "Removed" as const
        }),
      )
    const club = async (prefix = "CLUB") => {
      const name = unique(prefix)
      const inserted = await run((s) => s.insert(name))
      if (inserted === "NameTaken") throw new Error("name taken")
      const code = unique("C")
      expect(await run((s) => s.newVoucher(inserted.id, code, "10% off"))).toBe("Made")
      return { id: inserted.id, name, code }
    }

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("makes a club with its current voucher; names in any case and codes stay unique", async () => {
      const { id, name, code } = await club()
      const found = await run((s) => s.byId(id))
      expect(found).toMatchObject({
        id,
        name,
        voucherCode: code,
        earned: 0,
        reversed: 0,
        paidOut: 0,
        orderCount: 0,
      })
      expect(found?.vouchers).toEqual([
        { promotionId: found?.currentVoucherId, code, usageCount: 0, validTo: null },
      ])
      expect(await run((s) => s.held(id))).toEqual(found)
      expect(await run((s) => s.insert(name.toLowerCase()))).toBe("NameTaken")
      const other = await club()
      expect(await run((s) => s.rename(other.id, name.toLowerCase()))).toBe("NameTaken")
      expect(await run((s) => s.rename(other.id, `${other.name}X`))).toBe("Renamed")
      expect((await run((s) => s.byId(other.id)))?.name).toBe(`${other.name}X`)
      expect(await run((s) => s.newVoucher(other.id, code, "again"))).toBe("CodeTaken")
      expect((await run((s) => s.byId(other.id)))?.voucherCode).toBe(other.code)
    })

    it("finds a voucher by its code in any case, with its club", async () => {
      const { id, code } = await club()
      const loose = unique("L")
      const looseId = await world.voucher(loose)
      const current = (await run((s) => s.byId(id)))?.currentVoucherId
      expect(await run((s) => s.voucherByCode(code.toLowerCase()))).toEqual({
        promotionId: current,
        clubId: id,
      })
      expect(await run((s) => s.voucherByCode(loose))).toEqual({
        promotionId: looseId,
        clubId: null,
      })
      expect(await run((s) => s.voucherByCode("NOSUCHCODE"))).toBeNull()
    })

    it("adopts a voucher as the current code, taking it from another club, and ends one", async () => {
      const first = await club()
      const second = await club()
      const loose = unique("L")
      const looseId = await world.voucher(loose)
      await run((s) => s.adoptVoucher(first.id, looseId))
      const adopted = await run((s) => s.byId(first.id))
      expect(adopted?.voucherCode).toBe(loose)
      expect(adopted?.vouchers.map((v) => v.code)).toEqual([first.code, loose])
      await run((s) => s.adoptVoucher(second.id, looseId))
      expect((await run((s) => s.byId(first.id)))?.voucherCode).toBeNull()
      expect((await run((s) => s.byId(second.id)))?.voucherCode).toBe(loose)

      await run((s) => s.endVoucher(looseId, at(60)))
      await run((s) => s.endVoucher(looseId, at(120)))
      await run((s) => s.endVoucher(UNKNOWN, at(10)))
      const ended = (await run((s) => s.byId(second.id)))?.vouchers.find((v) => v.code === loose)
      expect(ended?.validTo).toEqual(at(60))
      await run((s) => s.endVoucher(looseId, at(30)))
      expect(
        (await run((s) => s.byId(second.id)))?.vouchers.find((v) => v.code === loose)?.validTo,
      ).toEqual(at(30))
    })

    it("answers no club for an unknown or malformed id", async () => {
      for (const id of [UNKNOWN, "not-an-id"]) {
        expect(await run((s) => s.byId(id))).toBeNull()
        expect(await run((s) => s.held(id))).toBeNull()
        expect(await run((s) => s.ledger(id, { pageNumber: 1, pageSize: 10 }))).toMatchObject({
          items: [],
          totalCount: 0,
        })
      }
    })

    it("removes a club that never earned: unused vouchers go, used ones end and stay", async () => {
      const { id, code } = await club()
      const usedCode = unique("U")
      const used = await world.voucher(usedCode)
      await run((s) => s.adoptVoucher(id, used))
      await world.use(used)
      expect(await removeIfAllowed(id, at(5))).toBe("Removed")
      expect(await run((s) => s.byId(id))).toBeNull()
      expect(await run((s) => s.voucherByCode(code))).toBeNull()
      expect(await run((s) => s.voucherByCode(usedCode))).toEqual({
        promotionId: used,
        clubId: null,
      })
      // The used one ended when its club went: a club adopting it later shows the end.
      const adopter = await club()
      await run((s) => s.adoptVoucher(adopter.id, used))
      const adopted = (await run((s) => s.byId(adopter.id)))?.vouchers
      expect(adopted?.find((v) => v.code === usedCode)?.validTo).toEqual(at(5))
    })

    it("keeps a club while an order that used its code is still being paid", async () => {
      const { id } = await club()
      const current = (await run((s) => s.byId(id)))?.currentVoucherId ?? ""
      const paying = await world.orderPaying(current)
      expect(await removeIfAllowed(id, at(5))).toBe("OrdersInFlight")
      expect(await run((s) => s.byId(id))).not.toBeNull()
      await paying.cancel()
      expect(await removeIfAllowed(id, at(6))).toBe("Removed")
      expect(await run((s) => s.byId(id))).toBeNull()
    })

    it("reads as in flight exactly an order core calls open that used its code, in every status", async () => {
      for (const status of orderStatuses) {
        const { id } = await club()
        const current = (await run((s) => s.byId(id)))?.currentVoucherId ?? ""
        await world.orderUsing(current, status)
        expect({ status, facts: await run((s) => s.removalFacts(id)) }).toEqual({
          status,
          facts: { everEarned: false, openOrderUsedItsVoucher: isOpenOrder(status) },
        })
        expect({ status, removed: await removeIfAllowed(id, at(5)) }).toEqual({
          status,
          removed: isOpenOrder(status) ? "OrdersInFlight" : "Removed",
        })
      }
    })

    it("records payouts on the ledger, newest first, adding up to what was paid out", async () => {
      const { id } = await club()
      const staff = await world.staff()
      const pay = (amount: number, minute: number, reference: string) =>
        run((s) =>
          s.recordPayout({
            clubId: id,
            amount: pence(amount),
            reference,
            at: at(minute),
            recordedBy: staff,
          }),
        )
      await pay(1_000, 1, "BACS 1")
      await pay(250, 2, "BACS 2")
      const ledger = await run((s) => s.ledger(id, { pageNumber: 1, pageSize: 10 }))
      expect(ledger).toMatchObject({ totalCount: 2, pageNumber: 1, pageSize: 10 })
      expect(ledger.items).toEqual([
        { at: at(2), kind: "Payout", orderId: null, amount: -250, reference: "BACS 2" },
        { at: at(1), kind: "Payout", orderId: null, amount: -1_000, reference: "BACS 1" },
      ])
      expect((await run((s) => s.byId(id)))?.paidOut).toBe(1_250)
      const second = await run((s) => s.ledger(id, { pageNumber: 2, pageSize: 1 }))
      expect([second.totalCount, second.items.map((e) => e.reference)]).toEqual([2, ["BACS 1"]])
    })

    it("adds up earned, reversed and paid out, and lists the ledger newest first", async () => {
      const { id } = await club()
      const first = await world.credit(id, 500, at(0))
      const second = await world.credit(id, 300, at(1))
      await world.reverse(second, at(2))
      await world.reverse(second, at(3))
      await run((s) =>
        s.recordPayout({
          clubId: id,
          amount: pence(400),
          reference: "BACS 0001",
          at: at(4),
          recordedBy: UNKNOWN,
        }),
      )
      expect(await run((s) => s.byId(id))).toMatchObject({
        earned: 800,
        reversed: 300,
        paidOut: 400,
        orderCount: 2,
      })
      const ledger = await run((s) => s.ledger(id, { pageNumber: 1, pageSize: 3 }))
      expect(ledger.totalCount).toBe(4)
      expect(ledger.items).toEqual([
        { at: at(4), kind: "Payout", orderId: null, amount: -400, reference: "BACS 0001" },
        { at: at(2), kind: "Reversal", orderId: second, amount: -300, reference: null },
        { at: at(1), kind: "Credit", orderId: second, amount: 300, reference: null },
      ])
      const rest = await run((s) => s.ledger(id, { pageNumber: 2, pageSize: 3 }))
      expect(rest.items).toEqual([
        { at: at(0), kind: "Credit", orderId: first, amount: 500, reference: null },
      ])
      expect(await removeIfAllowed(id, at(5))).toBe("HasCredit")
      expect(await run((s) => s.byId(id))).not.toBeNull()
    })

    it("adds up to the sum of its ledger, whatever was credited, reversed and paid (property)", async () => {
      const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ amount: fc.integer({ min: 1, max: 5_000 }), refunded: fc.boolean() }),
            { maxLength: 4 },
          ),
          fc.array(fc.integer({ min: 1, max: 2_000 }), { maxLength: 3 }),
          async (credits, payouts) => {
            const { id } = await club()
            for (const [i, credit] of credits.entries()) {
              const orderId = await world.credit(id, credit.amount, at(i))
              if (credit.refunded) await world.reverse(orderId, at(i))
            }
            for (const amount of payouts)
              await run((s) =>
                s.recordPayout({
                  clubId: id,
                  amount: pence(amount),
                  reference: "BACS",
                  at: NOW,
                  recordedBy: UNKNOWN,
                }),
              )
            const found = await run((s) => s.byId(id))
            expect(found).toMatchObject({
              earned: sum(credits.map((c) => c.amount)),
              reversed: sum(credits.filter((c) => c.refunded).map((c) => c.amount)),
              paidOut: sum(payouts),
              orderCount: credits.length,
            })
            const ledger = await run((s) => s.ledger(id, { pageNumber: 1, pageSize: 100 }))
            expect(ledger.totalCount).toBe(ledger.items.length)
            expect(sum(ledger.items.map((e) => e.amount))).toBe(
              (found?.earned ?? 0) - (found?.reversed ?? 0) - (found?.paidOut ?? 0),
            )
          },
        ),
        { numRuns: 8 },
      )
    })

    it("lists clubs by part of the name in any case, a page at a time (property)", async () => {
      const tag = unique("TAG")
      const mine = []
      for (let i = 0; i < 5; i++) mine.push(await club(`${tag}N${i}`))
      const names = mine.map((c) => c.name).sort()
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (size) => {
          const listed: string[] = []
          for (let n = 1; n <= Math.ceil(names.length / size) + 1; n++) {
            const got = await run((s) =>
              s.list({ name: tag.toLowerCase(), page: { pageNumber: n, pageSize: size } }),
            )
            expect(got.totalCount).toBe(names.length)
            listed.push(...got.items.map((c) => c.name))
          }
          expect(listed).toEqual(names)
        }),
        { numRuns: 6 },
      )
      // A page below the first is the first; a size below one is one.
      const floor = await run((s) => s.list({ name: tag, page: { pageNumber: 0, pageSize: 0 } }))
      expect(floor).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: names.length })
      expect(floor.items.map((c) => c.name)).toEqual(names.slice(0, 1))
    })

    it("lists for the storefront only clubs whose current voucher is theirs and works now", async () => {
      const shown = await club("PERK")
      const ended = await club("PERK")
      const endedVoucher = (await run((s) => s.byId(ended.id)))?.currentVoucherId ?? ""
      await run((s) => s.endVoucher(endedVoucher, at(-1)))
      const later = await club("PERK")
      const notYet = await world.voucher(unique("N"), at(60))
      await run((s) => s.adoptVoucher(later.id, notYet))
      const lost = await club("PERK")
      const taken = (await run((s) => s.byId(lost.id)))?.currentVoucherId ?? ""
      await run((s) => s.adoptVoucher(shown.id, taken))
      const relinked = await club("PERK")
      const moved = (await run((s) => s.byId(relinked.id)))?.currentVoucherId ?? ""
      await world.relink(moved, shown.id)
      const listed = (await directory((d) => d.listed(NOW))).filter((c) =>
        [shown.id, ended.id, later.id, lost.id, relinked.id].includes(c.id),
      )
      expect(listed).toEqual([{ id: shown.id, name: shown.name, voucherCode: lost.code }])
      const afterStart = (await directory((d) => d.listed(at(61)))).map((c) => c.id)
      expect(afterStart).toContain(later.id)
    })
  })
