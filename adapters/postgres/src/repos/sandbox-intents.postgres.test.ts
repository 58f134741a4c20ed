import { sandboxIntentsSuite } from "./sandbox-intents.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

sandboxIntentsSuite("the sandbox provider's intents on PostgreSQL", openSuiteDatabaseOnPostgres)
