import { CustomerRepoLive, UserRepoLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"

/** Users and customers on a real database: the suite registers through the port, so nothing is seeded. */
export const usersAndCustomersOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { dbLayer, close } = await open()
  return {
    layer: Layer.merge(UserRepoLive, CustomerRepoLive).pipe(Layer.provide(dbLayer)),
    seed: {},
    close,
  }
}
