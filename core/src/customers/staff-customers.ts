import { Data, Effect } from "effect"
import { checkedDetails } from "../accounts/customer-accounts.js"
import { AccountValidationFailed } from "../accounts/errors.js"
import type { Customer, CustomerDetails, Principal } from "../accounts/model.js"
import { CustomerRepo, RefreshTokenRepo } from "../ports/accounts.js"
import type { AuditValue } from "../ports/audit-log.js"
import { now } from "../ports/clock.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { StaffCustomerRepo } from "../ports/staff-customers.js"
import { Transactions } from "../ports/transactions.js"
import { erasedPerson } from "../rules/customer-erasure.js"
import { pence } from "../rules/money.js"
import {
  type AdjustmentRequest,
  adjustmentErrors,
  adjustmentMessages,
  balanceAfterAdjustment,
} from "../rules/site-credit-adjustment.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"

/** An erased customer has nobody left to edit or credit: the record is kept only for the accounts. */
export class CustomerErased extends Data.TaggedError("CustomerErased")<{
  readonly customerId: string
}> {}

/** The fields a staff edit may change, as the audit log names them. */
const PERSONAL_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "telephoneNumber",
  "defaultBillingAddress",
  "defaultShippingAddress",
] as const
const CONSENT_FIELDS = [
  "allowMarketingByEmail",
  "allowMarketingByPhone",
  "allowMarketingByText",
  "allowMarketingByPost",
] as const

/** Stands in the audit log for a personal value, which must not outlive an erasure there. */
export const PERSONAL_VALUE = "(personal data)"

/**
 * What an edit changed, for the audit log: each changed field, consents
 * with their values, personal fields only as changed. The log is
 * append-only and an erasure could not reach names or addresses kept in it
 * (docs/decisions/0029).
 */
export const auditedChange = (
  before: CustomerDetails,
  after: CustomerDetails,
): { readonly before: AuditValue; readonly after: AuditValue } => {
  const was: Record<string, AuditValue> = {}
  const is: Record<string, AuditValue> = {}
  for (const field of PERSONAL_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      was[field] = PERSONAL_VALUE
      is[field] = PERSONAL_VALUE
    }
  }
  for (const field of CONSENT_FIELDS) {
    if (before[field] !== after[field]) {
      was[field] = before[field]
      is[field] = after[field]
    }
  }
  return { before: was, after: is }
}

const detailsOf = (customer: Customer): CustomerDetails => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  dateOfBirth: customer.dateOfBirth,
  telephoneNumber: customer.telephoneNumber,
  defaultBillingAddress: customer.defaultBillingAddress,
  defaultShippingAddress: customer.defaultShippingAddress,
  allowMarketingByEmail: customer.allowMarketingByEmail,
  allowMarketingByPhone: customer.allowMarketingByPhone,
  allowMarketingByText: customer.allowMarketingByText,
  allowMarketingByPost: customer.allowMarketingByPost,
})

/**
 * The back office's customer work (decision 0029): view, edit, adjust site
 * credit with a reason and erase (UK GDPR). Each write asks `authorize`
 * first and records its audit entry in its own transaction.
 */
export class StaffCustomers extends Effect.Service<StaffCustomers>()(
  "@howzat/core/StaffCustomers",
  {
    effect: Effect.gen(function* () {
      const customers = yield* CustomerRepo
      const staffRepo = yield* StaffCustomerRepo
      const ledger = yield* SiteCreditLedger
      const refreshTokens = yield* RefreshTokenRepo
      const audit = yield* auditor
      const transactions = yield* Transactions

      /** The customer, unless erased: nobody is left to change. */
      const living = (customerId: string) =>
        Effect.gen(function* () {
          const customer = yield* customers.byId(customerId)
          if (yield* staffRepo.isErased(customerId))
            return yield* new CustomerErased({ customerId })
          return customer
        })

      /** What the back office shows beside the record: whether it was erased, the vouchers used. */
      const view = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          yield* authorize(principal, "ManageCustomers")
          const customer = yield* customers.byId(customerId)
          return {
            customer,
            erased: yield* staffRepo.isErased(customerId),
            vouchersUsed: yield* staffRepo.vouchersUsed(customerId),
          }
        })

      const edit = (principal: Principal, customerId: string, details: CustomerDetails) =>
        Effect.gen(function* () {
          yield* authorize(principal, "ManageCustomers")
          return yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* living(customerId)
              const checked = yield* checkedDetails(details)
              const after = yield* customers.update(customerId, checked)
              yield* audit(principal, {
                action: "Customer.Update",
                subject: { type: "Customer", id: customerId },
                ...auditedChange(detailsOf(before), detailsOf(after)),
              })
              return after
            }),
          )
        })

      /**
       * A ledger entry, never an overwritten balance. The balance is read
       * with the customer held, so a checkout spending the same credit
       * waits, and nothing takes it below zero.
       */
      const adjustSiteCredit = (
        principal: Principal,
        customerId: string,
        request: AdjustmentRequest,
      ) =>
        Effect.gen(function* () {
          yield* authorize(principal, "ManageCustomers")
          const errors = adjustmentErrors(request)
          if (Object.keys(errors).length > 0) return yield* new AccountValidationFailed({ errors })
          const amount = pence(request.amount)
          const reason = request.reason.trim()
          return yield* transactions.within(
            Effect.gen(function* () {
              yield* living(customerId)
              const before = yield* ledger.balanceForUpdate(customerId)
              const after = balanceAfterAdjustment(before, amount)
              if (after === undefined)
                return yield* new AccountValidationFailed({
                  errors: { amount: adjustmentMessages.belowZero(before) },
                })
              const at = yield* now
              yield* staffRepo.recordSiteCreditAdjustment({ customerId, amount, reason, at })
              yield* audit(principal, {
                action: "Customer.AdjustSiteCredit",
                subject: { type: "Customer", id: customerId },
                before: { balance: before },
                after: { balance: after, amount, reason },
                at,
              })
              return after
            }),
          )
        })

      /**
       * UK GDPR erasure: the person's data goes, every session ends, and
       * the orders, tickets and ledger stay for the accounts and the draws.
       * Erasing twice changes nothing and records nothing the second time.
       */
      const erase = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          yield* authorize(principal, "ManageCustomers")
          return yield* transactions.within(
            Effect.gen(function* () {
              const at = yield* now
              const erasure = yield* staffRepo.erase(customerId, erasedPerson(customerId), at)
              yield* refreshTokens.revokeAllOfUser(erasure.userId)
              if (erasure.erasedNow)
                yield* audit(principal, {
                  action: "Customer.Erase",
                  subject: { type: "Customer", id: customerId },
                  // Only the fact: the erased values must not survive in the log.
                  before: { erased: false },
                  after: { erased: true },
                  at,
                })
              return yield* customers.byId(customerId)
            }),
          )
        })

      return { view, edit, adjustSiteCredit, erase }
    }),
  },
) {}
