import { randomUUID } from "node:crypto"
import { PAYMENT_NOTIFICATION_PATH } from "@howzat/http"
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxNotification,
  signatureHeader,
} from "@howzat/payments"
import type { Shop } from "./shop"

/** The secret the composed sandbox signs with: generated once, kept in the settings table. */
export const notificationSecret = async (shop: Shop): Promise<string> =>
  (
    await shop.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "payment-notification-secret")
      .executeTakeFirstOrThrow()
  ).value

/**
 * The provider settles an intent on its side, as the sandbox's card form
 * does, but without the sandbox's own background delivery: the test then
 * delivers the notification itself and decides when it arrives.
 */
export const settleAtProvider = async (
  shop: Shop,
  providerReference: string,
  outcome: { readonly status: "Succeeded" | "Failed"; readonly failureDetail?: string | null },
): Promise<SandboxNotification> => {
  const eventId = `sbx_evt_test_${randomUUID()}`
  const failureDetail = outcome.status === "Failed" ? (outcome.failureDetail ?? null) : null
  const settled = await shop.db
    .updateTable("sandboxPaymentIntents")
    .set({ status: outcome.status, failureDetail, eventId, settledAt: new Date() })
    .where("providerReference", "=", providerReference)
    .where("status", "=", "Pending")
    .executeTakeFirst()
  if (settled.numUpdatedRows !== 1n) throw new Error(`no pending intent ${providerReference}`)
  return {
    id: eventId,
    type:
      outcome.status === "Succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed",
    providerReference,
    status: outcome.status,
    failureDetail,
  }
}

/** A notification exactly as the sandbox would send it: the raw body and its signature header. */
export const signedNotification = (
  secret: string,
  notification: SandboxNotification,
  signedAtSeconds = Math.floor(Date.now() / 1000),
) => {
  const rawBody = JSON.stringify(notification)
  return { rawBody, signature: signatureHeader(secret, signedAtSeconds, rawBody) }
}

/** Posts to the status-notification route as the provider's webhook does: no cookie, no session. */
export const deliverNotification = (
  shop: Shop,
  rawBody: string,
  signature: string | undefined,
): Promise<Response> =>
  Promise.resolve(
    shop.app.request(PAYMENT_NOTIFICATION_PATH, {
      method: "POST",
      body: rawBody,
      headers: {
        "content-type": "application/json",
        ...(signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
      },
    }),
  )
