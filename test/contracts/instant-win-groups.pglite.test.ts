import { openMigratedPglite } from "../support/suite-database"
import { instantWinGroupsContract } from "./instant-win-groups.contract"
import { instantWinGroupsOnDatabase } from "./instant-win-groups.database"

instantWinGroupsContract(
  "instant-win groups on PGlite (the InstantWinGroupStore adapter)",
  instantWinGroupsOnDatabase(openMigratedPglite),
)
