import { randomUUID } from "node:crypto"
import { standingDoublesOver, standingStoreOver } from "@howzat/core/testing"
import { accountStandingContract } from "./account-standing.contract"

accountStandingContract(
  "account standing in memory (the AccountStandingStore and AgeVerificationRecords doubles)",
  async () => {
    const customers: string[] = []
    return {
      layer: standingDoublesOver(standingStoreOver(() => customers)),
      newCustomer: async () => {
        const id = randomUUID()
        customers.push(id)
        return id
      },
      close: async () => {},
    }
  },
)
