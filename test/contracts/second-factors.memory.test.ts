import { randomUUID } from "node:crypto"
import { emptySecondFactorRows, makeSecondFactorStoreDouble } from "@howzat/core/testing"
import { secondFactorsContract } from "./second-factors.contract"

secondFactorsContract("second factors in memory (the SecondFactorStore double)", async () => ({
  layer: makeSecondFactorStoreDouble(emptySecondFactorRows()),
  user: async () => randomUUID(),
  close: async () => {},
}))
