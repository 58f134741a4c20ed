import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import type { Principal } from "../accounts/model.js"
import { AuditLog } from "../ports/audit-log.js"
import { DrawRepo, type WinnerQuery } from "../ports/catalogue.js"
import { DrawRecords } from "../ports/draw-records.js"
import { Mailer } from "../ports/mailer.js"
import { RandomnessBeacon } from "../ports/randomness-beacon.js"
import { Transactions } from "../ports/transactions.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { Draws } from "./draws.js"

/** Only the winners list is asked here: every other port dies if touched. */
const untouched = <A extends object>(): A =>
  new Proxy({} as A, {
    get: (_, name) => () => Effect.dieMessage(`not expected: ${String(name)}`),
  })

const asked: WinnerQuery[] = []
const layer = Draws.Default.pipe(
  Layer.provide(
    Layer.mergeAll(
      Layer.succeed(DrawRepo, {
        ...untouched<DrawRepo["Type"]>(),
        winners: (query) =>
          Effect.sync(() => {
            asked.push(query)
            return { items: [], pageNumber: 1, pageSize: 20, totalCount: 0 }
          }),
      }),
      Layer.succeed(DrawRecords, untouched<DrawRecords["Type"]>()),
      Layer.succeed(RandomnessBeacon, untouched<RandomnessBeacon["Type"]>()),
      Layer.succeed(Transactions, untouched<Transactions["Type"]>()),
      Layer.succeed(Mailer, untouched<Mailer["Type"]>()),
      Layer.succeed(AuditLog, untouched<AuditLog["Type"]>()),
      testBrandLayer,
    ),
  ),
)

const person = (role: Principal["role"], customerId: string | null): Principal => ({
  userId: `user-${role}`,
  role,
  customerId,
  email: "someone@example.com",
  name: "Someone",
})
const page = { pageNumber: 1, pageSize: 20 }
const CUSTOMER = "7d3f0a52-3c1e-4a57-9a43-3b1f0c6a9e21"
const OTHER = "0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b"

describe("who may see which winners", () => {
  it.layer(layer)((it) => {
    const outcome = (query: Partial<WinnerQuery>, viewer: Principal | null) =>
      Effect.flatMap(Draws, (draws) =>
        Effect.either(draws.winners({ includeHidden: false, page, ...query }, viewer)),
      )

    it.effect("anyone sees the public winners", () =>
      Effect.gen(function* () {
        expect(Either.isRight(yield* outcome({}, null))).toBe(true)
        expect(Either.isRight(yield* outcome({ customerName: "knight" }, null))).toBe(true)
      }),
    )

    it.effect("hidden winners are for staff only", () =>
      Effect.gen(function* () {
        const nobody = yield* outcome({ includeHidden: true }, null)
        const customer = yield* outcome({ includeHidden: true }, person("Customer", CUSTOMER))
        expect(Either.isLeft(nobody) && nobody.left._tag).toBe("NotStaff")
        expect(Either.isLeft(customer) && customer.left._tag).toBe("NotStaff")
        expect(Either.isRight(yield* outcome({ includeHidden: true }, person("Staff", null)))).toBe(
          true,
        )
      }),
    )

    it.effect("a customer's wins are that customer's to list, or staff's", () =>
      Effect.gen(function* () {
        const own = yield* outcome({ customerId: CUSTOMER }, person("Customer", CUSTOMER))
        const another = yield* outcome({ customerId: OTHER }, person("Customer", CUSTOMER))
        const nobody = yield* outcome({ customerId: CUSTOMER }, null)
        expect(Either.isRight(own)).toBe(true)
        expect(Either.isLeft(another) && another.left._tag).toBe("NotStaff")
        expect(Either.isLeft(nobody) && nobody.left._tag).toBe("NotStaff")
        expect(Either.isRight(yield* outcome({ customerId: OTHER }, person("Admin", null)))).toBe(
          true,
        )
        expect(asked.at(-1)?.customerId).toBe(OTHER)
      }),
    )
  })
})
