import { CompetitionAdmin } from "@howzat/core/competitions"
import { Draws } from "@howzat/core/draws"
import { Payments } from "@howzat/core/orders"
import type { NotificationHandler } from "@howzat/http"
import { Effect, Layer, ManagedRuntime } from "effect"
import type { competitionServices } from "./catalogue"
import type { ShopObservability } from "./observability"
import type { paymentServicesOf } from "./orders"

/**
 * What runs outside a request: the provider's notifications and the jobs'
 * passes, on one runtime of the shop's own services. dispose() ends it.
 */
export const openBackground = async (
  payments: Awaited<ReturnType<typeof paymentServicesOf>>["paymentServices"],
  competitions: ReturnType<typeof competitionServices>,
  observability: ShopObservability["observability"],
) => {
  const background = ManagedRuntime.make(
    Layer.mergeAll(payments, competitions.draws, competitions.catalogueAdmin, observability),
  )
  await background.runtime()
  const runPayments = <A, E>(use: (payments: Payments) => Effect.Effect<A, E>) =>
    background.runPromise(Effect.flatMap(Payments, use))

  // A forged or stale notification is refused (400); anything else that goes
  // wrong throws, so the route answers 503 and the provider delivers it again.
  const paymentNotifications: NotificationHandler = (rawBody, headers, provider) =>
    runPayments((payments) =>
      payments.handleNotification(rawBody, headers, provider).pipe(
        Effect.map((verdict) => ({ kind: verdict })),
        Effect.catchTag("NotificationRejected", (rejected) =>
          Effect.succeed({ kind: "Rejected" as const, reason: rejected.reason }),
        ),
      ),
    )

  /** One expiry pass: the unpaid orders it cancelled (their tickets are back on sale). */
  const expireDue = Effect.provide(
    Effect.flatMap(Payments, (payments) => payments.expireDue()),
    background,
  )
  /**
   * One automatic-draw pass: first the draw-on-sell-out competitions whose
   * last ticket is now paid are closed and made due (docs/decisions/0081),
   * then every due draw is made. A failed close is logged and tried again
   * next pass; it never holds up the draws.
   */
  const closeSoldOut = Effect.flatMap(CompetitionAdmin, (admin) => admin.closeSoldOut).pipe(
    Effect.tap((closed) =>
      Effect.forEach(
        closed,
        (competitionId) =>
          Effect.logInfo("competition sold out: closed for its draw", { competitionId }),
        { discard: true },
      ),
    ),
    Effect.catchAll((error) => Effect.logWarning("sold-out close put off", { reason: error._tag })),
  )
  const drawDue = Effect.provide(
    Effect.zipRight(
      closeSoldOut,
      Effect.flatMap(Draws, (d) => d.drawDue),
    ),
    background,
  )
  return {
    paymentNotifications,
    passes: { expireDue, drawDue },
    dispose: () => background.dispose(),
  }
}
