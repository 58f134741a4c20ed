import { makeDatabase } from "@howzat/postgres/testing"
import { secondFactorsContract } from "./second-factors.contract"
import { secondFactorsOnDatabase } from "./second-factors.database"

secondFactorsContract(
  "second factors on PGlite (the SecondFactorStore adapter)",
  secondFactorsOnDatabase(() => makeDatabase({})),
)
