import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import {
  instantWinGroupsDatabaseFacts,
  instantWinGroupsOnDatabase,
} from "./instant-win-groups.database"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

instantWinGroupsContract(
  "instant-win groups on PostgreSQL (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(database.open),
)
instantWinGroupsDatabaseFacts(
  "instant-win groups through staff's use case on PostgreSQL",
  database.open,
  { raceBehindTheRow: true },
)
