import { openMigratedPglite } from "../support/suite-database"
import { winnersContract } from "./winners.contract"
import { winnersOnDatabase } from "./winners.database"

winnersContract(
  "winners on PGlite (the WinnerRecords adapter)",
  winnersOnDatabase(openMigratedPglite),
)
