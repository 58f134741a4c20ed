import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { accountStandingContract } from "./account-standing.contract"
import { accountStandingOnDatabase } from "./account-standing.database"

accountStandingContract(
  "account standing on PostgreSQL (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(openSuiteDatabaseOnPostgres),
)
