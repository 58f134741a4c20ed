import { makeDatabase } from "@howzat/postgres/testing"
import { oneDatabasePerFile } from "./file-database"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import {
  instantWinGroupsDatabaseFacts,
  instantWinGroupsOnDatabase,
} from "./instant-win-groups.database"

const database = oneDatabasePerFile(() => makeDatabase({}))

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
