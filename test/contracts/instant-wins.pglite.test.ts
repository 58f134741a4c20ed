import { makeDatabase } from "@howzat/postgres/testing"
import { oneDatabasePerFile } from "./file-database"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsDatabaseFacts, instantWinsOnDatabase } from "./instant-wins.database"

const database = oneDatabasePerFile(() => makeDatabase({}))

instantWinsContract(
  "instant wins on PGlite (the InstantWinRepo adapter)",
  instantWinsOnDatabase(database.open),
)
instantWinsDatabaseFacts("instant wins' rows on PGlite", database.open)
