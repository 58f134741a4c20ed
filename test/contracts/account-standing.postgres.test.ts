import { accountStandingContract } from "./account-standing.contract"
import {
  accountStandingDatabaseFacts,
  accountStandingOnDatabase,
} from "./account-standing.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

accountStandingContract(
  "account standing on PostgreSQL (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(database),
)
accountStandingDatabaseFacts("age checks' table on PostgreSQL", database)
