import { randomBytes } from "node:crypto"
import { type DatabaseHandle, settingOrCreate } from "@howzat/postgres"

/**
 * PAYMENT_NOTIFICATION_SECRET when configured. Otherwise, as with the JWT
 * secret, the first process makes a random one and keeps it in the settings
 * table: every process on the database signs and verifies the sandbox's
 * notifications alike, and a restart doesn't strand one in flight.
 */
export const paymentNotificationSecret = (
  db: DatabaseHandle["db"],
  configured: string | undefined,
) =>
  configured !== undefined
    ? Promise.resolve(configured)
    : settingOrCreate(db, "payment-notification-secret", () =>
        randomBytes(48).toString("base64url"),
      )
