import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminDatabaseFacts, catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

catalogueAdminContract("staff's categories and attribute types on PostgreSQL", () =>
  catalogueAdminOnDatabase(database),
)
catalogueAdminDatabaseFacts(
  "staff's catalogue writes through the use cases on PostgreSQL",
  database,
)
