import { oneDatabasePerFile, openPostgres } from "./harness"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import {
  instantWinGroupsDatabaseFacts,
  instantWinGroupsOnDatabase,
} from "./instant-win-groups.database"

const database = oneDatabasePerFile(openPostgres)

instantWinGroupsContract(
  "instant-win groups on PostgreSQL (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(database),
)
instantWinGroupsDatabaseFacts(
  "instant-win groups through staff's use case on PostgreSQL",
  database,
  { raceBehindTheRow: true },
)
