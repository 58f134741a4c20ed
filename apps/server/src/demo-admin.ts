import { PasswordHasher, Transactions, UserRepo } from "@howzat/core/ports"
import { Effect } from "effect"

/** The demo back-office user (README § Demo data), only ever in a shop with demo data. */
export const DEMO_ADMIN_EMAIL = "admin@howzat.example"
/** Published in the README: a shop that ever had demo data must not go live on that database. */
export const DEMO_ADMIN_PASSWORD = "Howzat!Admin2026"

/** The demo member of staff: the back office as Staff see it, and no second factor to set up. */
export const DEMO_STAFF_EMAIL = "staff@howzat.example"
export const DEMO_STAFF_PASSWORD = "Howzat!Staff2026"

interface DemoUser {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly role: "Admin" | "Staff"
}

/**
 * Creates a demo user unless the address is taken: staff with no customer
 * record and a verified address, as `npm run staff` makes them. Once however
 * often the server restarts; two processes starting together both try and
 * the email's unique index lets one win. Answers whether it was created.
 */
const ensureDemoUser = (demo: DemoUser) =>
  Effect.gen(function* () {
    const users = yield* UserRepo
    const hasher = yield* PasswordHasher
    const transactions = yield* Transactions

    if ((yield* users.byEmail(demo.email)) !== undefined) return false
    const passwordHash = yield* hasher.hash(demo.password)
    return yield* transactions
      .within(
        Effect.gen(function* () {
          const user = yield* users.createStaff({
            emailAddress: demo.email,
            passwordHash,
            firstName: demo.firstName,
            lastName: demo.lastName,
            role: demo.role,
          })
          yield* users.markEmailVerified(user.id, user.emailAddress)
          return true
        }),
      )
      .pipe(Effect.catchTag("EmailAlreadyRegistered", () => Effect.succeed(false)))
  })

export const ensureDemoAdmin = ensureDemoUser({
  email: DEMO_ADMIN_EMAIL,
  password: DEMO_ADMIN_PASSWORD,
  firstName: "Demo",
  lastName: "Admin",
  role: "Admin",
})

export const ensureDemoStaff = ensureDemoUser({
  email: DEMO_STAFF_EMAIL,
  password: DEMO_STAFF_PASSWORD,
  firstName: "Demo",
  lastName: "Staff",
  role: "Staff",
})
