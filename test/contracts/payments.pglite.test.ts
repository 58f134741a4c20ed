import { oneDatabasePerFile, openPglite } from "./harness"
import { paymentsContract } from "./payments.contract"
import { paymentsInTheDatabase, paymentsOnDatabase } from "./payments.database"

const database = oneDatabasePerFile(openPglite)

paymentsContract("payments on PGlite (the PaymentRepo adapter)", () => paymentsOnDatabase(database))
paymentsInTheDatabase("payments and site credit in PGlite's tables", database)
