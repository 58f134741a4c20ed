import { Effect } from "effect"
import { CustomerRepo } from "../ports/accounts.js"
import {
  cleanAddress,
  cleanTelephone,
  isBlankAddress,
  validateCustomerDetails,
} from "../rules/auth.js"
import { trimText } from "../rules/validation.js"
import { authorize, can } from "../staff/permissions.js"
import { AccountValidationFailed, CustomerNotFound } from "./errors.js"
import type { Address, Customer, CustomerDetails, CustomerQuery, Principal } from "./model.js"
import { currentTime } from "./one-time-tokens.js"

/** A customer may see only their own record; staff who manage customers may see any. */
export const mayRead = (principal: Principal, customerId: string): boolean =>
  can(principal, "ManageCustomers") || principal.customerId === customerId

/**
 * Only the customer changes their own details here; staff edit through the
 * back office's audited path (customers/staff-customers).
 */
export const mayChange = (principal: Principal, customerId: string): boolean =>
  principal.customerId === customerId

const cleanOptionalAddress = (address: Address | null): Address | null =>
  address === null || isBlankAddress(address) ? null : cleanAddress(address)

/**
 * The details trimmed and checked by docs/product/validation.md's rules, as the customer's own
 * save and a staff edit both store them.
 */
export const checkedDetails = (details: CustomerDetails) =>
  Effect.gen(function* () {
    const cleaned: CustomerDetails = {
      ...details,
      firstName: trimText(details.firstName),
      lastName: trimText(details.lastName),
      dateOfBirth: trimText(details.dateOfBirth),
      telephoneNumber: cleanTelephone(details.telephoneNumber),
      defaultBillingAddress: cleanOptionalAddress(details.defaultBillingAddress),
      defaultShippingAddress: cleanOptionalAddress(details.defaultShippingAddress),
    }
    const errors = validateCustomerDetails(cleaned, yield* currentTime)
    if (Object.keys(errors).length > 0) return yield* new AccountValidationFailed({ errors })
    return cleaned
  })

/**
 * Customer records behind the account pages and the back office. A record
 * that isn't the caller's is answered exactly like one that doesn't exist.
 */
export class CustomerAccounts extends Effect.Service<CustomerAccounts>()(
  "@howzat/core/CustomerAccounts",
  {
    effect: Effect.gen(function* () {
      const customers = yield* CustomerRepo

      const get = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          if (!mayRead(principal, customerId)) return yield* new CustomerNotFound({ customerId })
          return yield* customers.byId(customerId)
        })

      /**
       * Several records in one read (a page of orders names its customers),
       * each held to the same rule as `get`: one the caller may not read, or
       * that does not exist, fails the whole read as CustomerNotFound.
       */
      const getMany = (principal: Principal, customerIds: readonly string[]) =>
        Effect.gen(function* () {
          const wanted = [...new Set(customerIds)]
          const refused = wanted.find((customerId) => !mayRead(principal, customerId))
          if (refused !== undefined) return yield* new CustomerNotFound({ customerId: refused })
          const found = new Map(
            (yield* customers.byIds(wanted)).map((customer) => [customer.customerId, customer]),
          )
          const missing = wanted.find((customerId) => !found.has(customerId))
          if (missing !== undefined) return yield* new CustomerNotFound({ customerId: missing })
          return found as ReadonlyMap<string, Customer>
        })

      const update = (principal: Principal, customerId: string, details: CustomerDetails) =>
        Effect.gen(function* () {
          if (!mayChange(principal, customerId)) return yield* new CustomerNotFound({ customerId })
          return yield* customers.update(customerId, yield* checkedDetails(details))
        })

      const list = (principal: Principal, query: CustomerQuery) =>
        Effect.gen(function* () {
          yield* authorize(principal, "ManageCustomers")
          return yield* customers.list(query)
        })

      return { get, getMany, update, list }
    }),
  },
) {}
