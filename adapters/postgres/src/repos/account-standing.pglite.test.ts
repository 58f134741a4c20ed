import { makeDatabase } from "../database"
import { accountStandingSuite } from "./account-standing.suite"

accountStandingSuite("account standing and age checks on PGlite (in memory)", () =>
  makeDatabase({}),
)
