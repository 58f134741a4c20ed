import { openPostgres } from "./harness"
import { paymentsContract } from "./payments.contract"
import { paymentsOnDatabase } from "./payments.database"

paymentsContract("payments on PostgreSQL (the PaymentRepo adapter)", () =>
  paymentsOnDatabase(openPostgres),
)
