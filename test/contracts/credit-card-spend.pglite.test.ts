import { openMigratedPglite } from "../support/suite-database"
import { creditCardSpendContract } from "./credit-card-spend.contract"
import {
  creditCardSpendDatabaseFacts,
  creditCardSpendOnDatabase,
} from "./credit-card-spend.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

creditCardSpendContract("credit-card spend on PGlite", () =>
  creditCardSpendOnDatabase(database.open),
)
// Last: its final test takes the schema down and back up.
creditCardSpendDatabaseFacts("credit-card payments settling on PGlite", database.open, {
  raceBehindTheCustomer: false,
})
