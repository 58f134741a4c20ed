import {
  emptyAccountStore,
  type StaffCustomerStore,
  staffCustomerPortsOver,
} from "@howzat/core/testing"
import { memoryId } from "./harness"
import { staffCustomersContract } from "./staff-customers.contract"

const NOW = new Date("2026-06-15T12:00:00Z")

staffCustomersContract("staff customer writes in memory (staffCustomerPortsOver)", async () => {
  const store: StaffCustomerStore = {
    accounts: emptyAccountStore(),
    ledger: [],
    audit: [],
    erased: new Set(),
    vouchers: [],
  }
  return {
    layer: staffCustomerPortsOver(store),
    seed: {
      voucherUse: async (customerId, minutes) => {
        const code = memoryId("CODE").replace("-", "")
        const use = {
          orderId: memoryId("order"),
          orderRef: memoryId("REF"),
          code,
          description: `Voucher ${code}`,
          at: new Date(NOW.getTime() + minutes * 60_000),
        }
        store.vouchers.push({ ...use, customerId })
        return use
      },
    },
    close: async () => {},
  }
})
