import { oneDatabasePerFile, openPostgres } from "./harness"
import { referralsContract } from "./referrals.contract"
import { referralsInTheDatabase, referralsOnDatabase } from "./referrals.database"

const database = oneDatabasePerFile(openPostgres)

referralsContract(
  "referrals on PostgreSQL (the ReferralRepo adapter)",
  referralsOnDatabase(database),
)
referralsInTheDatabase("referrals in PostgreSQL's tables", database)
