import { openMigratedPglite } from "../support/suite-database"
import { accountStandingContract } from "./account-standing.contract"
import { accountStandingOnDatabase } from "./account-standing.database"

accountStandingContract(
  "account standing on PGlite (the AccountStandingStore and AgeVerificationRecords adapters)",
  accountStandingOnDatabase(openMigratedPglite),
)
