import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { referralsContract } from "./referrals.contract"
import { referralsOnDatabase } from "./referrals.database"

referralsContract(
  "referrals on PostgreSQL (the ReferralRepo adapter)",
  referralsOnDatabase(openSuiteDatabaseOnPostgres),
)
