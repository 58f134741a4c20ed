import { accountStandingContract } from "./account-standing.contract"
import {
  accountStandingDatabaseFacts,
  accountStandingOnDatabase,
} from "./account-standing.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

accountStandingContract(
  "account standing on PGlite (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(database),
)
accountStandingDatabaseFacts("age checks' table on PGlite", database)
