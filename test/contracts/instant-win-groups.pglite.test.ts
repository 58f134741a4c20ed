import { oneDatabasePerFile, openPglite } from "./harness"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import {
  instantWinGroupsDatabaseFacts,
  instantWinGroupsOnDatabase,
} from "./instant-win-groups.database"

const database = oneDatabasePerFile(openPglite)

instantWinGroupsContract(
  "instant-win groups on PGlite (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(database),
)
instantWinGroupsDatabaseFacts("instant-win groups through staff's use case on PGlite", database, {
  raceBehindTheRow: false,
})
