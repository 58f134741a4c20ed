import { openMigratedPglite } from "../../../../test/support/suite-database"
import { accountsSuite } from "./accounts.suite"

accountsSuite("account repositories on PGlite (in memory)", openMigratedPglite)
