import { makeDatabase } from "@howzat/postgres/testing"
import { winnersContract } from "./winners.contract"
import { winnersOnDatabase } from "./winners.database"

winnersContract(
  "winners on PGlite (the WinnerRecords adapter)",
  winnersOnDatabase(() => makeDatabase({})),
)
