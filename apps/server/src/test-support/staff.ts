import { Brand } from "@howzat/core"
import { StaffAccounts, type StaffRole } from "@howzat/core/accounts"
import { Db, NodeSecureRandomLive, PostgresAccountsLive } from "@howzat/postgres"
import { Effect, Layer } from "effect"
import { Argon2PasswordHasherLive } from "../auth/argon2-password-hasher"
import { coreBrandOf } from "../core-brand"
import { Browser } from "./browser"
import { logIn, type Shop } from "./shop"

let members = 0

/**
 * A staff member added to the shop's database as `npm run staff -- add`
 * adds them (core's StaffAccounts, with a one-time password), not signed in.
 */
export const addedStaff = async (shop: Pick<Shop, "db">, role: StaffRole = "Staff") => {
  const emailAddress = `staff${++members}@howzat.example`
  const ports = Layer.mergeAll(
    PostgresAccountsLive.pipe(Layer.provide(Layer.succeed(Db, shop.db))),
    Argon2PasswordHasherLive,
    NodeSecureRandomLive,
    Layer.succeed(Brand, coreBrandOf()),
  )
  const added = await Effect.runPromise(
    Effect.flatMap(StaffAccounts, (staff) =>
      staff.add({
        emailAddress,
        firstName: "Stream",
        lastName: "Host",
        role,
        handover: "OneTimePassword",
      }),
    ).pipe(Effect.provide(StaffAccounts.Default.pipe(Layer.provide(ports)))),
  )
  if (added._tag !== "WithOneTimePassword") throw new Error("asked for a one-time password")
  return { email: emailAddress, password: added.password, userId: added.user.id }
}

/**
 * A staff member signed in through the API in a browser of their own; an
 * Admin through the second factor too (enrolling an authenticator).
 */
export const signedInStaff = async (shop: Shop, role: StaffRole = "Staff") => {
  const { email, password, userId } = await addedStaff(shop, role)
  const browser = await new Browser(shop.app).open()
  await logIn(browser, email, password)
  return { browser, email, userId }
}
