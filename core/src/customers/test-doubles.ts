import { Effect, Exit, Layer } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import { type AccountStore, makeAccountDoubles } from "../accounts/test-doubles.js"
import { memorySiteCreditLedger, type SiteCreditLine } from "../orders/site-credit-doubles.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { type Erasure, StaffCustomerRepo, type VoucherUse } from "../ports/staff-customers.js"
import { Transactions } from "../ports/transactions.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import { StaffCustomers } from "./staff-customers.js"

/** Everything the staff customer work touches, in memory. */
export interface StaffCustomerStore {
  readonly accounts: AccountStore
  /** The site-credit ledger's lines (site-credit-doubles), swapped back on a rollback. */
  ledger: SiteCreditLine[]
  audit: AuditEntry[]
  erased: Set<string>
  vouchers: VoucherUse[]
}

/**
 * StaffCustomers over `store`. The transaction double puts every part of
 * the store back when the work fails, as a rollback would: an adjustment
 * refused after its entry was written leaves neither entry nor audit.
 */
export const staffCustomersOver = (store: StaffCustomerStore) => {
  // The same ledger as the payment doubles', reading `store.ledger` afresh, as a rollback swaps it.
  const ledger = Layer.succeed(SiteCreditLedger, memorySiteCreditLedger(store))

  const staffRepo = Layer.succeed(StaffCustomerRepo, {
    recordSiteCreditAdjustment: ({ customerId, amount, reason, at }) =>
      Effect.sync(() => {
        store.ledger.push({ customerId, amount, reason: "Adjustment", description: reason, at })
      }),
    erase: (customerId, person, _at) =>
      Effect.suspend((): Effect.Effect<Erasure, CustomerNotFound> => {
        const customer = store.accounts.customers.find((c) => c.customerId === customerId)
        if (customer === undefined) return Effect.fail(new CustomerNotFound({ customerId }))
        if (store.erased.has(customerId))
          return Effect.succeed({ userId: customer.userId, erasedNow: false })
        store.erased = new Set([...store.erased, customerId])
        store.accounts.customers = store.accounts.customers.map((c) =>
          c.customerId === customerId ? { ...c, ...person } : c,
        )
        store.accounts.users = store.accounts.users.map((u) =>
          u.id === customer.userId
            ? {
                ...u,
                emailAddress: person.email,
                firstName: person.firstName,
                lastName: person.lastName,
                passwordHash: "!erased",
              }
            : u,
        )
        return Effect.succeed({ userId: customer.userId, erasedNow: true })
      }),
    isErased: (customerId) => Effect.sync(() => store.erased.has(customerId)),
    vouchersUsed: () => Effect.sync(() => store.vouchers),
  })

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const accounts = {
          users: [...store.accounts.users],
          customers: [...store.accounts.customers],
          refreshTokens: [...store.accounts.refreshTokens],
        }
        const ledger = [...store.ledger]
        const audit = [...store.audit]
        const erased = store.erased
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isSuccess(exit)) return
            Object.assign(store.accounts, accounts)
            store.ledger = ledger
            store.audit.length = 0
            store.audit.push(...audit)
            store.erased = erased
          }),
        )
      }),
  })

  return StaffCustomers.Default.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        makeAccountDoubles(store.accounts),
        ledger,
        staffRepo,
        auditLogOver(store.audit),
        transactions,
      ),
    ),
  )
}
