import { openMigratedPglite } from "../support/suite-database"
import { referralsContract } from "./referrals.contract"
import { referralsOnDatabase } from "./referrals.database"

referralsContract(
  "referrals on PGlite (the ReferralRepo adapter)",
  referralsOnDatabase(openMigratedPglite),
)
