import { referralsSuite } from "./referrals.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

referralsSuite("referrals on PostgreSQL", openSuiteDatabaseOnPostgres)
