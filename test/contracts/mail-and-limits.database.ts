import type { MailMessage } from "@howzat/core/accounts"
import { Mailer, RateLimiter, Transactions } from "@howzat/core/ports"
import { makeOutboxMailer, makeRateLimiter } from "@howzat/postgres"
import { makeTransactions } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase, Harness } from "./harness"
import type { MailAndLimitsPorts, MailAndLimitsSeed } from "./mail-and-limits.contract"

/** The outbox table and the rate_limits table behind the Mailer and the RateLimiter. */
export const mailAndLimitsOnDatabase = async (
  open: () => Promise<ContractDatabase>,
): Promise<Harness<MailAndLimitsPorts, MailAndLimitsSeed>> => {
  const { db, close } = await open()
  return {
    layer: Layer.mergeAll(
      Layer.succeed(Mailer, makeOutboxMailer(db)),
      Layer.succeed(RateLimiter, makeRateLimiter(db)),
      Layer.succeed(Transactions, makeTransactions(db)),
    ),
    seed: {
      outbox: async () =>
        (
          await db
            .selectFrom("outbox")
            .select(["kind", "toAddress", "subject", "textBody", "htmlBody"])
            .orderBy("createdAt")
            .orderBy("id")
            .execute()
        ).map(
          (row): MailMessage => ({
            kind: row.kind as MailMessage["kind"],
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          }),
        ),
    },
    close,
  }
}
