import type { StaffRole } from "@howzat/core/accounts"
import { type StaffUser, StaffUserRepo, type StaffUserRepoShape } from "@howzat/core/ports"
import { secondFactorLocked } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"

const STAFF_ROLES: readonly StaffRole[] = ["Staff", "Admin"]

/** Staff are users with a staff role and no customer record (decision 0019). */
const selectStaff = (db: Kysely<Database>) =>
  db
    .selectFrom("users")
    .leftJoin("secondFactors", "secondFactors.userId", "users.id")
    .where("users.role", "in", STAFF_ROLES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("customers")
            .select("customers.id")
            .whereRef("customers.userId", "=", "users.id"),
        ),
      ),
    )
    .select([
      "users.id",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.role",
      "users.emailVerified",
      "secondFactors.consecutiveFailures",
    ])

const toStaffUser = (row: {
  id: string
  email: string
  firstName: string
  lastName: string
  role: string
  emailVerified: boolean
  consecutiveFailures: number | null
}): StaffUser => ({
  userId: row.id,
  emailAddress: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role === "Admin" ? "Admin" : "Staff",
  emailVerified: row.emailVerified,
  secondFactorLocked: secondFactorLocked(row.consecutiveFailures ?? 0),
})

export const makeStaffUserRepo = (db: Kysely<Database>): StaffUserRepoShape => ({
  list: (query) =>
    runQuery(db, "staffUsers.list", async (q) => {
      let filtered = selectStaff(q)
      if (query.firstName)
        filtered = filtered.where("users.firstName", "ilike", containsPattern(query.firstName))
      if (query.lastName)
        filtered = filtered.where("users.lastName", "ilike", containsPattern(query.lastName))
      if (query.emailAddress)
        filtered = filtered.where("users.email", "ilike", containsPattern(query.emailAddress))
      if (query.role) filtered = filtered.where("users.role", "=", query.role)
      const [rows, counted] = await Promise.all([
        filtered
          .orderBy("users.lastName")
          .orderBy("users.firstName")
          .orderBy("users.id")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        filtered
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as("total"))
          .executeTakeFirstOrThrow(),
      ])
      return toPage(query.page, rows.map(toStaffUser), Number(counted.total))
    }),

  byId: (userId) =>
    isUuid(userId)
      ? runQuery(db, "staffUsers.byId", async (q) => {
          const row = await selectStaff(q).where("users.id", "=", userId).executeTakeFirst()
          return row === undefined ? null : toStaffUser(row)
        })
      : Effect.succeed(null),

  lockAdmins: runQuery(db, "staffUsers.lockAdmins", async (q) =>
    (
      await q
        .selectFrom("users")
        .select("id")
        .where("role", "=", "Admin")
        .orderBy("id")
        .forUpdate()
        .execute()
    ).map((row) => row.id),
  ),

  update: (userId, change) =>
    runQuery(db, "staffUsers.update", (q) =>
      q
        .updateTable("users")
        .set({ firstName: change.firstName, lastName: change.lastName, role: change.role })
        .where("id", "=", userId)
        .where("role", "in", STAFF_ROLES)
        .execute(),
    ).pipe(Effect.asVoid),

  remove: (userId) =>
    runQuery(db, "staffUsers.remove", (q) =>
      q.deleteFrom("users").where("id", "=", userId).where("role", "in", STAFF_ROLES).execute(),
    ).pipe(Effect.asVoid),
})

export const StaffUserRepoLive: Layer.Layer<StaffUserRepo, never, Db> = Layer.effect(
  StaffUserRepo,
  Effect.map(Db, makeStaffUserRepo),
)
