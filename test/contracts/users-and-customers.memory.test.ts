import { emptyStore, makeAccountDoubles } from "@howzat/core/testing"
import { usersAndCustomersContract } from "./users-and-customers.contract"

usersAndCustomersContract("users and customers in memory", async () => ({
  layer: makeAccountDoubles(emptyStore()),
  seed: {},
  close: async () => {},
}))
