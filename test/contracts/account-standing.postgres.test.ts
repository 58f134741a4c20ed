import { accountStandingContract } from "./account-standing.contract"
import { accountStandingOnDatabase } from "./account-standing.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

accountStandingContract(
  "account standing on PostgreSQL (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(openSuiteDatabaseOnPostgres),
)
