import { openMigratedPglite } from "../../../../test/support/suite-database"
import { sandboxIntentsSuite } from "./sandbox-intents.suite"

sandboxIntentsSuite("the sandbox provider's intents on PGlite (in memory)", openMigratedPglite)
