import { openSuiteDatabaseOnPostgres } from "./harness"
import { winnersContract } from "./winners.contract"
import { winnersOnDatabase } from "./winners.database"

winnersContract(
  "winners on PostgreSQL (the WinnerRecords adapter)",
  winnersOnDatabase(openSuiteDatabaseOnPostgres),
)
