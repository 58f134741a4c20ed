import { openMigratedPglite } from "../../../../test/support/suite-database"
import { poolKeySuite } from "./pool-key.suite"

poolKeySuite("a pool's tie to its competition on PGlite (in memory)", openMigratedPglite)
