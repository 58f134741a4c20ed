import { EmailAlreadyRegistered, type UserWithPassword } from "@howzat/core/accounts"
import { RepositoryError } from "@howzat/core/competitions"
import { UserRepo, type UserRepoShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

/** Postgres's unique_violation: the unique index on lower(email) said no. */
export const isUniqueViolation = (cause: unknown): boolean =>
  typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505"

/** A RepositoryError caused by the email index becomes the domain's EmailAlreadyRegistered. */
export const emailTakenOnUniqueViolation = <A, E>(
  effect: Effect.Effect<A, E | RepositoryError>,
): Effect.Effect<A, E | RepositoryError | EmailAlreadyRegistered> =>
  Effect.catchIf(
    effect,
    (error): error is RepositoryError =>
      error instanceof RepositoryError && isUniqueViolation(error.cause),
    () => Effect.fail(new EmailAlreadyRegistered()),
  )

export const selectUsers = (db: Kysely<Database>) =>
  db
    .selectFrom("users")
    .leftJoin("customers", "customers.userId", "users.id")
    .select([
      "users.id",
      "users.email as emailAddress",
      "users.firstName",
      "users.lastName",
      "users.role",
      "users.emailVerified",
      "users.passwordHash",
      "customers.id as customerId",
    ])

export const makeUserRepo = (db: Kysely<Database>): UserRepoShape => {
  const byEmail = (email: string) =>
    runQuery(db, "users.byEmail", (q) =>
      selectUsers(q)
        .where(sql`lower(users.email)`, "=", email.trim().toLowerCase())
        .executeTakeFirst(),
    ).pipe(Effect.map((row): UserWithPassword | undefined => row))

  return {
    byEmail,
    byId: (userId) =>
      isUuid(userId)
        ? runQuery(db, "users.byId", (q) =>
            selectUsers(q).where("users.id", "=", userId).executeTakeFirst(),
          )
        : Effect.succeed(undefined),

    createStaff: (user) =>
      runQuery(db, "users.createStaff", (q) =>
        q
          .insertInto("users")
          .values({
            email: user.emailAddress,
            passwordHash: user.passwordHash,
            firstName: user.firstName,
            lastName: user.lastName,
            role: user.role,
          })
          .returning(["id", "email", "firstName", "lastName", "role", "emailVerified"])
          .executeTakeFirstOrThrow(),
      ).pipe(
        emailTakenOnUniqueViolation,
        Effect.map((row) => ({
          id: row.id,
          emailAddress: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          role: row.role,
          customerId: null,
          emailVerified: row.emailVerified,
        })),
      ),

    setPasswordHash: (userId, passwordHash) =>
      runQuery(db, "users.setPasswordHash", (q) =>
        q.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute(),
      ).pipe(Effect.asVoid),

    markEmailVerified: (userId, email) =>
      runQuery(db, "users.markEmailVerified", (q) =>
        q
          .updateTable("users")
          .set({ emailVerified: true })
          .where("id", "=", userId)
          .where(sql`lower(email)`, "=", email.trim().toLowerCase())
          .executeTakeFirst(),
      ).pipe(Effect.map((result) => Number(result.numUpdatedRows) > 0)),

    changeEmail: (userId, newEmail) =>
      runQuery(db, "users.changeEmail", (q) =>
        q
          .updateTable("users")
          .set({ email: newEmail, emailVerified: false })
          .where("id", "=", userId)
          .execute(),
      ).pipe(emailTakenOnUniqueViolation, Effect.asVoid),
  }
}

export const UserRepoLive: Layer.Layer<UserRepo, never, Db> = Layer.effect(
  UserRepo,
  Effect.map(Db, makeUserRepo),
)
