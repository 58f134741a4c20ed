import { Effect, Exit, Layer } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import { type AccountStore, makeAccountDoubles } from "../accounts/test-doubles.js"
import { memoryCustomerRepo } from "../accounts/user-and-customer-doubles.js"
import {
  memorySiteCreditLedger,
  type SiteCreditLine,
  siteCreditBalanceOf,
} from "../orders/site-credit-doubles.js"
import { CustomerRepo } from "../ports/accounts.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { type Erasure, StaffCustomerRepo, type VoucherUse } from "../ports/staff-customers.js"
import { Transactions } from "../ports/transactions.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import { StaffCustomers } from "./staff-customers.js"

/** A voucher use with the customer whose order it was. */
export interface CustomersVoucherUse extends VoucherUse {
  readonly customerId: string
}

/** Everything the staff customer work touches, in memory. */
export interface StaffCustomerStore {
  readonly accounts: AccountStore
  /** The site-credit ledger's lines (site-credit-doubles), swapped back on a rollback. */
  ledger: SiteCreditLine[]
  audit: AuditEntry[]
  erased: Set<string>
  /** Vouchers the customers' orders used, as the back office lists them. */
  vouchers: CustomersVoucherUse[]
}

/**
 * The ports StaffCustomers uses, over `store`: the in-memory
 * StaffCustomerRepo, SiteCreditLedger, accounts, audit log and
 * transactions. The transaction double puts every part of the store back
 * when the work fails, as a rollback would: an adjustment refused after its
 * entry was written leaves neither entry nor audit.
 */
export const staffCustomerPortsOver = (store: StaffCustomerStore) => {
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
        const oldEmail = (
          store.accounts.users.find((u) => u.id === customer.userId)?.emailAddress ?? customer.email
        ).toLowerCase()
        store.accounts.customers = store.accounts.customers.map((c) =>
          c.customerId === customerId ? { ...c, ...person, emailVerified: false } : c,
        )
        store.accounts.users = store.accounts.users.map((u) =>
          u.id === customer.userId
            ? {
                ...u,
                emailAddress: person.email,
                emailVerified: false,
                firstName: person.firstName,
                lastName: person.lastName,
                passwordHash: "!erased",
              }
            : u,
        )
        // As the adapter: their one-time links go, and mail to them, sent or not.
        store.accounts.oneTimeTokens = store.accounts.oneTimeTokens.filter(
          (t) => t.userId !== customer.userId,
        )
        store.accounts.outbox = store.accounts.outbox.filter((m) => m.to.toLowerCase() !== oldEmail)
        return Effect.succeed({ userId: customer.userId, erasedNow: true })
      }),
    isErased: (customerId) => Effect.sync(() => store.erased.has(customerId)),
    // The customer's own, newest first (then by order reference, as the adapter).
    vouchersUsed: (customerId) =>
      Effect.sync(() =>
        store.vouchers
          .filter((use) => use.customerId === customerId)
          .sort((a, b) => b.at.getTime() - a.at.getTime() || b.orderRef.localeCompare(a.orderRef))
          .map(({ customerId: _, ...use }) => use),
      ),
  })

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const accounts = {
          users: [...store.accounts.users],
          customers: [...store.accounts.customers],
          refreshTokens: [...store.accounts.refreshTokens],
          oneTimeTokens: [...store.accounts.oneTimeTokens],
          outbox: [...store.accounts.outbox],
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

  // The balance a customer is shown is this ledger's, as the database sums their lines.
  const customers = Layer.succeed(
    CustomerRepo,
    memoryCustomerRepo(store.accounts, {
      siteCreditBalanceOf: (customerId) => siteCreditBalanceOf(store, customerId),
    }),
  )

  return Layer.mergeAll(
    makeAccountDoubles(store.accounts),
    // After the account doubles, so this CustomerRepo is the one provided.
    customers,
    ledger,
    staffRepo,
    auditLogOver(store.audit),
    transactions,
  )
}

/** StaffCustomers over `store`, with the ports it uses beside it. */
export const staffCustomersOver = (store: StaffCustomerStore) =>
  StaffCustomers.Default.pipe(Layer.provideMerge(staffCustomerPortsOver(store)))
