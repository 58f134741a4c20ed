import { openPostgres } from "./harness"
import { settlementsContract } from "./settlements.contract"
import { settlementsOnDatabase } from "./settlements.database"

settlementsContract("the settlements report's records on PostgreSQL", () =>
  settlementsOnDatabase(openPostgres),
)
