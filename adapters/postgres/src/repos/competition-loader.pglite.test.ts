import { openMigratedPglite } from "../../../../test/support/suite-database"
import { competitionLoaderSuite } from "./competition-loader.suite"

competitionLoaderSuite("the competition loader on PGlite", openMigratedPglite)
