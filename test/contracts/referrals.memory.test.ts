import {
  addReferralOrder,
  customerRecord,
  emptyAccountStore,
  emptyReferralRows,
  makeReferralRepoDouble,
} from "@howzat/core/testing"
import { referralsContract } from "./referrals.contract"

referralsContract("referrals in memory (the ReferralRepo double)", async () => {
  const accounts = emptyAccountStore()
  const rows = emptyReferralRows()
  return {
    layer: makeReferralRepoDouble(accounts, rows),
    newCustomer: async (customer = {}) => {
      const blank = { line2: "", city: "Taunton", county: "Somerset" }
      const record = customerRecord({
        ...(customer.firstName === undefined ? {} : { firstName: customer.firstName }),
        ...(customer.lastName === undefined ? {} : { lastName: customer.lastName }),
        ...(customer.email === undefined ? {} : { email: customer.email }),
        ...(customer.dateOfBirth === undefined ? {} : { dateOfBirth: customer.dateOfBirth }),
        ...(customer.telephoneNumber === undefined
          ? {}
          : { telephoneNumber: customer.telephoneNumber }),
        defaultBillingAddress: customer.billing ? { ...blank, ...customer.billing } : null,
        defaultShippingAddress: customer.shipping ? { ...blank, ...customer.shipping } : null,
      })
      accounts.customers.push(record)
      return record.customerId
    },
    placeOrder: async (customerId, order) => addReferralOrder(rows, customerId, order),
    rewardsOf: async (customerId) =>
      rows.rewards
        .filter((reward) => reward.customerId === customerId)
        .map(({ amount, description }) => ({ amount, description })),
    close: async () => {},
  }
})
