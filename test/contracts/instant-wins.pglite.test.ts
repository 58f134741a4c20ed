import { oneDatabasePerFile, openPglite } from "./harness"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsDatabaseFacts, instantWinsOnDatabase } from "./instant-wins.database"

const database = oneDatabasePerFile(openPglite)

instantWinsContract(
  "instant wins on PGlite (the InstantWinRepo adapter)",
  instantWinsOnDatabase(database),
)
instantWinsDatabaseFacts("instant wins' rows on PGlite", database)
