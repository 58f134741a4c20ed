import { accountStandingContract } from "./account-standing.contract"
import {
  accountStandingDatabaseFacts,
  accountStandingOnDatabase,
} from "./account-standing.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

accountStandingContract(
  "account standing on PostgreSQL (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(database.open),
)
accountStandingDatabaseFacts("age checks' table on PostgreSQL", database.open)
