import { makeDatabase } from "../database"
import { referralsSuite } from "./referrals.suite"

referralsSuite("referrals on PGlite (in memory)", () => makeDatabase({}))
