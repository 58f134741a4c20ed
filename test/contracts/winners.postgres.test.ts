import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { winnersContract } from "./winners.contract"
import { winnersOnDatabase } from "./winners.database"

winnersContract(
  "winners on PostgreSQL (the WinnerRecords adapter)",
  winnersOnDatabase(openSuiteDatabaseOnPostgres),
)
