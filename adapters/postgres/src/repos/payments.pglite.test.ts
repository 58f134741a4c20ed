import { makeDatabase } from "../database"
import { paymentsSuite } from "./payments.suite"

paymentsSuite("payments, site credit, order lists and customer tickets on PGlite (in memory)", () =>
  makeDatabase({}),
)
