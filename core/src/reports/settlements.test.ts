import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, TestClock } from "effect"
import type { Principal, Role } from "../accounts/model.js"
import { SettlementRecords } from "../ports/settlements.js"
import { pence } from "../rules/money.js"
import type { SettlementOrder, SettlementPayment } from "../rules/settlements.js"
import { makeMemorySettlementRecords } from "./settlement-doubles.js"
import { SettlementReports } from "./settlements.js"

const NOW = new Date("2026-06-15T10:00:00Z")

const as = (role: Role): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "customer-1" : null,
  email: `${role}@example.com`,
  name: role,
})

const orders: SettlementOrder[] = [
  {
    id: "o1",
    orderRef: "A1",
    status: "Completed",
    cardBalance: pence(1_200),
    placedAt: new Date("2026-06-14T09:00:00Z"),
  },
  {
    id: "o2",
    orderRef: "A2",
    status: "Cancelled",
    cardBalance: pence(500),
    placedAt: new Date("2026-06-14T10:00:00Z"),
  },
]
const payments: SettlementPayment[] = [
  {
    id: "p1",
    orderId: "o1",
    provider: "sandbox",
    amount: pence(1_200),
    status: "Succeeded",
    createdAt: new Date("2026-06-14T09:00:00Z"),
    succeededAt: new Date("2026-06-14T09:01:00Z"),
  },
  {
    id: "p2",
    orderId: "o2",
    provider: "sandbox",
    amount: pence(500),
    status: "Succeeded",
    createdAt: new Date("2026-06-14T10:00:00Z"),
    succeededAt: new Date("2026-06-14T10:01:00Z"),
  },
]

const reportAs = (role: Role, query: { from?: string; to?: string } = {}) =>
  Effect.zipRight(
    TestClock.setTime(NOW.getTime()),
    Effect.either(Effect.flatMap(SettlementReports, (r) => r.report(as(role), query))),
  ).pipe(
    Effect.provide(
      SettlementReports.Default.pipe(
        Layer.provide(
          Layer.succeed(
            SettlementRecords,
            makeMemorySettlementRecords({
              orders: () => orders,
              payments: () => payments,
              refunds: () => [],
            }),
          ),
        ),
      ),
    ),
  )

describe("SettlementReports", () => {
  it.effect("refuses a customer, whatever they ask", () =>
    Effect.gen(function* () {
      const answer = yield* reportAs("Customer", { from: "nonsense" })
      expect(Either.isLeft(answer) && answer.left._tag).toBe("NotStaff")
    }),
  )

  it.effect(
    "answers staff and admins the last 30 London days by default, disagreements first",
    () =>
      Effect.gen(function* () {
        for (const role of ["Staff", "Admin"] as const) {
          const answer = yield* reportAs(role)
          if (Either.isLeft(answer)) throw new Error(answer.left._tag)
          expect(answer.right.range).toMatchObject({ from: "2026-05-17", to: "2026-06-15" })
          expect(answer.right.generatedAt).toEqual(NOW)
          expect(answer.right.disagreements.map((d) => [d.order.orderRef, d.kinds])).toEqual([
            ["A2", ["ClosedWithKeptPayment"]],
          ])
          expect(answer.right.totals).toMatchObject({ taken: 1_700, completedOrders: 1 })
        }
      }),
  )

  it.effect("refuses a range it cannot answer, saying why", () =>
    Effect.gen(function* () {
      const answer = yield* reportAs("Staff", { from: "2026-06-15", to: "2026-06-01" })
      expect(Either.isLeft(answer) && answer.left).toMatchObject({
        _tag: "BadSettlementRange",
        message: "'from' must be on or before 'to'.",
      })
    }),
  )
})
