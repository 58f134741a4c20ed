import { openPglite } from "./harness"
import { paymentsContract } from "./payments.contract"
import { paymentsOnDatabase } from "./payments.database"

paymentsContract("payments on PGlite (the PaymentRepo adapter)", () =>
  paymentsOnDatabase(openPglite),
)
