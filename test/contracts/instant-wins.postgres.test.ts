import { oneDatabasePerFile, openPostgres } from "./harness"
import { instantWinsContract } from "./instant-wins.contract"
import {
  instantWinsDatabaseFacts,
  instantWinsOnDatabase,
  instantWinsRacingOnServer,
} from "./instant-wins.database"

const database = oneDatabasePerFile(openPostgres)

instantWinsContract(
  "instant wins on PostgreSQL (the InstantWinRepo adapter)",
  instantWinsOnDatabase(database),
)
instantWinsDatabaseFacts("instant wins' rows on PostgreSQL", database)
instantWinsRacingOnServer("completions racing on PostgreSQL", database)
