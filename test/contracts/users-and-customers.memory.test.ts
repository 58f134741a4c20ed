import { emptyAccountStore, makeAccountDoubles } from "@howzat/core/testing"
import { usersAndCustomersContract } from "./users-and-customers.contract"

usersAndCustomersContract("users and customers in memory", async () => ({
  layer: makeAccountDoubles(emptyAccountStore()),
  seed: {},
  close: async () => {},
}))
