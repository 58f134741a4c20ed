import { Baskets, Checkout, PickedNumbers } from "@howzat/core/orders"
import { PurchaseGateOpen } from "@howzat/core/responsible-play"
import { Effect, Layer, TestClock, TestContext } from "effect"
import type { Kysely } from "kysely"
import { checkoutPortsLive } from "./checkout-ports"
import { NOW, testBrandLayer } from "./repos/orders-fixtures"
import type { Database } from "./schema"

/**
 * For the checkout concurrency suites: runs `test` with core's Checkout,
 * Baskets and PickedNumbers on `db`, the clock at the fixtures' NOW. Allocation and limits
 * under contention are the subject; the purchase gate has its own suites.
 */
export const runCheckoutOn =
  (db: () => Kysely<Database>) =>
  <A, E>(test: Effect.Effect<A, E, Checkout | Baskets | PickedNumbers>) => {
    const services = Layer.mergeAll(Checkout.Default, Baskets.Default, PickedNumbers.Default).pipe(
      Layer.provide(Layer.mergeAll(checkoutPortsLive(db()), PurchaseGateOpen, testBrandLayer)),
    )
    return Effect.runPromise(
      Effect.zipRight(TestClock.setTime(NOW.getTime()), test).pipe(
        Effect.provide(services),
        Effect.provide(TestContext.TestContext),
      ),
    )
  }
