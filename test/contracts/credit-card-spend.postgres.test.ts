import { creditCardSpendContract } from "./credit-card-spend.contract"
import {
  creditCardSpendDatabaseFacts,
  creditCardSpendOnDatabase,
} from "./credit-card-spend.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

creditCardSpendContract("credit-card spend on PostgreSQL", () =>
  creditCardSpendOnDatabase(database.open),
)
// Last: its final test takes the schema down and back up.
creditCardSpendDatabaseFacts("credit-card payments racing on PostgreSQL", database.open, {
  raceBehindTheCustomer: true,
})
