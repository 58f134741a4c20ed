import { creditCardSpendContract } from "./credit-card-spend.contract"
import {
  creditCardSpendDatabaseFacts,
  creditCardSpendOnDatabase,
} from "./credit-card-spend.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

creditCardSpendContract("credit-card spend on PostgreSQL", () =>
  creditCardSpendOnDatabase(database),
)
// Last: its final test takes the schema down and back up.
creditCardSpendDatabaseFacts("credit-card payments racing on PostgreSQL", database, {
  raceBehindTheCustomer: true,
})
