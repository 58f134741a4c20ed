import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import type { Principal } from "../accounts/model.js"
import { OrderStatus } from "../rules/order-status.js"
import { emptyClubs, type MemoryClubs, memoryClubs } from "./club-doubles.js"
import { StaffClubs } from "./clubs.js"

const principal = (role: Principal["role"]): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "c-1" : null,
  email: "x@example.com",
  name: role,
})
const staff = principal("Staff")

const run = <A, E>(state: MemoryClubs, use: (clubs: StaffClubs) => Effect.Effect<A, E>) =>
  Effect.either(
    Effect.flatMap(StaffClubs, use).pipe(
      Effect.provide(StaffClubs.Default.pipe(Layer.provide(memoryClubs(state)))),
    ),
  )

const tagOf = <A, E extends { _tag: string }>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? result.left._tag : "Right"

const credit = (state: MemoryClubs, clubId: string, orderId: string, amount: number) =>
  state.ledger.push({
    clubId,
    orderId,
    amount,
    kind: amount > 0 ? "Credit" : "Reversal",
    at: new Date(1_000),
    reference: null,
  })

describe("clubs for staff", () => {
  it.effect("refuses anyone but staff, before reading anything", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      const made = yield* run(state, (c) =>
        c.create(principal("Customer"), { name: "Kent CCC", voucherCode: "KENT10" }),
      )
      expect(tagOf(made)).toBe("NotStaff")
      expect(state.clubs).toEqual([])
    }),
  )

  it.effect("makes a club with a new 10% code on club terms, and audits it", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      const made = yield* run(state, (c) =>
        c.create(staff, { name: " Kent CCC ", voucherCode: "kent10" }),
      )
      expect(Either.isRight(made) && made.right).toMatchObject({
        name: "Kent CCC",
        voucherCode: "KENT10",
        earned: 0,
      })
      expect(state.vouchers).toMatchObject([
        { code: "KENT10", description: "Kent CCC: 10% off, and 10% to the club" },
      ])
      expect(state.audit).toMatchObject([
        {
          action: "Club.Create",
          subject: { type: "Club" },
          before: null,
          after: { name: "Kent CCC", voucherCode: "KENT10", balanceOwed: 0 },
        },
      ])
    }),
  )

  it.effect("adopts a voucher no club has, refuses another club's code and a taken name", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      state.vouchers.push({
        id: "v-own",
        code: "ESSEX15",
        description: "Essex: 15% off",
        clubId: null,
        usageCount: 0,
        validTo: null,
      })
      const essex = yield* run(state, (c) =>
        c.create(staff, { name: "Essex CCC", voucherCode: "essex15" }),
      )
      expect(Either.isRight(essex) && essex.right.currentVoucherId).toBe("v-own")
      expect(state.vouchers).toHaveLength(1)
      const taken = yield* run(state, (c) =>
        c.create(staff, { name: "Kent CCC", voucherCode: "ESSEX15" }),
      )
      expect(tagOf(taken)).toBe("ClubCodeTaken")
      const named = yield* run(state, (c) =>
        c.create(staff, { name: "Essex CCC", voucherCode: "OTHER10" }),
      )
      expect(tagOf(named)).toBe("ClubNameTaken")
      // Refusals roll back: no half-made club, no stray voucher, one audit entry.
      expect(state.clubs.map((c) => c.name)).toEqual(["Essex CCC"])
      expect(state.vouchers.map((v) => v.code)).toEqual(["ESSEX15"])
      expect(state.audit).toHaveLength(1)
    }),
  )

  it.effect("a new code retires the old one, which stays the club's for its history", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      yield* run(state, (c) => c.create(staff, { name: "Kent CCC", voucherCode: "KENT10" }))
      const id = state.clubs[0]?.id ?? ""
      const changed = yield* run(state, (c) =>
        c.update(staff, id, { name: "Kent Cricket", voucherCode: "KENT20" }),
      )
      expect(Either.isRight(changed) && changed.right).toMatchObject({
        name: "Kent Cricket",
        voucherCode: "KENT20",
      })
      expect(state.vouchers.find((v) => v.code === "KENT10")).toMatchObject({
        clubId: id,
        validTo: expect.any(Date),
      })
      expect(state.audit.at(-1)).toMatchObject({
        action: "Club.Update",
        before: { name: "Kent CCC", voucherCode: "KENT10" },
        after: { name: "Kent Cricket", voucherCode: "KENT20", vouchers: ["KENT10", "KENT20"] },
      })
      // Saving it unchanged records nothing.
      yield* run(state, (c) => c.update(staff, id, { name: "Kent Cricket", voucherCode: "kent20" }))
      expect(state.audit).toHaveLength(2)
    }),
  )

  it.effect("deletes a club that never earned, and refuses (409) one that did", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      yield* run(state, (c) => c.create(staff, { name: "Kent CCC", voucherCode: "KENT10" }))
      yield* run(state, (c) => c.create(staff, { name: "Essex CCC", voucherCode: "ESSEX10" }))
      const [kent, essex] = state.clubs.map((c) => c.id)
      credit(state, essex ?? "", "order-1", 90)
      credit(state, essex ?? "", "order-1", -90)
      expect(tagOf(yield* run(state, (c) => c.remove(staff, essex ?? "")))).toBe("ClubHasCredit")
      expect(tagOf(yield* run(state, (c) => c.remove(staff, kent ?? "")))).toBe("Right")
      expect(state.clubs.map((c) => c.name)).toEqual(["Essex CCC"])
      expect(state.vouchers.map((v) => v.code)).toEqual(["ESSEX10"])
      expect(state.audit.at(-1)).toMatchObject({ action: "Club.Delete", after: null })
      expect(tagOf(yield* run(state, (c) => c.remove(staff, "nope")))).toBe("ClubNotFound")
      yield* run(state, (c) => c.create(staff, { name: "Kent CCC", voucherCode: "KENT20" }))
      const paying = state.clubs.find((c) => c.name === "Kent CCC")?.id ?? ""
      const code = state.vouchers.find((v) => v.code === "KENT20")?.id ?? ""
      state.ordersUsingVouchers.push({ promotionId: code, status: OrderStatus.AwaitingPayment })
      expect(tagOf(yield* run(state, (c) => c.remove(staff, paying)))).toBe("ClubOrdersInFlight")
      expect(state.clubs.map((c) => c.id)).toContain(paying)
    }),
  )

  it.effect("records a payout as a ledger entry, never more than is owed", () =>
    Effect.gen(function* () {
      const state = emptyClubs()
      yield* run(state, (c) => c.create(staff, { name: "Kent CCC", voucherCode: "KENT10" }))
      const id = state.clubs[0]?.id ?? ""
      credit(state, id, "order-1", 500)
      credit(state, id, "order-2", 300)
      credit(state, id, "order-2", -300)
      const over = yield* run(state, (c) =>
        c.recordPayout(staff, id, { amount: 501, reference: "BACS 1" }),
      )
      expect(tagOf(over)).toBe("ClubInvalid")
      const paid = yield* run(state, (c) =>
        c.recordPayout(staff, id, { amount: 400, reference: "BACS 1" }),
      )
      expect(Either.isRight(paid) && paid.right).toMatchObject({
        earned: 800,
        reversed: 300,
        paidOut: 400,
        orderCount: 2,
      })
      expect(state.audit.at(-1)).toMatchObject({
        action: "Club.Payout",
        before: { balanceOwed: 500 },
        after: { balanceOwed: 100, paidOut: 400, payout: { amount: 400, reference: "BACS 1" } },
      })
      const detail = yield* run(state, (c) => c.byId(staff, id, { pageNumber: 1, pageSize: 10 }))
      expect(Either.isRight(detail) && detail.right.ledger.totalCount).toBe(4)
    }),
  )
})
