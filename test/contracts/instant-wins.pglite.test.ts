import { openMigratedPglite } from "../support/suite-database"
import { oneDatabasePerFile } from "./file-database"
import { instantWinsContract } from "./instant-wins.contract"
import { instantWinsDatabaseFacts, instantWinsOnDatabase } from "./instant-wins.database"

const database = oneDatabasePerFile(openMigratedPglite)

instantWinsContract(
  "instant wins on PGlite (the InstantWinRepo adapter)",
  instantWinsOnDatabase(database.open),
)
instantWinsDatabaseFacts("instant wins' rows on PGlite", database.open)
