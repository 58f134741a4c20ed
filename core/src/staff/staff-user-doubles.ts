import { Effect, Layer } from "effect"
import type { AccountStore } from "../accounts/test-doubles.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { AuditLog } from "../ports/audit-log.js"
import { type StaffUser, StaffUserRepo } from "../ports/staff-users.js"

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
          },
        ],
  )

/** StaffUserRepo over the accounts double's users, and an audit log into `audit`. */
export const staffUserDoublesOver = (store: AccountStore, audit: AuditEntry[]) =>
  Layer.mergeAll(
    Layer.succeed(StaffUserRepo, {
      list: (query) =>
        Effect.sync(() => {
          const matching = staffOf(store).filter((u) => !query.role || u.role === query.role)
          const { pageNumber, pageSize } = query.page
          return {
            items: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
            pageNumber,
            pageSize,
            totalCount: matching.length,
          }
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
        }),
    }),
    Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void audit.push(entry)) }),
  )
