import { UserRepo } from "@howzat/core/ports/accounts"
import { PasswordHasher } from "@howzat/core/ports/credentials"
import { Transactions } from "@howzat/core/ports/transactions"
import { Effect } from "effect"

/** The demo back-office user (README § Demo data), only ever in a shop with demo data. */
export const DEMO_ADMIN_EMAIL = "admin@howzat.example"
/** Published in the README: a shop that ever had demo data must not go live on that database. */
export const DEMO_ADMIN_PASSWORD = "Howzat!Admin2026"

/**
 * Creates the demo admin unless the address is taken: an Admin with no
 * customer record and a verified address, as `npm run staff` makes them.
 * Once however often the server restarts; two processes starting together
 * both try and the email's unique index lets one win. Answers whether it
 * was created.
 */
export const ensureDemoAdmin = Effect.gen(function* () {
  const users = yield* UserRepo
  const hasher = yield* PasswordHasher
  const transactions = yield* Transactions

  if ((yield* users.byEmail(DEMO_ADMIN_EMAIL)) !== undefined) return false
  const passwordHash = yield* hasher.hash(DEMO_ADMIN_PASSWORD)
  return yield* transactions
    .within(
      Effect.gen(function* () {
        const user = yield* users.createStaff({
          emailAddress: DEMO_ADMIN_EMAIL,
          passwordHash,
          firstName: "Demo",
          lastName: "Admin",
          role: "Admin",
        })
        yield* users.markEmailVerified(user.id, user.emailAddress)
        return true
      }),
    )
    .pipe(Effect.catchTag("EmailAlreadyRegistered", () => Effect.succeed(false)))
})
