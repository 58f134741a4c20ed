import { openSuiteDatabaseOnPostgres } from "./harness"
import { referralsContract } from "./referrals.contract"
import { referralsOnDatabase } from "./referrals.database"

referralsContract(
  "referrals on PostgreSQL (the ReferralRepo adapter)",
  referralsOnDatabase(openSuiteDatabaseOnPostgres),
)
