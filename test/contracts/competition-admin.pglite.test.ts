import { competitionAdminContract } from "./competition-admin.contract"
import { competitionAdminOnDatabase } from "./competition-admin.database"
import { openPglite } from "./harness"

competitionAdminContract("staff's competitions on PGlite", () =>
  competitionAdminOnDatabase(openPglite),
)
