import { creditCardSpendContract } from "./credit-card-spend.contract"
import {
  creditCardSpendDatabaseFacts,
  creditCardSpendOnDatabase,
} from "./credit-card-spend.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

creditCardSpendContract("credit-card spend on PGlite", () => creditCardSpendOnDatabase(database))
// Last: its final test takes the schema down and back up.
creditCardSpendDatabaseFacts("credit-card payments settling on PGlite", database, {
  raceBehindTheCustomer: false,
})
