import { Effect, Layer } from "effect"
import type { AccountStore } from "../accounts/test-doubles.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { AuditLog } from "../ports/audit-log.js"
import { type StaffUser, StaffUserRepo } from "../ports/staff-users.js"
import { secondFactorLocked } from "../rules/second-factor.js"
import { memoryPage } from "../testing/paging.js"

const staffOf = (store: AccountStore): StaffUser[] =>
  store.users.flatMap((u) =>
    u.role === "Customer" || u.customerId !== null
      ? []
      : [
          {
            userId: u.id,
            emailAddress: u.emailAddress,
            firstName: u.firstName,
            lastName: u.lastName,
            role: u.role,
            emailVerified: u.emailVerified,
            secondFactorLocked: secondFactorLocked(
              store.secondFactors.find((e) => e.userId === u.id)?.consecutiveFailures ?? 0,
            ),
          },
        ],
  )

/** A text filter as the Users list applies it: anywhere in the field, any case; none when empty. */
const contains = (field: string, filter: string | undefined) =>
  !filter || field.toLowerCase().includes(filter.toLowerCase())

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** StaffUserRepo over the accounts double's users, and an audit log into `audit`. */
export const staffUserDoublesOver = (store: AccountStore, audit: AuditEntry[]) =>
  Layer.mergeAll(
    Layer.succeed(StaffUserRepo, {
      list: (query) =>
        Effect.sync(() => {
          const matching = staffOf(store)
            .filter(
              (u) =>
                contains(u.firstName, query.firstName) &&
                contains(u.lastName, query.lastName) &&
                contains(u.emailAddress, query.emailAddress) &&
                (!query.role || u.role === query.role),
            )
            .sort(
              (a, b) =>
                byText(a.lastName, b.lastName) ||
                byText(a.firstName, b.firstName) ||
                byText(a.userId, b.userId),
            )
          return memoryPage(query.page, matching)
        }),
      byId: (userId) => Effect.sync(() => staffOf(store).find((u) => u.userId === userId) ?? null),
      lockAdmins: Effect.sync(() =>
        staffOf(store)
          .filter((u) => u.role === "Admin")
          .map((u) => u.userId),
      ),
      update: (userId, change) =>
        Effect.sync(() => {
          store.users = store.users.map((u) => (u.id === userId ? { ...u, ...change } : u))
        }),
      remove: (userId) =>
        Effect.sync(() => {
          store.users = store.users.filter((u) => u.id !== userId)
          // Their sessions go with the sign-in, as the table's cascade takes them.
          store.refreshTokens = store.refreshTokens.filter((t) => t.userId !== userId)
        }),
    }),
    Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void audit.push(entry)) }),
  )
