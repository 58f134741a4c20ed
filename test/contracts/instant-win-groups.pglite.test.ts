import { openMigratedPglite } from "../support/suite-database"
import { oneDatabasePerFile } from "./file-database"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import {
  instantWinGroupsDatabaseFacts,
  instantWinGroupsOnDatabase,
} from "./instant-win-groups.database"

const database = oneDatabasePerFile(openMigratedPglite)

instantWinGroupsContract(
  "instant-win groups on PGlite (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(database.open),
)
instantWinGroupsDatabaseFacts(
  "instant-win groups through staff's use case on PGlite",
  database.open,
  {
    raceBehindTheRow: false,
  },
)
