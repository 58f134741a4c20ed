import { Effect, Exit, Layer } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import { type AccountStore, makeAccountDoubles } from "../accounts/test-doubles.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { type Erasure, StaffCustomerRepo, type VoucherUse } from "../ports/staff-customers.js"
import { Transactions } from "../ports/transactions.js"
import { type Pence, pence } from "../rules/money.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import { StaffCustomers } from "./staff-customers.js"

export interface LedgerEntry {
  readonly customerId: string
  readonly amount: Pence
  readonly reason: string
  readonly description: string
  readonly at: Date
}

/** Everything the staff customer work touches, in memory. */
export interface StaffCustomerStore {
  readonly accounts: AccountStore
  ledger: LedgerEntry[]
  audit: AuditEntry[]
  erased: Set<string>
  vouchers: VoucherUse[]
}

const unused = (name: string) => () => Effect.dieMessage(`${name} is not used here`)

const balanceOf = (store: StaffCustomerStore, customerId: string) =>
  pence(
    store.ledger.filter((e) => e.customerId === customerId).reduce((sum, e) => sum + e.amount, 0),
  )

/**
 * StaffCustomers over `store`. The transaction double puts every part of
 * the store back when the work fails, as a rollback would: an adjustment
 * refused after its entry was written leaves neither entry nor audit.
 */
export const staffCustomersOver = (store: StaffCustomerStore) => {
  const ledger = Layer.succeed(SiteCreditLedger, {
    balance: (customerId) => Effect.sync(() => balanceOf(store, customerId)),
    balanceForUpdate: (customerId) => Effect.sync(() => balanceOf(store, customerId)),
    debitForOrder: unused("SiteCreditLedger.debitForOrder"),
    refundOrder: unused("SiteCreditLedger.refundOrder"),
    refundedFor: unused("SiteCreditLedger.refundedFor"),
    grant: (customerId, amount, description, at) =>
      Effect.sync(() => {
        store.ledger.push({ customerId, amount, reason: "Grant", description, at })
      }),
    creditInstantWin: unused("SiteCreditLedger.creditInstantWin"),
    creditForPurchase: unused("SiteCreditLedger.creditForPurchase"),
    reversePurchase: unused("SiteCreditLedger.reversePurchase"),
    entries: unused("SiteCreditLedger.entries"),
  })

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
