import { makeDatabase } from "@howzat/postgres/database"
import { winnersContract } from "./winners.contract"
import { winnersOnDatabase } from "./winners.database"

winnersContract(
  "winners on PGlite (the WinnerRecords adapter)",
  winnersOnDatabase(() => makeDatabase({})),
)
