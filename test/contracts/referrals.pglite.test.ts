import { oneDatabasePerFile, openPglite } from "./harness"
import { referralsContract } from "./referrals.contract"
import { referralsInTheDatabase, referralsOnDatabase } from "./referrals.database"

const database = oneDatabasePerFile(openPglite)

referralsContract("referrals on PGlite (the ReferralRepo adapter)", referralsOnDatabase(database))
referralsInTheDatabase("referrals in PGlite's tables", database)
