import { openMigratedPglite } from "../support/suite-database"
import { accountStandingContract } from "./account-standing.contract"
import {
  accountStandingDatabaseFacts,
  accountStandingOnDatabase,
} from "./account-standing.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

accountStandingContract(
  "account standing on PGlite (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(database.open),
)
accountStandingDatabaseFacts("age checks' table on PGlite", database.open)
