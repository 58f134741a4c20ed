import { oneDatabasePerFile, openPostgres } from "./harness"
import { paymentsContract } from "./payments.contract"
import {
  paymentRacesOnPostgres,
  paymentsInTheDatabase,
  paymentsOnDatabase,
} from "./payments.database"

const database = oneDatabasePerFile(openPostgres)

paymentsContract("payments on PostgreSQL (the PaymentRepo adapter)", () =>
  paymentsOnDatabase(database),
)
paymentsInTheDatabase("payments and site credit in PostgreSQL's tables", database)
paymentRacesOnPostgres("payments and site credit raced for on PostgreSQL", database)
