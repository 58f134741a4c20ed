import { openSuiteDatabaseOnPostgres } from "./harness"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import { instantWinGroupsOnDatabase } from "./instant-win-groups.database"

instantWinGroupsContract(
  "instant-win groups on PostgreSQL (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(openSuiteDatabaseOnPostgres),
)
