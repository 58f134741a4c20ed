import { openMigratedPglite } from "../../../../test/support/suite-database"
import { catalogueSuite } from "./catalogue.suite"

catalogueSuite("catalogue repositories on PGlite (in memory)", openMigratedPglite)
