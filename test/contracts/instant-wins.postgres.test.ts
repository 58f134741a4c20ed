import { openSuiteDatabaseOnPostgres } from "./harness"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsOnDatabase } from "./instant-wins.database"

instantWinsContract(
  "instant wins on PostgreSQL (the InstantWinRepo adapter)",
  instantWinsOnDatabase(openSuiteDatabaseOnPostgres),
)
