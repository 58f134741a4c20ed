import { makeDatabase } from "@howzat/postgres/testing"
import { referralsContract } from "./referrals.contract"
import { referralsOnDatabase } from "./referrals.database"

referralsContract(
  "referrals on PGlite (the ReferralRepo adapter)",
  referralsOnDatabase(() => makeDatabase({})),
)
