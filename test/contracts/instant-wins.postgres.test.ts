import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"
import { instantWinsContract } from "./instant-wins.contract"
import {
  instantWinsDatabaseFacts,
  instantWinsOnDatabase,
  instantWinsRacingOnServer,
} from "./instant-wins.database"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

instantWinsContract(
  "instant wins on PostgreSQL (the InstantWinRepo adapter)",
  instantWinsOnDatabase(database.open),
)
instantWinsDatabaseFacts("instant wins' rows on PostgreSQL", database.open)
instantWinsRacingOnServer("completions racing on PostgreSQL", database.open)
