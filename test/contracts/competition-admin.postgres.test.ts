import { competitionAdminContract } from "./competition-admin.contract"
import { competitionAdminOnDatabase } from "./competition-admin.database"
import { openPostgres } from "./harness"

competitionAdminContract("staff's competitions on PostgreSQL", () =>
  competitionAdminOnDatabase(openPostgres),
)
